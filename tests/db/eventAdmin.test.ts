// The admin's event records with the real web SDK, signed in as an admin, against the local
// backend: creating an event with two logos uploaded to Storage, the live dashboard list, editing
// the round count (dropped rounds give their presenters back) and a logo's extension, deleting an
// event with its logos, answers, final matches and match reasons (in batches) and nothing of
// another event's, and a signed-in non-admin refused by firestore.rules.

import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookMeeting } from '../../functions/src/meetings/booking';
import type { Event } from '../../src/types/event';
import { PNG_1X1 } from '../support/fixtures';
import { eventually, newTwoRoundEvent, pointAppAtEmulators, storeEvent, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-event-admin');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { createEvent, deleteEvent, updateEvent, watchEvents } = await import('../../src/db/eventAdmin');
type UploadProgress = import('../../src/db/eventAdmin').UploadProgress;
const adminDb = useAdminDb(projectId);
const { signInAsAdmin, signInAsNewUser } = useSignedInAdmin(projectId, auth);

// A 1×1 GIF.
const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='), (c) => c.charCodeAt(0));
const png = (name: string) => new File([PNG_1X1], name, { type: 'image/png' });
const gif = (name: string) => new File([GIF], name, { type: 'image/gif' });

const fields = {
  title: 'Med-Tech Pitch Session',
  description: 'Three-minute pitches.',
  location: 'Innovation Hub',
  startTime: new Date('2030-05-01T11:15:00Z'),
  numberOfRounds: 1,
};

const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
const lin = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };
const sam = { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' };

const stored = async (eventId: string) => (await adminDb().doc(`events/${eventId}`).get()).data();
const served = async (url: unknown) => {
  const res = await fetch(String(url));
  return { status: res.status, body: res.ok ? new Uint8Array(await res.arrayBuffer()) : null };
};

describe('createEvent', () => {
  it('stores a closed event with empty rounds and both logos uploaded, readable at the saved URLs', async () => {
    const progress: UploadProgress[] = [];
    const eventId = await createEvent({ ...fields, numberOfRounds: 2 }, { normal: png('a.png'), middle: png('b.png') }, (p) =>
      progress.push(p),
    );

    const event = await stored(eventId);
    expect(event).toMatchObject({
      title: 'Med-Tech Pitch Session',
      description: 'Three-minute pitches.',
      location: 'Innovation Hub',
      ...newTwoRoundEvent,
      is_matching: false,
      is_emailing: false,
      is_slider_open: false,
      developers: [],
    });
    expect((event?.start_time as Timestamp).toDate()).toEqual(fields.startTime);
    expect(decodeURIComponent(String(event?.normalLogo))).toContain(`event_logos/${eventId}_normal.png`);
    expect(decodeURIComponent(String(event?.middleLogo))).toContain(`event_logos/${eventId}_middle.png`);
    expect(await served(event?.normalLogo)).toEqual({ status: 200, body: PNG_1X1 });
    expect(await served(event?.middleLogo)).toEqual({ status: 200, body: PNG_1X1 });

    for (const variant of ['normal', 'middle'] as const) {
      const last = progress.filter((p) => p.variant === variant).at(-1);
      expect(last).toEqual({ variant, bytesTransferred: PNG_1X1.length, totalBytes: PNG_1X1.length });
    }
  });

  it('stores null logos and no start time when none are given', async () => {
    const eventId = await createEvent({ ...fields, startTime: null }, {});
    expect(await stored(eventId)).toMatchObject({
      start_time: null,
      normalLogo: null,
      middleLogo: null,
      rounds: { round_1: [] },
    });
  });

  it('refuses a round count other than 1, 2 or 3 before writing anything', async () => {
    await expect(createEvent({ ...fields, numberOfRounds: 4 }, {})).rejects.toThrow(RangeError);
    expect((await adminDb().collection('events').get()).size).toBe(0);
  });
});

describe('watchEvents', () => {
  it('follows every event live, by start time', async () => {
    const seen: Event[][] = [];
    const stop = watchEvents(
      (events) => seen.push(events),
      (error) => {
        throw error;
      },
    );
    try {
      await storeEvent(adminDb(), 'late', { title: 'Late', startTime: new Date('2030-06-01T09:00:00Z') });
      await storeEvent(adminDb(), 'early', { title: 'Early', startTime: new Date('2030-04-01T09:00:00Z') });
      await eventually(() => expect(seen.at(-1)?.map((event) => event.title)).toEqual(['Early', 'Late']));
      await adminDb().doc('events/late').delete();
      await eventually(() => expect(seen.at(-1)?.map((event) => event.id)).toEqual(['early']));
    } finally {
      stop();
    }
  });
});

describe('updateEvent', () => {
  it('saves the fields and adds empty rounds when the count goes up', async () => {
    await storeEvent(adminDb(), 'e1', { rounds: { round_1: [ada] }, presenterIndex: 0 });
    await updateEvent('e1', { ...fields, title: 'Renamed', location: 'Hall B', numberOfRounds: 3 }, {});
    expect(await stored('e1')).toMatchObject({
      title: 'Renamed',
      location: 'Hall B',
      number_of_rounds: 3,
      rounds: { round_1: [ada], round_2: [], round_3: [] },
      round_number: 1,
      presenter_index: 0,
    });
  });

  it('drops rounds past the new count, their presenters returning to the pool, and leaves a dropped current round', async () => {
    await storeEvent(adminDb(), 'e1', {
      rounds: { round_1: [ada], round_2: [lin], round_3: [sam] },
      roundNumber: 3,
      presenterIndex: 0,
    });
    await updateEvent('e1', { ...fields, numberOfRounds: 1 }, {});
    const event = await stored('e1');
    expect(event).toMatchObject({ number_of_rounds: 1, round_number: 1, presenter_index: -1 });
    expect(event?.rounds).toEqual({ round_1: [ada] });
  });

  it('keeps a presenter another admin added after the form opened', async () => {
    await storeEvent(adminDb(), 'e1', { rounds: { round_1: [ada] } });
    await adminDb()
      .doc('events/e1')
      .update({ rounds: { round_1: [ada, lin] } });
    await updateEvent('e1', { ...fields, numberOfRounds: 2 }, {});
    expect((await stored('e1'))?.rounds).toEqual({ round_1: [ada, lin], round_2: [] });
  });

  it('replaces a logo, deleting the file it had under another extension, and leaves the other logo', async () => {
    const eventId = await createEvent(fields, { normal: png('a.png'), middle: png('b.png') });
    const before = await stored(eventId);

    await updateEvent(eventId, fields, { normal: gif('c.gif') });

    const after = await stored(eventId);
    expect(decodeURIComponent(String(after?.normalLogo))).toContain(`event_logos/${eventId}_normal.gif`);
    expect(await served(after?.normalLogo)).toEqual({ status: 200, body: GIF });
    expect((await served(before?.normalLogo)).status).toBe(404);
    expect(after?.middleLogo).toBe(before?.middleLogo);
    expect(await served(after?.middleLogo)).toEqual({ status: 200, body: PNG_1X1 });
  });

  it('fails for an event that does not exist', async () => {
    await expect(updateEvent('missing', fields, {})).rejects.toThrow('The event missing does not exist.');
  });
});

describe('deleteEvent', () => {
  async function seedAnswersAndMatches(eventId: string, responses: number, matches: number) {
    const db = adminDb();
    for (let start = 0; start < responses; start += 400) {
      const batch = db.batch();
      for (let n = start; n < Math.min(responses, start + 400); n++) {
        batch.set(db.doc(`responses/u${n}_${eventId}_p-ada_q1`), {
          event_id: eventId,
          question_id: 'q1',
          presenter_id: 'p-ada',
          provider_id: `u${n}`,
          type: 'stars',
          rating: 5,
          comment: null,
          response: null,
          updated_at: Timestamp.now(),
        });
      }
      await batch.commit();
    }
    for (let n = 0; n < matches; n++) {
      await db.doc(`final_matches/${eventId}_m${n}`).set({
        event_id: eventId,
        presenter_id: 'p-ada',
        presenter_details: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', company: 'A' },
        matched_providers: [],
      });
      await db.doc(`match_reasons/${eventId}_m${n}`).set({
        event_id: eventId,
        presenter_id: 'p-ada',
        fallback: false,
        providers: [
          { provider_id: 'u0', score: 5, questions_answered: 1, reasons: [{ question_id: 'q1', title: 'Q1', rating: 5 }] },
        ],
      });
    }
  }

  const countFor = async (collectionName: string, eventId: string) =>
    (await adminDb().collection(collectionName).where('event_id', '==', eventId).get()).size;

  it("deletes the event, its logos, its 450 answers, its final matches and their reasons, and nothing of another event's", async () => {
    const doomed = await createEvent(fields, { normal: png('a.png'), middle: gif('b.gif') });
    const kept = await createEvent(fields, { normal: png('c.png') });
    await seedAnswersAndMatches(doomed, 450, 2);
    await seedAnswersAndMatches(kept, 3, 1);
    const doomedLogos = await stored(doomed);
    const keptLogo = (await stored(kept))?.normalLogo;

    await deleteEvent(doomed);

    expect(await stored(doomed)).toBeUndefined();
    expect(await countFor('responses', doomed)).toBe(0);
    expect(await countFor('final_matches', doomed)).toBe(0);
    expect(await countFor('match_reasons', doomed)).toBe(0);
    expect((await served(doomedLogos?.normalLogo)).status).toBe(404);
    expect((await served(doomedLogos?.middleLogo)).status).toBe(404);

    expect(await stored(kept)).toBeDefined();
    expect(await countFor('responses', kept)).toBe(3);
    expect(await countFor('final_matches', kept)).toBe(1);
    expect(await countFor('match_reasons', kept)).toBe(1);
    expect(await served(keptLogo)).toEqual({ status: 200, body: PNG_1X1 });
  });

  it("stores 'Share feedback with presenters' (off unless asked), and deletes the event's feedback but not another event's", async () => {
    const doomed = await createEvent({ ...fields, shareFeedback: true }, {});
    const kept = await createEvent(fields, {});
    expect((await stored(doomed))?.share_feedback).toBe(true);
    expect((await stored(kept))?.share_feedback).toBe(false);
    const db = adminDb();
    for (const eventId of [doomed, kept]) {
      for (const id of ['p-ada', 'p-lin']) {
        await db.doc(`events/${eventId}/feedback/${id}`).set({ event_id: eventId, presenter_id: id, questions: [] });
      }
    }

    await deleteEvent(doomed);

    expect((await db.collection(`events/${doomed}/feedback`).get()).size).toBe(0);
    expect((await db.collection(`events/${kept}/feedback`).get()).size).toBe(2);
  });

  it("deletes the event's meetings, the slots they hold, the requests about them and its Schedule all, but not another event's", async () => {
    const doomed = await createEvent(fields, {});
    const kept = await createEvent(fields, {});
    for (const eventId of [doomed, kept]) {
      expect(
        await bookMeeting(adminDb(), {
          eventId,
          presenterId: 'p-ada',
          providerId: 'u0',
          slot: 0,
          places: ['Table 1'],
          place: 'Table 1',
          slots: 4,
          maxPerPerson: 4,
          by: 'provider',
        }),
      ).toMatchObject({ booked: true });
      await adminDb().collection('meeting_requests').add({
        event_id: eventId,
        presenter_id: 'p-ada',
        provider_id: 'u0',
        action: 'cancel',
        by: 'provider',
        requested_at: new Date(),
      });
    }

    for (const eventId of [doomed, kept]) {
      await adminDb()
        .doc(`meeting_schedules/${eventId}`)
        .set({ requested_at: new Date(), requested_by: 'admin-uid', state: 'done' });
      await adminDb().doc(`meeting_boards/${eventId}`).set({ event_id: eventId, meetings: [] });
    }

    await deleteEvent(doomed);

    expect(await countFor('meetings', doomed)).toBe(0);
    expect(await countFor('meeting_slots', doomed)).toBe(0);
    expect(await countFor('meetings', kept)).toBe(1);
    expect(await countFor('meeting_slots', kept)).toBe(3);
    expect(await countFor('meeting_requests', doomed)).toBe(0);
    expect(await countFor('meeting_requests', kept)).toBe(1);
    expect((await adminDb().doc(`meeting_schedules/${doomed}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`meeting_places/${doomed}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`meeting_places/${kept}`).get()).get('presenters')).toEqual({ 'p-ada': 'Table 1' });
    expect((await adminDb().doc(`meeting_schedules/${kept}`).get()).exists).toBe(true);
    expect((await adminDb().doc(`meeting_boards/${doomed}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`meeting_boards/${kept}`).get()).exists).toBe(true);
  });

  it("deletes the event's recipients review (it names participants' addresses), but not another event's", async () => {
    const doomed = await createEvent(fields, {});
    const kept = await createEvent(fields, {});
    const db = adminDb();
    const review = { requested_at: Timestamp.now(), requested_by: 'admin', state: 'ready', recipients: [] };
    for (const eventId of [doomed, kept]) await db.doc(`email_reviews/${eventId}`).set(review);

    await deleteEvent(doomed);

    expect((await db.doc(`email_reviews/${doomed}`).get()).exists).toBe(false);
    expect((await db.doc(`email_reviews/${kept}`).get()).exists).toBe(true);
  });

  it('finishes a deletion that was cut short (the event still there, its logos already gone)', async () => {
    await storeEvent(adminDb(), 'e1');
    await seedAnswersAndMatches('e1', 5, 1);
    await deleteEvent('e1');
    await deleteEvent('e1');
    expect(await stored('e1')).toBeUndefined();
    expect(await countFor('responses', 'e1')).toBe(0);
    expect(await countFor('match_reasons', 'e1')).toBe(0);
  });
});

describe('a signed-in user without the admin claim', () => {
  beforeAll(async () => {
    await signInAsNewUser();
  });

  afterAll(async () => {
    await signInAsAdmin();
  });

  it('cannot create, edit or delete an event', async () => {
    await storeEvent(adminDb(), 'e1');
    await adminDb().doc('responses/u1_e1_p-ada_q1').set({ event_id: 'e1', provider_id: 'u1' });
    await expect(createEvent(fields, {})).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(updateEvent('e1', { ...fields, title: 'Hijacked' }, {})).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(deleteEvent('e1')).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await stored('e1')).toMatchObject({ title: 'Med-Tech Pitch Session' });
    expect((await adminDb().collection('responses').get()).size).toBe(1);
  });
});
