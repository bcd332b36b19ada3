// The sign-in links in the result e-mails, against a real SMTP catcher, firebase-admin on the local
// backend and the Auth emulator (docs/email.md, "Sign-in links"): the presenter's account (uid =
// their presenter id) is bound to their address, or made for a presenter an admin added without an
// invite; the mail's link to their feedback page signs in to exactly that account; a provider's link
// opens /results as the provider who rated; an address another account holds gets no link; and a
// fresh link on request goes only to a bound address, at most once a minute.

import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PresenterDetails, ProviderDetails } from '../../domain/documents';
import { sendFreshSignInLink } from '../../functions/src/emails/freshSignInLink';
import { runEmailing } from '../../functions/src/emails/runEmailing';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { storedEvent, useAdminDb } from '../db/appDb';
import { authProjectId } from '../support/adminAccount';
import { authEmulator, uniqueProjectId } from '../support/emulators';
import { storedFeedback } from '../support/fixtures';
import { addressOf, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import { EVENT, mailTo, OFFICE, setAnswer } from './reactionFixtures';

const projectId = uniqueProjectId('sign-in-links');
const admin = useAdminDb(projectId);
const APP_URL = 'http://127.0.0.1:5000';

// The Auth emulator signs web clients in to its default project, whatever the Firestore project:
// the accounts live there, so each test's people carry ids and addresses of their own.
let app: App;
let auth: Auth;
beforeAll(async () => {
  app = initializeApp({ projectId: await authProjectId() }, `sign-in-links-${projectId}`);
  auth = getAuth(app);
});
afterAll(() => deleteApp(app));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(): Promise<SmtpCatcher> {
  const catcher = await startSmtpCatcher();
  cleanups.push(() => catcher.close());
  return catcher;
}

function mailer(port: number): Mailer {
  const made = createMailer({
    host: '127.0.0.1',
    port,
    secure: false,
    from: OFFICE.email,
    organisation: 'Office',
    appUrl: APP_URL,
  });
  cleanups.push(() => made.close());
  return made;
}

interface People {
  ada: PresenterDetails & { id: string };
  lin: PresenterDetails & { id: string };
  kim: ProviderDetails & { id: string };
}

const person = (first_name: string, tag: string) => ({
  first_name,
  last_name: 'Okafor',
  email: `${first_name.toLowerCase()}-${tag}@example.com`,
  company: 'PulseLoop',
});

/**
 * Ada (signed up by invite: an anonymous account of her presenter id) and Lin (added by an admin:
 * no account) matched Kim, who rated Ada and has an anonymous account of her provider id.
 */
async function seed(db: Firestore): Promise<People> {
  const tag = randomUUID().slice(0, 8);
  const presenter = (first_name: string) => ({
    ...person(first_name, tag),
    linkedin_url: null,
    profile_url: null,
    id: `p-${first_name.toLowerCase()}-${tag}`,
  });
  const people: People = { ada: presenter('Ada'), lin: presenter('Lin'), kim: { ...person('Kim', tag), id: `prov-kim-${tag}` } };
  const { id: kimId, ...kimDetails } = people.kim;
  const rounds = {
    round_1: [people.ada, people.lin].map(({ id, first_name, last_name }) => ({ presenter_id: id, first_name, last_name })),
  };
  const batch = db.batch();
  batch.set(db.collection('events').doc(EVENT), { ...storedEvent({ rounds }), share_feedback: true, is_emailing: true });
  for (const { id, ...details } of [people.ada, people.lin]) {
    batch.set(db.doc(`final_matches/${EVENT}_${id}`), {
      event_id: EVENT,
      presenter_id: id,
      presenter_details: details,
      matched_providers: [{ provider_id: kimId, provider_details: kimDetails }],
    });
    batch.set(db.doc(`events/${EVENT}/feedback/${id}`), storedFeedback(id, { event_id: EVENT }));
  }
  setAnswer(batch, db, EVENT, [kimId, people.ada.id, 'q-team', 5, null]);
  await batch.commit();
  await auth.createUser({ uid: people.ada.id });
  await auth.createUser({ uid: kimId });
  return people;
}

/** The sign-in link in a mail's plain text, if any. */
const linkIn = (text: string): URL | null => {
  const found = /http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/.exec(text);
  return found ? new URL(found[0]) : null;
};

/** Signs in with the link's code as the app does (the Auth emulator's REST API); resolves the account's uid. */
async function signInWith(link: URL, email: string): Promise<string> {
  const { host, port } = authEmulator();
  const res = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, oobCode: link.searchParams.get('oobCode') }),
    },
  );
  const body = (await res.json()) as { localId?: string; error?: { message: string } };
  if (!body.localId) throw new Error(body.error?.message ?? `status ${res.status}`);
  return body.localId;
}

