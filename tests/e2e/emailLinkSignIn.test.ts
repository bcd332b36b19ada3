// The result e-mails' sign-in links in Debian's Chromium, on the built app against the local
// backend (the project's rules in force) and the Auth emulator, with the mails read from a real
// SMTP catcher: a presenter signs up through her invite on one browser, her result e-mail's link
// opened on a second, fresh browser asks for her address and shows her feedback; a second
// presenter's link (added by an admin, without an invite) shows his own, never hers; a provider
// opens his matches on a fresh browser, Your Matches naming the presenter he matched; and a link
// used once asks again, says it is used and sends a fresh one to the same address, which signs in.
// The reactions' code runs in this process with an Admin Auth of the Auth emulator's default
// project, where the emulator signs web clients in (the Functions emulator's would be the test's
// own project). Screenshots:
// tests/artifacts/email-link-sign-in-360.png and presenter-feedback-from-link-1280.png.

import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFreshSignInLink } from '../../functions/src/emails/freshSignInLink';
import { runEmailing } from '../../functions/src/emails/runEmailing';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { runMatching } from '../../functions/src/matching/runMatching';
import { storedEvent } from '../db/appDb';
import { authProjectId, createAccount, type TestAccount } from '../support/adminAccount';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { signUpByInvite } from '../support/presenterSignup';
import { loadFirestoreRules } from '../support/projectRules';
import { addressOf, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import { setAnswer } from '../functions/reactionFixtures';
import { PAGE_WAIT_MS } from '../support/browser';

const projectId = uniqueProjectId('e2e-email-link');
const bed = useBuiltApp(projectId);
const EVENT = 'spring-session';
const INVITE = `invite${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const OFFICE = { first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu', company: 'Polytechnic' };
// The Auth emulator's accounts are shared by every test file: addresses and ids of this file's own.
const TAG = randomUUID().slice(0, 8);
const ADA_EMAIL = `ada-${TAG}@example.com`;
const LIN = { id: `p-lin-${TAG}`, email: `lin-${TAG}@example.com` };
const KIM = { id: `prov-kim-${TAG}`, email: `kim-${TAG}@example.com` };

let account: TestAccount;
let authApp: App;
let smtp: SmtpCatcher | undefined;
let mailer: Mailer | undefined;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
  authApp = initializeApp({ projectId: await authProjectId() }, `e2e-email-link-${TAG}`);
}, 60_000);
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await deleteApp(authApp);
});

/** Signs Ada up through her invite on `page`; returns her presenter id (her anonymous uid). */
async function signUpAda(page: Page): Promise<string> {
  const { admin, app } = bed();
  return signUpByInvite(page, { db: admin.db, appUrl: app.url, inviteId: INVITE, email: ADA_EMAIL, createdBy: account.uid });
}

/**
 * The event with Ada and Lin (added by an admin), the questions, Kim's profile (an anonymous
 * account) and the answers; then matching with feedback shared, and the result e-mails with
 * sign-in links to the built app.
 */
async function runEvent(ada: string): Promise<void> {
  const { admin, app } = bed();
  const { db } = admin;
  await getAuth(authApp).createUser({ uid: KIM.id });
  const batch = db.batch();
  batch.set(db.doc(`events/${EVENT}`), {
    ...storedEvent({
      rounds: {
        round_1: [
          { presenter_id: ada, first_name: 'Ada', last_name: 'Okafor' },
          { presenter_id: LIN.id, first_name: 'Lin', last_name: 'Chen' },
        ],
      },
    }),
    share_feedback: true,
    is_matching: true,
  });
  batch.set(db.doc(`presenters/${LIN.id}`), { first_name: 'Lin', last_name: 'Chen', email: LIN.email, company: 'Chen Labs' });
  batch.set(db.doc(`providers/${KIM.id}`), {
    first_name: 'Kim',
    last_name: 'Park',
    email: KIM.email,
    company: 'Northwind Health',
    phone: '',
    terms_accepted: true,
  });
  batch.set(db.doc('questions/q-market'), {
    question_number: 1,
    type: 'stars',
    title: 'Market access',
    questions: 'Market',
    question: 'Market',
  });
  const answers: [string, string, number][] = [
    [KIM.id, ada, 5],
    ['lee', ada, 4],
    ['noa', ada, 4],
    ['lee', LIN.id, 2],
  ];
  for (const [provider, presenter, rating] of answers) {
    setAnswer(batch, db, EVENT, [provider, presenter, 'q-market', rating, provider === KIM.id ? 'Strong pilot data.' : null]);
  }
  await batch.commit();
  expect(await runMatching(db, EVENT, { fallback: OFFICE })).toMatchObject({ state: 'done' });
  smtp = await startSmtpCatcher();
  mailer = createMailer({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    from: OFFICE.email,
    organisation: 'Office',
    appUrl: app.url,
  });
  await db.doc(`events/${EVENT}`).update({ is_emailing: true });
  expect(await runEmailing(db, EVENT, mailer, { auth: getAuth(authApp) })).toMatchObject({ state: 'done' });
}

const inbox = () => {
  if (!smtp) throw new Error('The mail catcher starts with the event.');
  return smtp.mails;
};

/** Serves the fresh sign-in link requests the page writes, as onSignInLinkRequested does. */
async function serveFreshLinkRequests(): Promise<void> {
  const { db } = bed().admin;
  await expect
    .poll(async () => (await db.collection('sign_in_link_requests').get()).size, { timeout: PAGE_WAIT_MS })
    .toBeGreaterThan(0);
  for (const request of (await db.collection('sign_in_link_requests').get()).docs) {
    await sendFreshSignInLink(db, getAuth(authApp), request.id, mailer as Mailer);
  }
}

/** The sign-in link in the `nth` e-mail (from 1) to `email`. */
function linkTo(email: string, nth = 1): string {
  const mails = inbox().filter((mail) => addressOf(mail) === email);
  expect(mails.length, `mails to ${email}`).toBe(nth);
  const link = /http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/.exec(mails[nth - 1]?.text ?? '')?.[0];
  if (!link) throw new Error(`The mail to ${email} carries no sign-in link.`);
  return link;
}

/** Opens `link` on a fresh browser, gives `email` when asked, and returns the page. */
async function openLink(browser: Browser, link: string, email: string, width = 360): Promise<Page> {
  const { page } = await openPhone(browser, { viewport: { width, height: width === 360 ? 740 : 900 } });
  await page.goto(link);
  await page.getByRole('heading', { name: 'Sign in to see your results' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

describe('sign-in links in the result e-mails', () => {
  it('open each presenter’s own feedback and a provider’s matches on a fresh browser; a used link asks again and sends a fresh one', async () => {
    const { browser } = bed();
    const phone = await openPhone(browser);
    const pages: Page[] = [];
    try {
      const ada = await signUpAda(phone.page);
      await runEvent(ada);

      // Ada opens her link at her desk: a browser that never saw her.
      const adaLink = linkTo(ADA_EMAIL);
      const desk = await openLink(browser, adaLink, ADA_EMAIL, 1280);
      pages.push(desk);
      await desk.getByRole('heading', { name: 'Your pitch feedback' }).waitFor();
      const market = desk.getByRole('region', { name: 'Market access' });
      await market.getByText('of 5 from 3 ratings').waitFor();
      expect(await market.textContent()).toContain('Strong pilot data.');
      expect(new URL(desk.url()).search).toBe('');
      await checkPage(desk, 1280, 'presenter-feedback-from-link');

      // Lin, added by an admin without an invite, reads his own: never Ada's.
      const lin = await openLink(browser, linkTo(LIN.email), LIN.email);
      pages.push(lin);
      await lin.getByRole('heading', { name: 'Your pitch feedback' }).waitFor();
      await lin.getByRole('region', { name: 'Market access' }).getByText('Not enough ratings to share').waitFor();
      expect(await lin.locator('main').textContent()).not.toContain('Strong pilot data.');

      // Kim, the provider who rated Ada, finds her under Your Matches on a fresh browser.
      const kim = await openLink(browser, linkTo(KIM.email), KIM.email);
      pages.push(kim);
      await kim
        .getByRole('region', { name: 'Your Matches' })
        .getByRole('button', { name: /^Ada Okafor/ })
        .waitFor();

      // Ada's link again, on yet another browser: used, it asks for the address and says so.
      const again = await openLink(browser, adaLink, ADA_EMAIL);
      pages.push(again);
      await again.getByText('This sign-in link has been used or has expired.', { exact: false }).waitFor();
      await checkPage(again, 360, 'email-link-sign-in');

      // It offers a fresh link to the same address; that one signs in.
      await again.getByRole('button', { name: 'Send me a fresh link' }).click();
      await again.getByText('If this address received results from us, a fresh link is on its way.', { exact: false }).waitFor();
      await serveFreshLinkRequests();
      await expect.poll(() => inbox().filter((mail) => addressOf(mail) === ADA_EMAIL).length, { timeout: PAGE_WAIT_MS }).toBe(2);
      const freshly = await openLink(browser, linkTo(ADA_EMAIL, 2), ADA_EMAIL);
      pages.push(freshly);
      await freshly.getByRole('heading', { name: 'Your pitch feedback' }).waitFor();
    } finally {
      await phone.context.close();
      for (const page of pages) await page.context().close();
    }
  }, 240_000);
});
