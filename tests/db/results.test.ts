// Questions and session results with the real web SDK against the local backend (results need a
// signed-in user: a first-time visitor is signed in anonymously before they are read).

import { signOut } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { pointAppAtEmulators, storeEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-results');
const { getQuestions } = await import('../../src/db/questions');
const { getFinalMatch, getFinalMatches, getSessionResults } = await import('../../src/db/finalMatches');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const adminDb = useAdminDb(projectId);

function storedMatch(eventId: string, presenterId: string, providerEmails: string[]) {
  return {
    event_id: eventId,
    presenter_id: presenterId,
    presenter_details: {
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.com',
      company: 'PulseLoop',
      linkedin_url: null,
      profile_url: null,
    },
    matched_providers: providerEmails.map((email, index) => ({
      provider_id: `prov-${index}`,
      provider_details: { first_name: 'P', last_name: `${index}`, email, company: 'Co' },
    })),
  };
}

describe('getQuestions', () => {
  it('reads the questions in ascending question_number order, with their ids', async () => {
    await adminDb()
      .doc('questions/b')
      .set({ question_number: 2, type: 'text', title: 'Comments', questions: 'Anything?', question: 'Comments' });
    await adminDb()
      .doc('questions/a')
      .set({ question_number: 10, type: 'stars', title: 'Funding', questions: 'Funding?', question: 'Funding' });
    await adminDb()
      .doc('questions/c')
      .set({ question_number: 1, type: 'rating', title: 'Overall', questions: 'Overall?', question: 'Overall' });
    const questions = await getQuestions();
    expect(questions.map((question) => [question.question_id, question.question_number, question.type])).toEqual([
      ['c', 1, 'rating'],
      ['b', 2, 'text'],
      ['a', 10, 'stars'],
    ]);
  });

  it('leaves out a question of a type this version does not know, rather than asking it as another type', async () => {
    await adminDb()
      .doc('questions/d')
      .set({ question_number: 3, type: 'yesno', title: 'Pilot?', questions: 'Would you pilot it?', question: 'Pilot' });
    expect((await getQuestions()).map((question) => question.question_id)).not.toContain('d');
    await adminDb().doc('questions/d').delete();
  });
});

describe('final matches', () => {
  it("reads one event's matches and one match by id", async () => {
    await adminDb()
      .doc('final_matches/m1')
      .set(storedMatch('ev1', 'p-ada', ['x@example.com']));
    await adminDb()
      .doc('final_matches/m2')
      .set(storedMatch('ev2', 'p-lin', ['y@example.com']));
    expect((await getFinalMatches('ev1')).map((match) => match.id)).toEqual(['m1']);
    const match = await getFinalMatch('m2');
    expect(match).toMatchObject({
      id: 'm2',
      event_id: 'ev2',
      presenter_id: 'p-lin',
      matched_providers: [{ provider_id: 'prov-0', provider_details: { email: 'y@example.com', company: 'Co' } }],
    });
    expect(await getFinalMatch('nope')).toBeNull();
  });

  it('signs a first-time visitor in anonymously before reading them', async () => {
    await adminDb()
      .doc('final_matches/m1')
      .set(storedMatch('ev1', 'p-ada', ['x@example.com']));
    await signOut(auth);
    expect((await getFinalMatches('ev1')).map((match) => match.id)).toEqual(['m1']);
    expect(auth.currentUser?.isAnonymous).toBe(true);
    await signOut(auth);
    expect(await getFinalMatch('m1')).toMatchObject({ id: 'm1', presenter_id: 'p-ada' });
    expect(auth.currentUser?.isAnonymous).toBe(true);
  });

  it("shows the shared event's results, else those of the latest event that has some", async () => {
    await storeEvent(adminDb(), 'old', { startTime: new Date('2029-01-01T10:00:00Z') });
    await storeEvent(adminDb(), 'recent', { startTime: new Date('2029-06-01T10:00:00Z') });
    await storeEvent(adminDb(), 'today', { open: true, startTime: new Date('2030-01-01T10:00:00Z') });
    await adminDb()
      .doc('final_matches/m-old')
      .set(storedMatch('old', 'p-ada', ['x@example.com']));
    await adminDb()
      .doc('final_matches/m-recent')
      .set(storedMatch('recent', 'p-lin', ['x@example.com']));

    expect(await getSessionResults('today')).toMatchObject({ eventId: 'recent', matches: [{ id: 'm-recent' }] });
    expect(await getSessionResults('old')).toMatchObject({ eventId: 'old', matches: [{ id: 'm-old' }] });
    expect(await getSessionResults(null)).toMatchObject({ eventId: 'recent' });
  });

  it('gives no results when no event has any', async () => {
    await storeEvent(adminDb(), 'today', { open: true });
    expect(await getSessionResults('today')).toEqual({ eventId: null, matches: [] });
  });
});
