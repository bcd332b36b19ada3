// The server reactions as `npm start` runs them: the built Cloud Functions in firebase-tools'
// Functions emulator, fired by the local backend's document events (DECISIONS.md, "Where the
// server reactions run"). The codebase loads as a deploy discovers it; each trigger reacts to the
// writes production would deliver to it; and what production's delivery means holds here too:
// a reaction requested while the functions are down is run by the sweep once they are back, and
// a write delivered twice does its work once.

import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderDetails } from '../../domain/documents';
import { eventually, storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { startReactions, type Reactions } from '../support/reactions';
import { addressOf } from '../support/smtpCatcher';
import { EVENT, KIM, OFFICE, reactionPresenter } from './reactionFixtures';

const projectId = uniqueProjectId('functions-emulator');
const admin = useAdminDb(projectId);
const firestoreHost = () => process.env.FIRESTORE_EMULATOR_HOST ?? '';
/** Loading the codebase and a function's first process take seconds; on a busy machine, more. */
const START_TIMEOUT = 180_000;
const RUN_TIMEOUT = 60_000;

const OLD: ProviderDetails = { first_name: 'Olu', last_name: 'Dane', email: 'olu@example.com', company: 'Dane Capital' };
const settings = { from: OFFICE.email, organisation: 'Polytechnic' };

let reactions: Reactions;
beforeAll(async () => {
  reactions = await startReactions(projectId, settings);
}, START_TIMEOUT);
afterAll(async () => {
  await reactions?.stop();
});
afterEach(() => {
  reactions.smtp.mails.length = 0;
});

/** The backend's view of this project's triggers, and how many of its events are still on their way. */
async function backendTriggers(): Promise<{
  triggers: { id: string; eventType: string; document: { value: string } }[];
  pendingEvents: number;
}> {
  const reply = await fetch(`http://${firestoreHost()}/emulator/v1/projects/${projectId}/eventarcTrigger`);
  return (await reply.json()) as never;
}

/**
 * One presenter, Ada, rated 5 by Kim in this run's answers; the event's earlier final match (a run
 * before Kim answered) still names Olu.
 */
async function seedMatching(db: Firestore): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc('questions/q-market'), { question_number: 1, type: 'stars', title: 'Market access' });
  batch.set(db.doc('presenters/p-ada'), reactionPresenter('Ada', 'Okafor', 'PulseLoop'));
  batch.set(db.doc('providers/prov-kim'), { ...KIM, phone: '', terms_accepted: true });
  batch.set(
    db.doc(`events/${EVENT}`),
    storedEvent({ rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] } }),
  );
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

const eventData = async (db: Firestore) => (await db.doc(`events/${EVENT}`).get()).data() ?? {};

/** Writes a presenter and an event whose one round is theirs, and waits for the roster function to list their company. */
async function rosterBuilt(
  db: Firestore,
  eventId: string,
  presenterId: string,
  [first, last, company]: [string, string, string],
): Promise<void> {
  await db.doc(`presenters/${presenterId}`).set(reactionPresenter(first, last, company));
  await db
    .doc(`events/${eventId}`)
    .set(storedEvent({ rounds: { round_1: [{ presenter_id: presenterId, first_name: first, last_name: last }] } }));
  await eventually(
    async () => expect((await db.doc(`rosters/${eventId}`).get()).data()).toEqual({ companies: { [presenterId]: company } }),
    RUN_TIMEOUT,
  );
}

describe('loading the codebase', () => {
  it('loads the functions a deploy declares and registers each Firestore trigger with the backend', async () => {
    expect(reactions.functions.functions.map((fn) => fn.name).sort()).toEqual([
      'onEmailReviewWritten',
      'onEventUpdated',
      'onEventWritten',
      'onInviteWritten',
      'onMeetingRequested',
      'onMeetingScheduleWritten',
      'onMeetingWritten',
      'onPresenterWritten',
      'onSignInLinkRequested',
      'sweepReactions',
    ]);
    expect(reactions.functions.functions.find((fn) => fn.name === 'sweepReactions')?.schedule).toBe('every 10 minutes');
    const { triggers } = await backendTriggers();
    expect(
      triggers.map(({ id, eventType, document }) => `${id} ${eventType.replace(/^.*\.v1\./, '')} ${document.value}`).sort(),
    ).toEqual([
      'us-central1-onEmailReviewWritten-0 written email_reviews/{eventId}',
      'us-central1-onEventUpdated-0 updated events/{eventId}',
      'us-central1-onEventWritten-0 written events/{eventId}',
      'us-central1-onInviteWritten-0 written invites/{inviteId}',
      'us-central1-onMeetingRequested-0 created meeting_requests/{requestId}',
      'us-central1-onMeetingScheduleWritten-0 written meeting_schedules/{eventId}',
      'us-central1-onMeetingWritten-0 written meetings/{meetingId}',
      'us-central1-onPresenterWritten-0 written presenters/{presenterId}',
      'us-central1-onSignInLinkRequested-0 created sign_in_link_requests/{requestId}',
    ]);
  });
});

