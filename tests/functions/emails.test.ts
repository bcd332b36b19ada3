// The result e-mails reaction against a real SMTP server (smtp-server, mails read back with
// mailparser) and firebase-admin on the local backend: an admin raising `is_emailing` gets one
// mail per presenter of the event's final matches (their providers) and one per matched provider
// (their presenters, with LinkedIn), never one to the innovation office; each send recorded in
// email_sends; the status running → done with its counts and the flag lowered; pressing twice
// sends once; refusals retried; a server down gives 'failed' and a later run sends only the rest;
// two runners at once send each mail once; the Cloud Functions (the trigger and the sweep, wrapped
// with firebase-functions-test) run it.

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PresenterDetails, ProviderDetails } from '../../domain/documents';
import { FALLBACK_PROVIDER_ID } from '../../domain/matching';
import { emailSendId, runEmailing } from '../../functions/src/emails/runEmailing';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { describeReaction } from '../../src/lib/reactionStatus';
import { openAdminDb, storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { addressOf, closedPort, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import {
  EVENT,
  finalMatch,
  KIM,
  LEE,
  mailTo,
  OFFICE,
  OTHER_EVENT,
  RUN_TIMES,
  setAnswer,
  setMailParams,
  storedEventData,
} from './reactionFixtures';

const projectId = uniqueProjectId('emails');
const admin = useAdminDb(projectId);

const ORGANISATION = 'Northfield Polytechnic Innovation Office';
const TITLE = 'Med-Tech Pitch Session';
const LOGO = 'https://cdn.example.com/events/spring/normal.png';

const presenter = (first_name: string, last_name: string, company: string): PresenterDetails => ({
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.com`,
  company,
  linkedin_url: `https://www.linkedin.com/in/${first_name.toLowerCase()}-${last_name.toLowerCase()}`,
  profile_url: null,
});
const ADA = presenter('Ada', 'Okafor', 'PulseLoop');
const LIN = presenter('Lin', 'Chen', 'Chen Diagnostics');
const SAM = presenter('Sam', 'Rivera', 'Rivera Robotics');

const NOA: ProviderDetails = { first_name: 'Noa', last_name: 'Hale', email: 'noa@example.com', company: 'Hale Ventures' };

/** Everyone the spring session's results write to: three presenters and two providers. */
const RECIPIENTS = [ADA.email, LIN.email, SAM.email, KIM.email, LEE.email];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(port?: number): Promise<SmtpCatcher> {
  const catcher = await startSmtpCatcher(port);
  cleanups.push(() => catcher.close());
  return catcher;
}

function mailer(port: number): Mailer {
  const made = createMailer({ host: '127.0.0.1', port, secure: false, from: OFFICE.email, organisation: ORGANISATION });
  cleanups.push(() => made.close());
  return made;
}

/**
 * The spring session's results as matching wrote them: Ada matched Kim and Lee, Lin matched Lee,
 * and nobody matched Sam (the innovation office is his match); Kim and Lee rated during the
 * session, as matched providers have (a provider who never rated gets no mail). The autumn
 * session's Ada matched Noa, who must get no mail from the spring session.
 */
async function seed(db: Firestore, { requested = true } = {}): Promise<void> {
  const batch = db.batch();
  batch.set(db.collection('events').doc(EVENT), { ...storedEvent({ title: TITLE }), normalLogo: LOGO, is_emailing: requested });
  batch.set(db.collection('events').doc(OTHER_EVENT), storedEvent({ title: 'Autumn Session' }));
  const matches = [
    finalMatch(EVENT, ADA, [
      ['prov-kim', KIM],
      ['prov-lee', LEE],
    ]),
    finalMatch(EVENT, LIN, [['prov-lee', LEE]]),
    finalMatch(EVENT, SAM, [[FALLBACK_PROVIDER_ID, OFFICE]]),
    finalMatch(OTHER_EVENT, ADA, [['prov-noa', NOA]]),
  ];
  for (const match of matches) batch.set(db.collection('final_matches').doc(`${match.event_id}_${match.presenter_id}`), match);
  setAnswer(batch, db, EVENT, ['prov-kim', 'p-ada', 'q-team', 5, null]);
  setAnswer(batch, db, EVENT, ['prov-lee', 'p-lin', 'q-team', 4, null]);
  await batch.commit();
}

async function sendEmails(db: Firestore): Promise<void> {
  await db.collection('events').doc(EVENT).update({ is_emailing: true });
}

/** The event's send records by recipient address. */
async function sends(db: Firestore): Promise<Record<string, Record<string, unknown>>> {
  const snapshot = await db.collection('email_sends').where('event_id', '==', EVENT).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [String(doc.get('email')), doc.data()]));
}

