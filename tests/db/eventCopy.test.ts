// 'Duplicate event' with the real web SDK, signed in as an admin, against the local backend
// (firestore.rules and storage.rules in force): the copy is a new closed event with the
// original's settings, rounds' presenters and logos (files of its own, which outlive the
// original's deletion), a week on, and none of the original's progress, answers, matches or
// e-mails; a logo that cannot be copied fails the copy with LogoCopyError and leaves nothing
// behind; a signed-in user who is not an admin is refused.

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { eventRunToTheEnd, PNG_1X1 } from '../support/fixtures';
import { pointAppAtEmulators, storedEvent, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-event-copy');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { createEvent, deleteEvent } = await import('../../src/db/eventAdmin');
const { duplicateEvent, LogoCopyError } = await import('../../src/db/eventCopy');
const { storage } = await import('../../src/db/storage');
const { listAll, ref } = await import('firebase/storage');
const adminDb = useAdminDb(projectId);
const { signInAsAdmin, signInAsNewUser } = useSignedInAdmin(projectId, auth);

const stored = async (eventId: string) => (await adminDb().doc(`events/${eventId}`).get()).data();
const served = async (url: unknown) => {
  const res = await fetch(String(url));
  return { status: res.status, body: res.ok ? new Uint8Array(await res.arrayBuffer()) : null };
};
const countFor = async (collectionName: string, eventId: string) =>
  (await adminDb().collection(collectionName).where('event_id', '==', eventId).get()).size;

const rounds = {
  round_1: [
    { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
    { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
  ],
  round_2: [{ presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' }],
};

/** An event run to the end: open, in round 2 past its last presenter, matched and mailed, with an answer and a final match. */
async function runToTheEnd(eventId: string) {
  await adminDb()
    .doc(`events/${eventId}`)
    .update({
      rounds,
      ...eventRunToTheEnd,
      matching_status: { state: 'done', at: Timestamp.now(), counts: { presenters: 3, providers: 1, matches: 1 } },
      emailing_status: { state: 'failed', at: Timestamp.now(), reason: 'SMTP down', counts: { sent: 1, failed: 1, total: 2 } },
    });
  await adminDb().doc(`responses/u1_${eventId}_p-ada_q1`).set({
    event_id: eventId,
    question_id: 'q1',
    presenter_id: 'p-ada',
    provider_id: 'u1',
    type: 'stars',
    rating: 5,
    comment: null,
    response: null,
    updated_at: Timestamp.now(),
  });
  await adminDb().doc(`final_matches/${eventId}_p-ada`).set({ event_id: eventId, presenter_id: 'p-ada', matched_providers: [] });
  await adminDb().doc(`events/${eventId}/raters/u1`).set({ rated_at: Timestamp.now() });
}

describe('duplicateEvent', () => {
  it('makes a new closed event with the settings, presenters and logos, a week on, and none of the session', async () => {
    const originalId = await createEvent(
      {
        title: 'Med-Tech Pitch Session',
        description: 'Three-minute pitches.',
        location: 'Innovation Hub',
        startTime: new Date(2030, 4, 1, 11, 15),
        numberOfRounds: 2,
        meetings: {
          enabled: true,
          startTime: new Date(2030, 4, 1, 13, 45),
          slotMinutes: 15,
          slots: 4,
          places: ['Table 1', 'Garden bench'],
          maxPerPerson: 2,
        },
      },
      { normal: new File([PNG_1X1], 'a.png', { type: 'image/png' }) },
    );
    await runToTheEnd(originalId);
    const original = await stored(originalId);

    const copy = await duplicateEvent(originalId, new Date(2030, 3, 1));

    expect(copy.title).toBe('Copy of Med-Tech Pitch Session');
    expect(copy.id).not.toBe(originalId);
    const duplicated = await stored(copy.id);
    expect(duplicated).toMatchObject({
      title: 'Copy of Med-Tech Pitch Session',
      description: 'Three-minute pitches.',
      location: 'Innovation Hub',
      number_of_rounds: 2,
      rounds,
      developers: original?.developers,
      min_match_score: 3.5,
      max_matches_per_presenter: 7,
      fair_scores: true,
      exclude_conflicts: false,
      middleLogo: null,
      is_event_open: false,
      round_number: 1,
      presenter_index: -1,
      is_matching: false,
      is_emailing: false,
      is_slider_open: false,
    });
    expect(duplicated?.start_time.toDate()).toEqual(new Date(2030, 4, 8, 11, 15));
    expect(duplicated?.meetings).toMatchObject({
      enabled: true,
      slot_minutes: 15,
      slots: 4,
      places: ['Table 1', 'Garden bench'],
    });
    expect(duplicated?.meetings.start_time.toDate()).toEqual(new Date(2030, 4, 8, 13, 45));
    expect(duplicated).not.toHaveProperty('matching_status');
    expect(duplicated).not.toHaveProperty('emailing_status');

    expect(duplicated?.normalLogo).toMatch(new RegExp(`event_logos%2F${copy.id}_normal\\.png`));
    expect(await served(duplicated?.normalLogo)).toEqual({ status: 200, body: PNG_1X1 });

    expect(await countFor('responses', copy.id)).toBe(0);
    expect(await countFor('final_matches', copy.id)).toBe(0);
    expect((await adminDb().collection(`events/${copy.id}/raters`).get()).size).toBe(0);

    // The original is as it was, and deleting it leaves the copy's logo.
    expect(await stored(originalId)).toEqual(original);
    await deleteEvent(originalId);
    expect((await served(original?.normalLogo)).status).toBe(404);
    expect(await served(duplicated?.normalLogo)).toEqual({ status: 200, body: PNG_1X1 });
  });

  it("keeps a logo stored outside the project (another site, or a path on the app's own) as it is, and no start time as none", async () => {
    await adminDb()
      .doc('events/e1')
      .set({
        ...storedEvent({ startTime: null }),
        normalLogo: '/demo/medtech-logo.svg',
        middleLogo: 'https://logos.example/middle.png',
      });
    const copy = await duplicateEvent('e1');
    expect(await stored(copy.id)).toMatchObject({
      start_time: null,
      normalLogo: '/demo/medtech-logo.svg',
      middleLogo: 'https://logos.example/middle.png',
    });
  });

  it('fails with LogoCopyError when a logo cannot be copied, writing no event and leaving no copied file', async () => {
    const originalId = await createEvent(
      { title: 'Logo Night', description: '', location: '', startTime: null, numberOfRounds: 1 },
      { middle: new File([PNG_1X1], 'm.png', { type: 'image/png' }) },
    );
    const middleLogo = String((await stored(originalId))?.middleLogo);
    // The normal logo's file is gone from the bucket: its download fails, the middle one's copy works.
    const normalLogo = middleLogo.replace('_middle.png', '_normal.png');
    await adminDb().doc(`events/${originalId}`).update({ normalLogo });
    const filesBefore = (await listAll(ref(storage, 'event_logos'))).items.map((item) => item.fullPath);

    const failure = await duplicateEvent(originalId).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(LogoCopyError);
    expect((failure as Error).cause).toMatchObject({ code: 'storage/object-not-found' });
    expect((await adminDb().collection('events').get()).docs.map((d) => d.id)).toEqual([originalId]);
    expect((await listAll(ref(storage, 'event_logos'))).items.map((item) => item.fullPath)).toEqual(filesBefore);
    expect(await served(middleLogo)).toEqual({ status: 200, body: PNG_1X1 });
  });

  it('fails for an event that does not exist, writing nothing', async () => {
    await expect(duplicateEvent('missing')).rejects.toThrow('The event missing does not exist.');
    expect((await adminDb().collection('events').get()).size).toBe(0);
  });

  it('is refused to a signed-in user without the admin claim', async () => {
    await adminDb().doc('events/e1').set(storedEvent());
    await signInAsNewUser();
    try {
      await expect(duplicateEvent('e1')).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await signInAsAdmin();
    }
    expect((await adminDb().collection('events').get()).size).toBe(1);
  });
});