describe('the triggers', () => {
  it('build an event’s roster from its rounds and follow a presenter’s new company', async () => {
    const db = admin();
    await rosterBuilt(db, 'spring', 'p-ada', ['Ada', 'Okafor', 'PulseLoop']);

    await db.doc('presenters/p-ada').update({ company: 'PulseLoop Health' });
    await eventually(
      async () => expect((await db.doc('rosters/spring').get()).data()).toEqual({ companies: { 'p-ada': 'PulseLoop Health' } }),
      RUN_TIMEOUT,
    );
  });

  it('mail a requested invite once, and record it as sent', async () => {
    const db = admin();
    const ref = db.collection('invites').doc();
    await ref.set({
      email: 'nia@example.com',
      created_by: 'admin-uid',
      created_at: FieldValue.serverTimestamp(),
      signup_url: `http://127.0.0.1:5173/signup?c=${ref.id}`,
      mail_requested_at: FieldValue.serverTimestamp(),
    });
    await eventually(async () => expect((await ref.get()).data()?.mail_status).toMatchObject({ state: 'sent' }), RUN_TIMEOUT);
    expect(reactions.smtp.mails.map(addressOf)).toEqual(['nia@example.com']);
    expect(reactions.smtp.mails[0]?.text).toContain(`/signup?c=${ref.id}`);
  });

  it('answer a meeting request on the request, booking the matched pair’s slot, and mail both the invite once accepted', async () => {
    const db = admin();
    await db.doc('events/meet').set({
      ...storedEvent(),
      meetings: {
        enabled: true,
        start_time: Timestamp.fromMillis(Date.UTC(2030, 4, 1, 20)),
        slot_minutes: 10,
        slots: 3,
        places: ['Table 1'],
        max_per_person: 2,
      },
    });
    await db.doc('presenters/p-ada').set(reactionPresenter('Ada', 'Okafor', 'PulseLoop'));
    await db.doc('providers/v-bo').set({ first_name: 'Bo', last_name: 'Lind', email: 'bo@example.org', company: 'Nordic Care' });
    await db
      .doc('final_matches/meet_p-ada')
      .set({ event_id: 'meet', presenter_id: 'p-ada', matched_providers: [{ provider_id: 'v-bo' }] });
    const ref = await db.collection('meeting_requests').add({
      event_id: 'meet',
      presenter_id: 'p-ada',
      provider_id: 'v-bo',
      action: 'request',
      slot: 2,
      by: 'provider',
      requested_at: FieldValue.serverTimestamp(),
    });
    await eventually(async () => expect((await ref.get()).get('outcome')).toMatchObject({ state: 'done' }), RUN_TIMEOUT);
    expect((await db.doc('meetings/meet_p-ada_v-bo').get()).data()).toMatchObject({
      slot: 2,
      place: 'Table 1',
      status: 'requested',
    });

    await db.collection('meeting_requests').add({
      event_id: 'meet',
      presenter_id: 'p-ada',
      provider_id: 'v-bo',
      action: 'accept',
      by: 'presenter',
      requested_at: FieldValue.serverTimestamp(),
    });
    const meeting = db.doc('meetings/meet_p-ada_v-bo');
    await eventually(
      async () => expect((await meeting.get()).get('invites')).toMatchObject({ '0-request': { state: 'sent' } }),
      RUN_TIMEOUT,
    );
    expect(reactions.smtp.mails.map(addressOf).sort()).toEqual(['ada@example.com', 'bo@example.org']);
    expect(reactions.smtp.mails.map((mail) => mail.attachments.some((part) => part.contentType === 'text/calendar'))).toEqual([
      true,
      true,
    ]);
  });

  it('run matching and then the result e-mails raised in one write, the mails carrying the new matches', async () => {
    const db = admin();
    await seedMatching(db);
    await db.doc(`events/${EVENT}`).update({ is_matching: true, is_emailing: true });

    await eventually(async () => expect((await eventData(db)).emailing_status).toMatchObject({ state: 'done' }), RUN_TIMEOUT);
    const event = await eventData(db);
    expect(event).toMatchObject({ is_matching: false, is_emailing: false, matching_status: { state: 'done' } });
    expect(event.emailing_status).toMatchObject({ counts: { sent: 2, failed: 0, total: 2 } });
    expect(reactions.smtp.mails.map(addressOf).sort()).toEqual(['ada@example.com', KIM.email]);
    const toAda = reactions.smtp.mails.find((sent) => addressOf(sent) === 'ada@example.com');
    expect(toAda?.text).toContain(KIM.email);
    expect(toAda?.text).not.toContain(OLD.email);
  });
});