const recipientsOf = (catcher: SmtpCatcher): string[] => catcher.mails.map(addressOf).sort();

describe('runEmailing', () => {
  it('mails every presenter their providers and every matched provider their presenters, and records done', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db);

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    expect(outcome).toEqual({ state: 'done', counts: { sent: 5, failed: 0, total: 5 }, sentNow: 5 });
    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
    for (const mail of catcher.mails) {
      expect(mail.from).toMatchObject({ value: [{ address: OFFICE.email, name: ORGANISATION }] });
      expect(mail.html).toContain(`src="${LOGO}"`);
      expect(mail.text).toContain(TITLE);
    }

    const ada = mailTo(catcher, ADA.email);
    expect(ada.subject).toBe(`Your matches from ${TITLE}`);
    for (const part of [ada.text, ada.html]) {
      for (const text of [
        'Hello Ada,',
        'Kim Park',
        'Northwind Health',
        'kim@example.com',
        'Lee Moreau',
        'Harbor Labs',
        'lee@example.com',
      ]) {
        expect(part).toContain(text);
      }
      expect(part).not.toContain('Noa');
    }
    expect(mailTo(catcher, LIN.email).text).not.toContain('Kim Park');
    // Nobody matched Sam: the office is his contact, in the list like any match.
    const sam = mailTo(catcher, SAM.email);
    expect(sam.text).toContain('Innovation Office');
    expect(sam.text).toContain(OFFICE.email);

    const lee = mailTo(catcher, LEE.email);
    expect(lee.subject).toBe(`The presenters matched with you at ${TITLE}`);
    for (const part of [lee.text, lee.html]) {
      for (const text of [
        'Hello Lee,',
        'Ada Okafor',
        'PulseLoop',
        ADA.email,
        ADA.linkedin_url,
        'Lin Chen',
        LIN.email,
        LIN.linkedin_url,
      ]) {
        expect(part).toContain(text as string);
      }
      expect(part).not.toContain('Sam Rivera');
    }
    expect(lee.html).toContain(`href="${ADA.linkedin_url}"`);
    expect(mailTo(catcher, KIM.email).text).not.toContain('Lin Chen');

    const event = await storedEventData(db);
    expect(event.is_emailing).toBe(false);
    expect(event.emailing_status).toEqual({
      state: 'done',
      ...RUN_TIMES,
      counts: { sent: 5, failed: 0, total: 5 },
    });
    const at = event.emailing_status.at as Timestamp;
    expect(describeReaction('E-mails', false, { state: 'done', at: at.toDate(), counts: event.emailing_status.counts })).toMatch(
      /^E-mails: done at .+ \(sent: 5, failed: 0, total: 5\)$/,
    );

    const records = await sends(db);
    expect(Object.keys(records).sort()).toEqual([...RECIPIENTS].sort());
    expect(records[LEE.email]).toEqual({
      event_id: EVENT,
      role: 'provider',
      email: LEE.email,
      state: 'sent',
      at: expect.any(Timestamp),
      run_id: expect.any(String),
      attempts: 1,
      message_id: lee.messageId,
    });
    const adaRecord = await db
      .collection('email_sends')
      .doc(emailSendId(EVENT, { role: 'presenter', email: ADA.email }))
      .get();
    expect(adaRecord.data()).toMatchObject({ role: 'presenter', state: 'sent', message_id: ada.messageId });
  });

  it('sends nothing twice when Send Emails is pressed again', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db);
    const sender = mailer(catcher.port);
    await runEmailing(db, EVENT, sender);

    await sendEmails(db);
    const again = await runEmailing(db, EVENT, sender);

    expect(again).toEqual({ state: 'done', counts: { sent: 5, failed: 0, total: 5 }, sentNow: 0 });
    expect(catcher.mails).toHaveLength(5);
    expect(await storedEventData(db)).toMatchObject({ is_emailing: false, emailing_status: { state: 'done' } });
    // A run that is not requested (the flag is down) does nothing at all.
    expect(await runEmailing(db, EVENT, sender)).toEqual({ state: 'skipped' });
  });

  it('tries again when the SMTP server refuses the first attempts for one recipient, and counts it sent', async () => {
    const db = admin();
    const catcher = await smtp();
    catcher.refuse(2, KIM.email);
    await seed(db);

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    expect(outcome).toEqual({ state: 'done', counts: { sent: 5, failed: 0, total: 5 }, sentNow: 5 });
    expect(catcher.mails).toHaveLength(5);
    const records = await sends(db);
    expect(records[KIM.email]).toMatchObject({ state: 'sent', attempts: 3, message_id: mailTo(catcher, KIM.email).messageId });
    expect(records[LEE.email]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('ends failed with the counts when one recipient is refused every time, and a later run sends only that one', async () => {
    const db = admin();
    const catcher = await smtp();
    catcher.refuse(3, LEE.email);
    await seed(db);
    const sender = mailer(catcher.port);

    const outcome = await runEmailing(db, EVENT, sender);

    expect(outcome).toMatchObject({ state: 'failed', counts: { sent: 4, failed: 1, total: 5 }, sentNow: 4 });
    expect(catcher.mails).toHaveLength(4);
    const event = await storedEventData(db);
    expect(event.is_emailing).toBe(false);
    expect(event.emailing_status).toEqual({
      state: 'failed',
      ...RUN_TIMES,
      reason: expect.stringMatching(/^1 of 5 e-mails could not be sent\. First error: .*Mailbox busy/),
      counts: { sent: 4, failed: 1, total: 5 },
    });
    expect((await sends(db))[LEE.email]).toMatchObject({
      state: 'failed',
      attempts: 3,
      reason: expect.stringContaining('Mailbox busy'),
    });

    await sendEmails(db);
    const later = await runEmailing(db, EVENT, sender);

    expect(later).toEqual({ state: 'done', counts: { sent: 5, failed: 0, total: 5 }, sentNow: 1 });
    expect(catcher.mails).toHaveLength(5);
    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
    const record = (await sends(db))[LEE.email];
    expect(record).toMatchObject({ state: 'sent', attempts: 1 });
    expect(record).not.toHaveProperty('reason');
  });

  it('ends failed with the counts when the SMTP server is down for the whole run, and sends everything once it is up', async () => {
    const db = admin();
    const port = await closedPort();
    const sender = mailer(port);
    await seed(db);

    const outcome = await runEmailing(db, EVENT, sender);

    expect(outcome).toMatchObject({ state: 'failed', counts: { sent: 0, failed: 5, total: 5 }, sentNow: 0 });
    const event = await storedEventData(db);
    expect(event).toMatchObject({
      is_emailing: false,
      emailing_status: {
        state: 'failed',
        counts: { sent: 0, failed: 5, total: 5 },
        reason: expect.stringContaining('ECONNREFUSED'),
      },
    });
    const records = await sends(db);
    expect(Object.values(records).map((record) => [record.state, record.attempts])).toEqual(Array(5).fill(['failed', 3]));

    const catcher = await smtp(port);
    await sendEmails(db);
    expect(await runEmailing(db, EVENT, sender)).toMatchObject({ state: 'done', sentNow: 5 });
    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
  }, 60_000);

  it('sends each mail once when two runners take the same request at the same time', async () => {
    const db = admin();
    const other = openAdminDb(projectId);
    cleanups.push(() => other.close());
    const catcher = await smtp();
    await seed(db);

    const outcomes = await Promise.all([
      runEmailing(db, EVENT, mailer(catcher.port)),
      runEmailing(other.db, EVENT, mailer(catcher.port)),
    ]);

    expect(outcomes.map((outcome) => outcome.state).sort()).toEqual(['done', 'skipped']);
    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
  });

  it("leaves another runner's fresh claim alone, and takes it over once it is over 10 minutes old", async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db);
    const claimedAt = Timestamp.fromMillis(Date.now() - 60_000);
    const claim = { state: 'running', at: claimedAt, started_at: claimedAt, run_id: 'another-runner' };
    await db.collection('events').doc(EVENT).update({ emailing_status: claim });

    expect(await runEmailing(db, EVENT, mailer(catcher.port))).toEqual({ state: 'skipped' });
    expect(catcher.mails).toHaveLength(0);

    const elevenMinutesLater = claimedAt.toMillis() + 11 * 60_000;
    expect(await runEmailing(db, EVENT, mailer(catcher.port), { now: elevenMinutesLater })).toMatchObject({ state: 'done' });
    expect(catcher.mails).toHaveLength(5);
  });

  it('offers the presenters with a match My meetings when the event has meetings after matching', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db);
    await db.collection('events').doc(EVENT).update({ 'meetings.enabled': true });
    const withApp = createMailer({
      host: '127.0.0.1',
      port: catcher.port,
      secure: false,
      from: OFFICE.email,
      organisation: ORGANISATION,
      appUrl: 'https://pitch.example.edu',
    });
    cleanups.push(() => withApp.close());

    await runEmailing(db, EVENT, withApp);

    const meetings = `https://pitch.example.edu/meetings/${EVENT}`;
    for (const part of [mailTo(catcher, ADA.email).text, mailTo(catcher, ADA.email).html]) {
      expect(part).toContain('Book a time and a table with each of them');
      expect(part).toContain(meetings);
    }
    // Sam's only match is the innovation office, whom nobody books; providers reach My meetings from their matches.
    for (const email of [SAM.email, KIM.email]) expect(mailTo(catcher, email).text).not.toContain('/meetings/');
  });

  it('ends failed, sending nothing, when the event has no final matches yet', async () => {
    const db = admin();
    const catcher = await smtp();
    await db
      .collection('events')
      .doc(EVENT)
      .set({ ...storedEvent({ title: TITLE }), is_emailing: true });

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    const reason = 'The event has no final matches to mail: run matching first.';
    expect(outcome).toEqual({ state: 'failed', reason, counts: { sent: 0, failed: 0, total: 0 }, sentNow: 0 });
    expect(catcher.mails).toHaveLength(0);
    expect(await storedEventData(db)).toMatchObject({ is_emailing: false, emailing_status: { state: 'failed', reason } });
  });
});