describe('the result mails’ sign-in links', () => {
  it('sign a presenter in to the account of their presenter id, made for one added without an invite, and land on their feedback', async () => {
    const db = admin();
    const catcher = await smtp();
    const { ada, lin } = await seed(db);

    expect(await runEmailing(db, EVENT, mailer(catcher.port), { auth })).toMatchObject({ state: 'done', sentNow: 3 });

    for (const presenter of [ada, lin]) {
      const link = linkIn(mailTo(catcher, presenter.email).text ?? '');
      expect(link?.searchParams.get('mode')).toBe('signIn');
      expect(link?.searchParams.get('continueUrl')).toBe(`${APP_URL}/feedback/${EVENT}`);
      expect((await auth.getUser(presenter.id)).email).toBe(presenter.email);
      expect(await signInWith(link as URL, presenter.email)).toBe(presenter.id);
    }
    // A link works once.
    const used = linkIn(mailTo(catcher, ada.email).text ?? '') as URL;
    await expect(signInWith(used, ada.email)).rejects.toThrow(/INVALID_OOB_CODE/);
  });

  it("signs a provider in to the profile that rated, landing on /results; another presenter's address does not open it", async () => {
    const db = admin();
    const catcher = await smtp();
    const { ada, kim } = await seed(db);
    await runEmailing(db, EVENT, mailer(catcher.port), { auth });

    const link = linkIn(mailTo(catcher, kim.email).text ?? '') as URL;
    expect(link.searchParams.get('continueUrl')).toBe(`${APP_URL}/results`);
    await expect(signInWith(link, ada.email)).rejects.toThrow(/INVALID_EMAIL/);
    expect(await signInWith(linkIn(mailTo(catcher, kim.email).text ?? '') as URL, kim.email)).toBe(kim.id);
  });

  it('puts no sign-in link in the mail of an address another account holds', async () => {
    const db = admin();
    const catcher = await smtp();
    const { lin } = await seed(db);
    await auth.createUser({ uid: `someone-else-${lin.id}`, email: lin.email });

    await runEmailing(db, EVENT, mailer(catcher.port), { auth });

    const text = mailTo(catcher, lin.email).text ?? '';
    expect(linkIn(text)).toBeNull();
    expect(text).toContain(`${APP_URL}/feedback/${EVENT}`);
    await expect(auth.getUser(lin.id)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });
});

describe('a fresh sign-in link on request', () => {
  async function ask(db: Firestore, email: string, page = `/feedback/${EVENT}`): Promise<string> {
    const ref = await db.collection('sign_in_link_requests').add({ email, page, requested_at: new Date() });
    return ref.id;
  }

  it('mails a bound address a new link to the page, once a minute at most, and nobody without an account', async () => {
    const db = admin();
    const catcher = await smtp();
    const { ada } = await seed(db);
    const sender = mailer(catcher.port);
    await runEmailing(db, EVENT, sender, { auth });
    const before = catcher.mails.length;

    expect(await sendFreshSignInLink(db, auth, await ask(db, ada.email.toUpperCase()), sender)).toEqual({ state: 'sent' });
    const fresh = catcher.mails.slice(before).filter((mail) => addressOf(mail) === ada.email);
    expect(fresh.map((mail) => mail.subject)).toEqual(['Your sign-in link from Office']);
    const link = linkIn(fresh[0]?.text ?? '') as URL;
    expect(link.searchParams.get('continueUrl')).toBe(`${APP_URL}/feedback/${EVENT}`);
    expect(await signInWith(link, ada.email)).toBe(ada.id);

    // Again within the minute: nothing sent, the request says why.
    const again = await ask(db, ada.email);
    expect(await sendFreshSignInLink(db, auth, again, sender)).toEqual({ state: 'throttled' });
    expect((await db.doc(`sign_in_link_requests/${again}`).get()).get('state')).toBe('throttled');
    // A stranger's address, or a page outside the app: nothing sent.
    expect(await sendFreshSignInLink(db, auth, await ask(db, `nobody-${ada.id}@example.org`), sender)).toEqual({
      state: 'no-account',
    });
    const outside = await ask(db, `other-${ada.id}@example.org`, 'https://elsewhere.example/');
    expect(await sendFreshSignInLink(db, auth, outside, sender)).toMatchObject({ state: 'failed' });
    expect(catcher.mails.length).toBe(before + 1);
    // A request already served is not served again.
    expect(await sendFreshSignInLink(db, auth, again, sender)).toEqual({ state: 'skipped' });
  });
});
