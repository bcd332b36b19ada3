// What the exports read, with the real web SDK signed in as an admin against the local backend
// (firestore.rules in force): an event's 12,000 answers read completely through the pages with
// the providers, presenters and questions they are about, another event's answers left out; the
// final matches with their reasons; and a refusal for a signed-in user who is not an admin.

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { storedPresenter } from '../support/fixtures';
import { pointAppAtEmulators, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-exports');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { getMatchesExport, getResponsesExport } = await import('../../src/db/exports');
const { RESPONSES_PAGE_SIZE } = await import('../../src/db/eventAnswers');
const adminDb = useAdminDb(projectId);
const { signInAsAdmin, signInAsNewUser } = useSignedInAdmin(projectId, auth);

const PROVIDERS = 300;
const PRESENTERS = ['p-ada', 'p-lin', 'p-sam', 'p-kim'];
const QUESTIONS = 10;

async function seedEvent(eventId: string, providers: number) {
  const db = adminDb();
  // Unthrottled: BulkWriter otherwise ramps up from 500 writes a second, as production asks.
  const writer = db.bulkWriter({ throttling: false });
  for (let q = 1; q <= QUESTIONS; q++) {
    void writer.set(db.doc(`questions/q${q}`), {
      question_number: q,
      type: 'stars',
      title: `Question ${q}`,
      questions: '',
      question: '',
    });
  }
  for (const id of PRESENTERS) {
    void writer.set(
      db.doc(`presenters/${id}`),
      storedPresenter({ first_name: id.slice(2), last_name: 'Presenter', company: `${id} Ltd` }),
    );
  }
  for (let p = 0; p < providers; p++) {
    void writer.set(db.doc(`providers/u${p}`), {
      first_name: `Provider${p}`,
      last_name: 'Test',
      email: `u${p}@example.com`,
      company: `Company ${p}`,
      phone: '',
      terms_accepted: true,
    });
    for (const presenter of PRESENTERS) {
      for (let q = 1; q <= QUESTIONS; q++) {
        void writer.set(db.doc(`responses/u${p}_${eventId}_${presenter}_q${q}`), {
          event_id: eventId,
          question_id: `q${q}`,
          presenter_id: presenter,
          provider_id: `u${p}`,
          type: 'stars',
          rating: ((p + q) % 5) + 1,
          comment: null,
          response: null,
          updated_at: Timestamp.fromMillis(Date.UTC(2030, 4, 1, 11) + p * 1000 + q),
        });
      }
    }
  }
  await writer.close();
}

describe('getResponsesExport', () => {
  it("reads all 12,000 answers of the event through the pages, with who and what they are about, and none of another event's", async () => {
    await seedEvent('medtech', PROVIDERS);
    await seedEvent('agritech', 3);
    const progress: [number, number][] = [];

    const data = await getResponsesExport('medtech', (read, total) => progress.push([read, total]));

    expect(data.responses).toHaveLength(12_000);
    expect(new Set(data.responses.map((response) => response.response_id)).size).toBe(12_000);
    expect(data.responses.every((response) => response.event_id === 'medtech')).toBe(true);
    expect(progress).toEqual([
      [RESPONSES_PAGE_SIZE, 12_000],
      [2 * RESPONSES_PAGE_SIZE, 12_000],
      [12_000, 12_000],
    ]);
    const sample = data.responses.find((response) => response.response_id === 'u7_medtech_p-lin_q3');
    expect(sample).toEqual({
      response_id: 'u7_medtech_p-lin_q3',
      event_id: 'medtech',
      question_id: 'q3',
      presenter_id: 'p-lin',
      provider_id: 'u7',
      type: 'stars',
      rating: 1,
      comment: null,
      response: null,
      updated_at: new Date(Date.UTC(2030, 4, 1, 11) + 7_003),
    });
    expect(data.providers).toHaveLength(PROVIDERS);
    expect(data.providers.find((provider) => provider.user_id === 'u7')).toEqual({
      user_id: 'u7',
      first_name: 'Provider7',
      last_name: 'Test',
      company: 'Company 7',
      email: 'u7@example.com',
    });
    expect(data.presenters.map((presenter) => presenter.id).sort()).toEqual([...PRESENTERS].sort());
    expect(data.presenters.find((presenter) => presenter.id === 'p-lin')).toMatchObject({
      first_name: 'lin',
      company: 'p-lin Ltd',
    });
    expect(data.questions.map((question) => question.title)).toEqual(
      Array.from({ length: QUESTIONS }, (_, index) => `Question ${index + 1}`),
    );
  }, 180_000);

  it('gives nothing for an event without answers', async () => {
    const progress: [number, number][] = [];
    const data = await getResponsesExport('empty', (read, total) => progress.push([read, total]));
    expect(data).toEqual({ responses: [], providers: [], presenters: [], questions: [] });
    expect(progress).toEqual([[0, 0]]);
  });

  it('leaves out an answer of a type this version does not know, and counts it in the progress as read', async () => {
    const db = adminDb();
    const answer = (question_id: string, type: string) => ({
      event_id: 'poll',
      question_id,
      presenter_id: 'p-ada',
      provider_id: 'u1',
      type,
      rating: null,
      comment: null,
      response: 'yes',
      updated_at: Timestamp.fromMillis(Date.UTC(2030, 4, 1, 11)),
    });
    await db.doc('responses/u1_poll_p-ada_q1').set(answer('q1', 'text'));
    await db.doc('responses/u1_poll_p-ada_q-poll').set(answer('q-poll', 'yesno'));
    const progress: [number, number][] = [];

    const data = await getResponsesExport('poll', (read, total) => progress.push([read, total]));

    expect(data.responses.map((response) => response.response_id)).toEqual(['u1_poll_p-ada_q1']);
    expect(progress).toEqual([[2, 2]]);
  });

  it('throws for a signed-in user who is not an admin', async () => {
    await signInAsNewUser();
    try {
      await expect(getResponsesExport('medtech')).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await signInAsAdmin();
    }
  });
});

describe('getMatchesExport', () => {
  it("reads the event's final matches with their reasons, and none of another event's", async () => {
    const db = adminDb();
    const details = { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', company: 'PulseLoop' };
    const grace = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', company: 'Navy Labs' };
    for (const eventId of ['medtech', 'agritech']) {
      await db.doc(`final_matches/${eventId}_p-ada`).set({
        event_id: eventId,
        presenter_id: 'p-ada',
        presenter_details: { ...details, linkedin_url: null, profile_url: null },
        matched_providers: [{ provider_id: 'u-grace', provider_details: grace }],
      });
      await db.doc(`match_reasons/${eventId}_p-ada`).set({
        event_id: eventId,
        presenter_id: 'p-ada',
        fallback: false,
        providers: [
          { provider_id: 'u-grace', score: 4.5, questions_answered: 2, reasons: [{ question_id: 'q1', title: 'Q1', rating: 5 }] },
        ],
      });
    }

    const data = await getMatchesExport('medtech');

    expect(data.finalMatches.map((match) => match.id)).toEqual(['medtech_p-ada']);
    expect(data.finalMatches[0]?.matched_providers).toEqual([{ provider_id: 'u-grace', provider_details: grace }]);
    expect(data.matchReasons).toEqual([
      {
        id: 'medtech_p-ada',
        event_id: 'medtech',
        presenter_id: 'p-ada',
        fallback: false,
        providers: [
          { provider_id: 'u-grace', score: 4.5, questions_answered: 2, reasons: [{ question_id: 'q1', title: 'Q1', rating: 5 }] },
        ],
      },
    ]);
  });
});
