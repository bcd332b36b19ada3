// The local worker running both server reactions from one write (DECISIONS.md, "Where the server
// reactions run"): when an admin raises is_matching and is_emailing together, the mails wait for
// the matching run and carry its new matches, never the event's earlier ones, exactly as the
// Cloud Function runs them one after the other.

import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterEach, expect, it } from 'vitest';
import type { ProviderDetails } from '../../domain/documents';
import { startWorker } from '../../functions/src/local/worker';
import { createMailer } from '../../functions/src/mail/transport';
import { eventually, storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { addressOf, startSmtpCatcher } from '../support/smtpCatcher';
import { EVENT, KIM, OFFICE, reactionPresenter } from './reactionFixtures';

const projectId = uniqueProjectId('worker');
const admin = useAdminDb(projectId);

const OLD: ProviderDetails = { first_name: 'Olu', last_name: 'Dane', email: 'olu@example.com', company: 'Dane Capital' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * One presenter, Ada, rated 5 by Kim in this run's answers; the event's earlier final match (a run
 * before Kim answered) still names Olu.
 */
async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc('questions/q-market'), { question_number: 1, type: 'stars', title: 'Market access' });
  batch.set(db.doc('presenters/p-ada'), reactionPresenter('Ada', 'Okafor', 'PulseLoop'));
  batch.set(db.doc('providers/prov-kim'), { ...KIM, phone: '', terms_accepted: true });
  batch.set(db.doc(`events/${EVENT}`), {
    ...storedEvent({ rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] } }),
  });
  batch.set(db.doc(`final_matches/${EVENT}_p-ada`), {
    event_id: EVENT,
    presenter_id: 'p-ada',
    presenter_details: {
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.com',
      company: 'PulseLoop',
      linkedin_url: '',
      profile_url: '',
    },
    matched_providers: [{ provider_id: 'prov-olu', provider_details: OLD }],
  });
  batch.set(db.doc(`responses/prov-kim_${EVENT}_p-ada_q-market`), {
    event_id: EVENT,
    question_id: 'q-market',
    presenter_id: 'p-ada',
    provider_id: 'prov-kim',
    type: 'stars',
    rating: 5,
    comment: null,
    response: null,
    updated_at: FieldValue.serverTimestamp(),
  });
  await batch.commit();
}

/** An SMTP catcher, a mailer to it, and the worker's log lines; all closed after the test. */
async function mailSetUp() {
  const catcher = await startSmtpCatcher();
  cleanups.push(() => catcher.close());
  const mail = createMailer({
    host: '127.0.0.1',
    port: catcher.port,
    secure: false,
    from: OFFICE.email,
    organisation: 'Polytechnic',
  });
  cleanups.push(() => mail.close());
  return { catcher, mail, lines: [] as string[] };
}

it('holds the result e-mails raised with matching until the matching run is done, and mails its new matches', async () => {
  const db = admin();
  await seed(db);
  const { catcher, mail, lines } = await mailSetUp();
  const worker = startWorker({ firestore: db, mail, matching: { fallback: OFFICE }, log: (line) => lines.push(line) });
  cleanups.push(() => worker.stop());

  // Start Matching and Send Emails in one write, as two admins pressing at once may leave them.
  await db.doc(`events/${EVENT}`).update({ is_matching: true, is_emailing: true });

  await eventually(() => expect(lines).toHaveLength(2), 20_000);
  expect(lines[0]).toMatch(new RegExp(`^Matching of event ${EVENT} done`));
  expect(lines[1]).toBe(`Result e-mails of event ${EVENT} done: 2 sent now, 2 of 2 sent in all`);
  expect(catcher.mails.map(addressOf).sort()).toEqual(['ada@example.com', KIM.email]);
  const toAda = catcher.mails.find((sent) => addressOf(sent) === 'ada@example.com');
  expect(toAda?.text).toContain(KIM.email);
  expect(toAda?.text).not.toContain(OLD.email);

  const event = (await db.doc(`events/${EVENT}`).get()).data() ?? {};
  expect(event).toMatchObject({ is_matching: false, is_emailing: false, matching_status: { state: 'done' } });
  expect(event.emailing_status).toMatchObject({ state: 'done', counts: { sent: 2, failed: 0, total: 2 } });
  expect(event.emailing_status.started_at.toMillis()).toBeGreaterThanOrEqual(event.matching_status.finished_at.toMillis());
});

it('sends nothing while another runner holds the matching run, then mails the matches that run wrote', async () => {
  const db = admin();
  await seed(db);
  const { catcher, mail, lines } = await mailSetUp();
  // Another runner (a Cloud Function instance, say) has claimed the matching run just now.
  await db.doc(`events/${EVENT}`).update({
    is_matching: true,
    is_emailing: true,
    matching_status: { state: 'running', at: FieldValue.serverTimestamp(), run_id: 'another-runner' },
  });
  const worker = startWorker({ firestore: db, mail, matching: { fallback: OFFICE }, log: (line) => lines.push(line) });
  cleanups.push(() => worker.stop());

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(catcher.mails).toEqual([]);
  expect(lines).toEqual([]);

  // That runner writes its results and ends its run.
  const batch = db.batch();
  batch.update(db.doc(`final_matches/${EVENT}_p-ada`), {
    matched_providers: [{ provider_id: 'prov-kim', provider_details: KIM }],
  });
  batch.update(db.doc(`events/${EVENT}`), {
    is_matching: false,
    matching_status: { state: 'done', at: FieldValue.serverTimestamp(), run_id: 'another-runner' },
  });
  await batch.commit();

  await eventually(
    () => expect(lines).toEqual([`Result e-mails of event ${EVENT} done: 2 sent now, 2 of 2 sent in all`]),
    20_000,
  );
  expect(catcher.mails.map(addressOf).sort()).toEqual(['ada@example.com', KIM.email]);
  expect(catcher.mails.some((sent) => sent.text?.includes(OLD.email))).toBe(false);
});
