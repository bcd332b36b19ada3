// A provider's profile and answers with the real web SDK against the local backend: saved under
// the anonymous uid, re-read, updated in place (never duplicated), and kept through a drop-out.

import { disableNetwork, enableNetwork } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../src/types/response';
import { openAdminDb, pointAppAtEmulators, storedEvent, type AdminDb } from './appDb';
import { graceProfile } from '../support/fixtures';

const projectId = await pointAppAtEmulators('db-responses');
const { db } = await import('../../src/db/firebase');
const { ensureSignedIn } = await import('../../src/db/session');
const { getProviderProfile } = await import('../../src/db/providers');
const { saveProviderProfile } = await import('../../src/db/profileSave');
const { getMyResponses, responseId, saveResponses, watchMyResponses } = await import('../../src/db/responses');
let admin: AdminDb;
let uid: string;

beforeAll(async () => {
  admin = openAdminDb(projectId);
  uid = (await ensureSignedIn()).uid;
  // What answers must point at (firestore.rules): the events, the presenters and the questions.
  const batch = admin.db.batch();
  for (const eventId of ['ev1', 'ev2', 'ev3', 'ev4', 'ev5', 'ev7'])
    batch.set(admin.db.doc(`events/${eventId}`), storedEvent({ open: true, presenterIndex: 0 }));
  for (const [id, first_name, last_name] of [
    ['p-ada', 'Ada', 'Okafor'],
    ['p-lin', 'Lin', 'Chen'],
    ['p-sam', 'Sam', 'Rivera'],
  ]) {
    batch.set(admin.db.doc(`presenters/${id}`), { first_name, last_name, email: `${id}@example.com`, verified: true });
  }
  batch.set(admin.db.doc('questions/q1'), {
    question_number: 1,
    type: 'stars',
    title: 'Funding',
    questions: 'Funding?',
    question: 'Funding',
  });
  batch.set(admin.db.doc('questions/q2'), {
    question_number: 2,
    type: 'stars',
    title: 'Trials',
    questions: 'Trials?',
    question: 'Trials',
  });
  batch.set(admin.db.doc('questions/q5'), {
    question_number: 5,
    type: 'text',
    title: 'Comments',
    questions: 'Anything?',
    question: 'Comments',
  });
  await batch.commit();
});

afterAll(async () => {
  await admin.close();
});

const stars = (question_id: string, rating: number | null, comment: string | null = null): Answer => ({
  question_id,
  type: 'stars',
  rating,
  comment,
  response: null,
});

async function storedResponses(eventId: string): Promise<({ id: string } & Record<string, unknown>)[]> {
  const snapshot = await admin.db.collection('responses').where('event_id', '==', eventId).get();
  return snapshot.docs.map((document) => ({ id: document.id, ...document.data() }));
}

describe('provider profile', () => {
  const profile = { ...graceProfile, first_name: ' Grace ', phone: '(555) 123-4567' };

  it('is stored under the anonymous uid and read back', async () => {
    const saved = await saveProviderProfile(profile);
    expect(saved).toEqual({ ...profile, first_name: 'Grace', user_id: uid });
    const stored = await admin.db.doc(`providers/${uid}`).get();
    expect(stored.data()).toEqual({ ...profile, first_name: 'Grace' });
    expect(await getProviderProfile()).toEqual(saved);
  });
});

