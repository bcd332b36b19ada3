// The control screen's rating counts with the real web SDK signed in as an admin against the local
// backend (firestore.rules in force): aggregation queries count the providers who answered about
// each presenter, a provider who skipped a question still counts, other events and presenters are
// left out, a new answer shows in the next read, and a signed-in user who is not an admin is refused.

import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerId, starsAnswer } from '../support/fixtures';
import { pointAppAtEmulators, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-rating-progress');
const { getAppAuth } = await import('../../src/db/auth');
const auth = await getAppAuth();
const { getRatedCounts } = await import('../../src/db/ratingProgress');
const adminDb = useAdminDb(projectId);
const { signInAsAdmin, signInAsNewUser } = useSignedInAdmin(projectId, auth);

const QUESTIONS = ['q1', 'q2', 'q3'];

async function answer(provider: string, eventId: string, presenter: string, question: string) {
  await adminDb()
    .doc(`responses/${answerId(provider, question, presenter, eventId)}`)
    .set({
      ...starsAnswer(provider, { event_id: eventId, presenter_id: presenter, question_id: question }),
      updated_at: Timestamp.now(),
    });
}

beforeEach(async () => {
  // Ada: u1 and u2 answered every question, u3 only the second. Lin: u1 the first.
  for (const question of QUESTIONS) {
    await answer('u1', 'medtech', 'p-ada', question);
    await answer('u2', 'medtech', 'p-ada', question);
  }
  await answer('u3', 'medtech', 'p-ada', 'q2');
  await answer('u1', 'medtech', 'p-lin', 'q1');
  // Another event's answers about Ada.
  await answer('u4', 'agritech', 'p-ada', 'q1');
  await answer('u5', 'agritech', 'p-ada', 'q1');
});

describe('getRatedCounts', () => {
  it('counts the providers who answered about each presenter at the event, by presenter id', async () => {
    const counts = await getRatedCounts('medtech', ['p-ada', 'p-lin', 'p-sam'], QUESTIONS);
    expect(Object.fromEntries(counts)).toEqual({ 'p-ada': 3, 'p-lin': 1, 'p-sam': 0 });
  });

  it('shows a new answer in the next read', async () => {
    expect((await getRatedCounts('medtech', ['p-lin'], QUESTIONS)).get('p-lin')).toBe(1);
    await answer('u2', 'medtech', 'p-lin', 'q1');
    await answer('u3', 'medtech', 'p-lin', 'q3');
    expect((await getRatedCounts('medtech', ['p-lin'], QUESTIONS)).get('p-lin')).toBe(2);
    await answer('u3', 'medtech', 'p-lin', 'q1');
    expect((await getRatedCounts('medtech', ['p-lin'], QUESTIONS)).get('p-lin')).toBe(3);
  });

  it('throws for a signed-in user who is not an admin', async () => {
    await signInAsNewUser();
    try {
      await expect(getRatedCounts('medtech', ['p-ada'], QUESTIONS)).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await signInAsAdmin();
    }
  });
});