describe('the Cloud Functions (wrapped with firebase-functions-test)', () => {
  const functions = functionsTest({ projectId });
  afterAll(() => functions.cleanup());

  async function smtpParams(): Promise<SmtpCatcher> {
    const catcher = await smtp();
    setMailParams(projectId, catcher.port, { from: OFFICE.email, organisation: ORGANISATION });
    return catcher;
  }

  it('onEventUpdated sends the result mails of the event whose is_emailing was raised, once however often it is delivered', async () => {
    const db = admin();
    const catcher = await smtpParams();
    await seed(db, { requested: false });
    const onEventUpdated = functions.wrap((await import('../../functions/src/index')).onEventUpdated);
    const before = await db.collection('events').doc(EVENT).get();
    await sendEmails(db);
    const after = await db.collection('events').doc(EVENT).get();

    await onEventUpdated({ params: { eventId: EVENT }, data: functions.makeChange(before, after) });
    await onEventUpdated({ params: { eventId: EVENT }, data: functions.makeChange(before, after) });

    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
    expect(catcher.mails[0]?.from).toMatchObject({ value: [{ address: OFFICE.email, name: ORGANISATION }] });
    expect(await storedEventData(db)).toMatchObject({ is_emailing: false, emailing_status: { state: 'done' } });
  });

  it('onEventUpdated sends nothing for a change that raises no flag (the flag stays up, another field changed)', async () => {
    const db = admin();
    const catcher = await smtpParams();
    await seed(db);
    const onEventUpdated = functions.wrap((await import('../../functions/src/index')).onEventUpdated);
    const before = await db.collection('events').doc(EVENT).get();
    await db.collection('events').doc(EVENT).update({ title: 'Renamed' });
    const after = await db.collection('events').doc(EVENT).get();

    await onEventUpdated({ params: { eventId: EVENT }, data: functions.makeChange(before, after) });

    expect(catcher.mails).toEqual([]);
    expect(await storedEventData(db)).not.toHaveProperty('emailing_status');
  });

  it('sweepReactions sends what a lost trigger left requested, and leaves a live claim to its runner', async () => {
    const db = admin();
    const catcher = await smtpParams();
    await seed(db);
    const busy = {
      ...storedEvent({ title: 'Busy Session' }),
      is_emailing: true,
      emailing_status: { state: 'running', at: Timestamp.now() },
    };
    await db.collection('events').doc('busy-session').set(busy);
    await db
      .collection('final_matches')
      .doc('busy-session_p-ada')
      .set(finalMatch('busy-session', ADA, [['prov-noa', NOA]]));
    const { sweepReactions } = await import('../../functions/src/index');

    // firebase-functions-test wraps event functions; a scheduled one runs with its ScheduledEvent.
    await sweepReactions.run({ scheduleTime: new Date().toISOString(), jobName: 'sweepReactions' });

    expect(recipientsOf(catcher)).toEqual([...RECIPIENTS].sort());
    expect(await storedEventData(db)).toMatchObject({ is_emailing: false, emailing_status: { state: 'done' } });
    expect((await db.collection('events').doc('busy-session').get()).data()).toMatchObject({
      is_emailing: true,
      emailing_status: { state: 'running' },
    });
  });
});