describe('answers', () => {
  it('are saved with deterministic ids and read back', async () => {
    const outcome = await saveResponses('ev1', 'p-ada', [
      stars('q1', 4, '  Strong team  '),
      { question_id: 'q5', type: 'text', rating: null, comment: null, response: 'Call me' },
    ]);
    await outcome.synced;

    const stored = await storedResponses('ev1');
    expect(stored.map((response) => response.id).sort()).toEqual([
      responseId(uid, 'ev1', 'p-ada', 'q1'),
      responseId(uid, 'ev1', 'p-ada', 'q5'),
    ]);
    expect(stored.find((response) => response.question_id === 'q1')).toMatchObject({
      provider_id: uid,
      presenter_id: 'p-ada',
      event_id: 'ev1',
      type: 'stars',
      rating: 4,
      comment: 'Strong team',
      response: null,
    });

    const mine = await getMyResponses('ev1');
    expect(mine).toHaveLength(2);
    expect(mine.find((response) => response.question_id === 'q5')).toEqual({
      response_id: `${uid}_ev1_p-ada_q5`,
      question_id: 'q5',
      presenter_id: 'p-ada',
      provider_id: uid,
      event_id: 'ev1',
      type: 'text',
      rating: null,
      comment: null,
      response: 'Call me',
    });
  });

  it('leave out a stored answer of a type this version does not know, and saving beside it leaves it as stored', async () => {
    const unknown = {
      event_id: 'ev7',
      question_id: 'q-poll',
      presenter_id: 'p-sam',
      provider_id: uid,
      type: 'yesno',
      rating: null,
      comment: null,
      response: 'yes',
    };
    await admin.db.doc(`responses/${responseId(uid, 'ev7', 'p-sam', 'q-poll')}`).set(unknown);
    await (
      await saveResponses('ev7', 'p-sam', [stars('q1', 4)])
    ).synced;

    expect((await getMyResponses('ev7')).map((response) => response.question_id)).toEqual(['q1']);
    expect((await storedResponses('ev7')).find((response) => response.question_id === 'q-poll')).toEqual({
      id: responseId(uid, 'ev7', 'p-sam', 'q-poll'),
      ...unknown,
    });
  });

  it('replace the earlier answers when the provider comes back, never adding more', async () => {
    await (
      await saveResponses('ev2', 'p-lin', [stars('q1', 2), stars('q2', 3)])
    ).synced;
    await (
      await saveResponses('ev2', 'p-lin', [stars('q1', 5, 'Changed my mind'), stars('q2', 3)])
    ).synced;

    const stored = await storedResponses('ev2');
    expect(stored).toHaveLength(2);
    expect(stored.find((response) => response.question_id === 'q1')).toMatchObject({ rating: 5, comment: 'Changed my mind' });
    expect(await getMyResponses('ev2')).toHaveLength(2);
  });

  it('are kept on the device during a drop-out and synced when the connection returns', async () => {
    await disableNetwork(db);
    let synced = false;
    try {
      const outcome = await saveResponses('ev3', 'p-sam', [stars('q1', 3)]);
      outcome.synced.then(
        () => {
          synced = true;
        },
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(synced).toBe(false);
      expect(await storedResponses('ev3')).toEqual([]);
      expect((await getMyResponses('ev3')).map((response) => response.rating)).toEqual([3]);

      await enableNetwork(db);
      await outcome.synced;
      expect((await storedResponses('ev3')).map((response) => response.rating)).toEqual([3]);
    } finally {
      await enableNetwork(db);
    }
  });

  it('are followed live, including answers not yet synced', async () => {
    const seen: string[][] = [];
    const stop = watchMyResponses(
      'ev4',
      (responses) => seen.push(responses.map((response) => response.presenter_id)),
      (error) => {
        throw error;
      },
    );
    try {
      await disableNetwork(db);
      await saveResponses('ev4', 'p-ada', [stars('q1', 5)]);
      await expect.poll(() => seen.at(-1)).toEqual(['p-ada']);
    } finally {
      await enableNetwork(db);
      stop();
    }
  });

  it('are still accepted after the event closed (answers given offline arrive late), until matching starts', async () => {
    await admin.db.doc('events/ev6').set(storedEvent({ open: false }));
    await (
      await saveResponses('ev6', 'p-ada', [stars('q1', 4)])
    ).synced;
    expect((await storedResponses('ev6')).map((response) => response.rating)).toEqual([4]);

    await admin.db.doc('events/ev6').update({ is_matching: true });
    const late = await saveResponses('ev6', 'p-ada', [stars('q1', 1)]);
    await expect(late.synced).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await storedResponses('ev6')).map((response) => response.rating)).toEqual([4]);
  });

  it('are refused before anything is written when a rating or comment is out of range', async () => {
    await expect(saveResponses('ev5', 'p-ada', [stars('q1', 6)])).rejects.toThrow(RangeError);
    await expect(saveResponses('ev5', 'p-ada', [stars('q1', 2.5)])).rejects.toThrow(RangeError);
    await expect(saveResponses('ev5', 'p-ada', [stars('q1', 3, 'x'.repeat(1001))])).rejects.toThrow(RangeError);
    await expect(saveResponses('ev5', '', [stars('q1', 3)])).rejects.toThrow(RangeError);
    expect(await storedResponses('ev5')).toEqual([]);
  });
});