describe('delivery as production means it', () => {
  it(
    'runs a reaction requested while the functions were down once the sweep runs after they are back',
    async () => {
      const db = admin();
      await seedMatching(db);
      await reactions.functions.kill();
      try {
        await db.doc(`events/${EVENT}`).update({ is_matching: true });
        // The backend tries the lost event a few times, then gives it up.
        await eventually(async () => expect((await backendTriggers()).pendingEvents).toBe(0), RUN_TIMEOUT);
        expect(await eventData(db)).toMatchObject({ is_matching: true });
        expect((await eventData(db)).matching_status).toBeUndefined();
      } finally {
        reactions = await startReactions(projectId, settings);
      }
      // Back, the functions hear of no new write: the request waits for the sweep.
      expect((await eventData(db)).matching_status).toBeUndefined();
      await reactions.functions.runScheduled('sweepReactions');
      expect(await eventData(db)).toMatchObject({ is_matching: false, matching_status: { state: 'done' } });
      expect(reactions.log.some((line) => line.includes('Sweep: matching is still requested.'))).toBe(true);
    },
    START_TIMEOUT,
  );

  it('sends the result e-mails once when the write that requested them is delivered twice', async () => {
    const db = admin();
    await seedMatching(db);
    // Kim rated Ada, so Kim's address is one the result e-mails may go to (a provider who never
    // rated gets none).
    await db
      .doc(`final_matches/${EVENT}_p-ada`)
      .update({ matched_providers: [{ provider_id: 'prov-kim', provider_details: KIM }] });
    // Between the backend and the functions, every event is delivered a second time once the
    // first delivery is answered, with the same id and data, as an at-least-once delivery may.
    const answers: number[] = [];
    const forward = (req: http.IncomingMessage, body: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const onward = http.request(
          `http://${reactions.functions.address}${req.url}`,
          { method: 'POST', headers: req.headers },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        onward.on('error', reject);
        onward.end(body);
      });
    const twice = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        void (async () => {
          const first = await forward(req, body);
          const second = await forward(req, body);
          if (req.headers['ce-document'] === `events/${EVENT}` && req.url?.includes('onEventUpdated'))
            answers.push(first, second);
          res.writeHead(first).end();
        })().catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => twice.listen(0, '127.0.0.1', resolve));
    const point = (address: string) =>
      fetch(`http://${firestoreHost()}/emulator/v1/projects/${projectId}:functionsEmulator`, {
        method: 'PUT',
        body: JSON.stringify({ address }),
      });
    await point(`127.0.0.1:${(twice.address() as AddressInfo).port}`);
    try {
      await db.doc(`events/${EVENT}`).update({ is_emailing: true });
      await eventually(async () => expect((await eventData(db)).emailing_status).toMatchObject({ state: 'done' }), RUN_TIMEOUT);
      await eventually(async () => expect((await backendTriggers()).pendingEvents).toBe(0), RUN_TIMEOUT);
    } finally {
      await point(reactions.functions.address);
      twice.closeAllConnections();
      await new Promise((resolve) => twice.close(resolve));
    }
    // The function ran for both deliveries of the write (and of its own status writes)...
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.every((status) => status === 200)).toBe(true);
    // ...and each person got one mail.
    expect(reactions.smtp.mails.map(addressOf).sort()).toEqual(['ada@example.com', KIM.email]);
    expect((await eventData(db)).emailing_status).toMatchObject({ counts: { sent: 2, failed: 0, total: 2 } });
  });
});

describe('stopping', () => {
  it('leaves nothing behind in the machine’s temporary folder', async () => {
    // A function runs, in a process of its own listening on a socket (firebase-tools' fire_emu_*.sock).
    await rosterBuilt(admin(), 'autumn', 'p-sam', ['Sam', 'Rivera', 'Rivera Labs']);
    const { tmpDir } = reactions.functions;
    expect(readdirSync(tmpDir).filter((name) => name.startsWith('fire_emu_')).length).toBeGreaterThan(0);
    await reactions.functions.stop();
    expect(existsSync(tmpDir)).toBe(false);
  });
});
