// The matching reaction with firebase-admin on the local backend: an admin raising `is_matching`
// gets one final_matches document per presenter of the event's rounds, with the providers their
// ratings match (or the innovation office), and beside it one match_reasons document saying why
// (the scores and questions stay out of final_matches, which every signed-in user reads), the
// status running → done with its counts and the flag lowered; a re-run replaces the event's
// results and reasons, deleting stale ones; two runners at once produce one result;
// a fresh claim is left alone and an abandoned one taken over; a malformed event ends 'failed';
// the event's fair-scores and conflict settings reach the reasons; the Cloud Function runs it.

import { FieldValue, Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchReasonsDocument, ProviderMatchReasons } from '../../domain/documents';
import type { MatchingStatus } from '../../domain/matchingRun';
import { runMatching } from '../../functions/src/matching/runMatching';
import { describeReaction } from '../../src/lib/reactionStatus';
import { eventually, openAdminDb, storedEvent, useAdminDb } from '../db/appDb';
import { defined } from '../support/defined';
import { uniqueProjectId } from '../support/emulators';
import { officeReasons, providerReasons, storedMatchReasons } from '../support/fixtures';
import { EVENT, finalMatch, KIM, LEE, OFFICE, OTHER_EVENT, RUN_TIMES, storedEventData } from './reactionFixtures';

const projectId = uniqueProjectId('matching');
const admin = useAdminDb(projectId);

const settings = { fallback: OFFICE };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function presenter(first_name: string, last_name: string, favourites: string[]) {
  return {
    first_name,
    last_name,
    email: `${first_name.toLowerCase()}@example.com`,
    company: `${last_name} Diagnostics`,
    phone: '',
    website: '',
    profile_url: '',
    linkedin_url: `https://www.linkedin.com/in/${first_name.toLowerCase()}`,
    favourites,
    verified: true,
    status: 'Up Next',
    terms_accepted: true,
  };
}

/** A presenter's details as final_matches holds them. */
function details(first_name: string, last_name: string) {
  const stored = presenter(first_name, last_name, []);
  return {
    first_name,
    last_name,
    email: stored.email,
    company: stored.company,
    linkedin_url: stored.linkedin_url,
    profile_url: null,
  };
}

interface AnswerOptions {
  eventId?: string;
  type?: string;
}

/** A provider's answer as the questionnaire stores it, added to `batch`. */
function addAnswer(
  db: Firestore,
  batch: WriteBatch,
  providerId: string,
  presenterId: string,
  questionId: string,
  rating: number | null,
  { eventId = EVENT, type = 'stars' }: AnswerOptions = {},
): void {
  batch.set(db.collection('responses').doc(`${providerId}_${eventId}_${presenterId}_${questionId}`), {
    event_id: eventId,
    question_id: questionId,
    presenter_id: presenterId,
    provider_id: providerId,
    type,
    rating,
    comment: null,
    response: type === 'text' ? 'Happy to talk.' : null,
    updated_at: FieldValue.serverTimestamp(),
  });
}

/** One more star answer, given after the others. */
async function answer(db: Firestore, providerId: string, presenterId: string, questionId: string, rating: number): Promise<void> {
  const batch = db.batch();
  addAnswer(db, batch, providerId, presenterId, questionId, rating);
  await batch.commit();
}

/**
 * The event's rounds hold Ada (her favourite: market access), Lin and Sam (no favourites: every
 * star question counts); Oscar presents in no round. Kim rates Ada's market access 5 (a match) and
 * Lin's team 3 (none); Lee rates Ada's market access 2 (none, his team 5 does not count for her)
 * and Lin 5 and 4 (a match at 4.5). Nobody rates Sam in this event: the office is Sam's match. A
 * provider without a company, who rates everyone 5, never appears.
 */
async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  const questions = [
    ['q-market', { question_number: 1, type: 'stars', title: 'Market access' }],
    ['q-team', { question_number: 2, type: 'stars', title: 'Team support' }],
    ['q-notes', { question_number: 3, type: 'text', title: 'Notes' }],
  ] as const;
  for (const [id, question] of questions) {
    batch.set(db.collection('questions').doc(id), { ...question, questions: question.title, question: question.title });
  }
  batch.set(db.collection('presenters').doc('p-ada'), presenter('Ada', 'Okafor', ['q-market']));
  batch.set(db.collection('presenters').doc('p-lin'), presenter('Lin', 'Chen', []));
  batch.set(db.collection('presenters').doc('p-sam'), presenter('Sam', 'Rivera', []));
  batch.set(db.collection('presenters').doc('p-oscar'), presenter('Oscar', 'Diaz', []));
  batch.set(db.collection('providers').doc('prov-kim'), { ...KIM, phone: '', terms_accepted: true });
  batch.set(db.collection('providers').doc('prov-lee'), { ...LEE, phone: '(555) 010-0100', terms_accepted: true });
  batch.set(db.collection('providers').doc('prov-nocompany'), {
    first_name: 'Noa',
    last_name: 'Hale',
    email: 'noa@example.com',
    company: '',
    phone: '',
    terms_accepted: true,
  });
  batch.set(db.collection('events').doc(EVENT), { ...storedEvent(), min_match_score: 4, max_matches_per_presenter: 5 });

  addAnswer(db, batch, 'prov-kim', 'p-ada', 'q-market', 5);
  addAnswer(db, batch, 'prov-kim', 'p-ada', 'q-team', 1);
  addAnswer(db, batch, 'prov-kim', 'p-lin', 'q-team', 3);
  addAnswer(db, batch, 'prov-lee', 'p-ada', 'q-market', 2);
  addAnswer(db, batch, 'prov-lee', 'p-ada', 'q-team', 5);
  addAnswer(db, batch, 'prov-lee', 'p-lin', 'q-market', 5);
  addAnswer(db, batch, 'prov-lee', 'p-lin', 'q-team', 4);
  addAnswer(db, batch, 'prov-lee', 'p-sam', 'q-notes', null, { type: 'text' });
  for (const presenterId of ['p-ada', 'p-lin', 'p-sam', 'p-oscar']) {
    addAnswer(db, batch, 'prov-nocompany', presenterId, 'q-market', 5);
    addAnswer(db, batch, 'prov-nocompany', presenterId, 'q-team', 5);
  }
  // Another event's answers and presenters do not count here.
  addAnswer(db, batch, 'prov-kim', 'p-sam', 'q-market', 5, { eventId: OTHER_EVENT });
  addAnswer(db, batch, 'prov-kim', 'p-oscar', 'q-market', 5);
  await batch.commit();
}

// The final matches hold the spec's fields (and event_id) only.
const adaMatch = finalMatch(EVENT, details('Ada', 'Okafor'), [['prov-kim', KIM]]);
const linMatch = finalMatch(EVENT, details('Lin', 'Chen'), [['prov-lee', LEE]]);
const samMatch = finalMatch(EVENT, details('Sam', 'Rivera'), [['innovation-office', OFFICE]]);

/** match_reasons/{id} of the spring session: why each provider matched the presenter, admins only. */
const reasonsFor = (presenterId: string, providers: ProviderMatchReasons[], fallback = false): MatchReasonsDocument =>
  storedMatchReasons(EVENT, presenterId, providers, fallback);

// Why each matched, under the same ids.
const adaReasons = reasonsFor('p-ada', [providerReasons('prov-kim', 5, 1, [['q-market', 'Market access', 5]])]);
const linReasons = reasonsFor('p-lin', [
  providerReasons('prov-lee', 4.5, 2, [
    ['q-market', 'Market access', 5],
    ['q-team', 'Team support', 4],
  ]),
]);
const samReasons = reasonsFor('p-sam', [officeReasons], true);

/** The spring session's final matches and match reasons, by document id, as one run writes them. */
const springMatches = { [`${EVENT}_p-ada`]: adaMatch, [`${EVENT}_p-lin`]: linMatch, [`${EVENT}_p-sam`]: samMatch };
const springReasons = { [`${EVENT}_p-ada`]: adaReasons, [`${EVENT}_p-lin`]: linReasons, [`${EVENT}_p-sam`]: samReasons };

/** The documents of one event in `collection`, by id. */
async function documentsOf(db: Firestore, collection: string, eventId: string): Promise<Record<string, unknown>> {
  const snapshot = await db.collection(collection).where('event_id', '==', eventId).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

/** The final_matches documents of one event, by id. */
const finalMatches = (db: Firestore, eventId = EVENT) => documentsOf(db, 'final_matches', eventId);

/** The match_reasons documents of one event, by id. */
const matchReasons = (db: Firestore, eventId = EVENT) => documentsOf(db, 'match_reasons', eventId);

async function startMatching(db: Firestore, eventId = EVENT): Promise<void> {
  await db.collection('events').doc(eventId).update({ is_matching: true });
}

describe('runMatching', () => {
  it("writes each presenter's matches when an admin raises is_matching, and records done with the counts", async () => {
    const db = admin();
    await seed(db);
    await startMatching(db);

    const outcome = await runMatching(db, EVENT, settings);

    expect(outcome).toEqual({ state: 'done', counts: { presenters: 3, providers: 2, matches: 2 } });
    expect(await finalMatches(db)).toEqual(springMatches);
    expect(await matchReasons(db)).toEqual(springReasons);
    const event = await storedEventData(db);
    expect(event.is_matching).toBe(false);
    expect(event.matching_status).toEqual({
      state: 'done',
      ...RUN_TIMES,
      counts: { presenters: 3, providers: 2, matches: 2 },
    });
    const { started_at: startedAt, finished_at: finishedAt, at } = event.matching_status as MatchingStatus<Timestamp>;
    expect(defined(startedAt, 'started_at').toMillis()).toBeLessThanOrEqual(defined(finishedAt, 'finished_at').toMillis());
    // The control screen's line for it (src/lib/reactionStatus.ts).
    expect(describeReaction('Matching', false, { state: 'done', at: at.toDate(), counts: event.matching_status.counts })).toMatch(
      /^Matching: done at .+ \(presenters: 3, providers: 2, matches: 2\)$/,
    );
  });

  it("leaves the queue's special entries ('session results', 'announcement') out of the matches", async () => {
    const db = admin();
    await seed(db);
    const special = [
      { presenter_id: 'p-results', first_name: 'session', last_name: 'results' },
      { presenter_id: 'p-news', first_name: 'Announcement', last_name: 'Coffee break' },
    ];
    await db
      .collection('presenters')
      .doc('p-results')
      .set(presenter('session', 'results', []));
    await db
      .collection('presenters')
      .doc('p-news')
      .set(presenter('Announcement', 'Coffee break', []));
    const rounds = (await storedEventData(db)).rounds as Record<string, unknown[]>;
    await db.doc(`events/${EVENT}`).update({ 'rounds.round_1': [...(rounds.round_1 ?? []), ...special] });
    await startMatching(db);

    expect(await runMatching(db, EVENT, settings)).toEqual({
      state: 'done',
      counts: { presenters: 3, providers: 2, matches: 2 },
    });
    expect(Object.keys(await finalMatches(db)).sort()).toEqual([`${EVENT}_p-ada`, `${EVENT}_p-lin`, `${EVENT}_p-sam`]);
  });

  it('uses the default minimum score (4) and limit (5) when the event sets none', async () => {
    const db = admin();
    await seed(db);
    await db.collection('events').doc(EVENT).set(storedEvent());
    for (const [index, rating] of [5, 5, 4, 4, 4, 3].entries()) {
      await db
        .collection('providers')
        .doc(`prov-extra-${index}`)
        .set({ first_name: 'Extra', last_name: `No${index}`, email: `extra${index}@example.com`, company: 'Extra Co' });
      await answer(db, `prov-extra-${index}`, 'p-sam', 'q-team', rating);
    }
    await startMatching(db);

    await runMatching(db, EVENT, settings);

    const sam = (await matchReasons(db))[`${EVENT}_p-sam`] as typeof samReasons;
    expect(sam.providers.map((match) => [match.provider_id, match.score])).toEqual([
      ['prov-extra-0', 5],
      ['prov-extra-1', 5],
      ['prov-extra-2', 4],
      ['prov-extra-3', 4],
      ['prov-extra-4', 4],
    ]);
  });

  it('goes running → done on the event, as a listener sees it', async () => {
    const db = admin();
    await seed(db);
    const states: unknown[] = [];
    const unsubscribe = db
      .collection('events')
      .doc(EVENT)
      .onSnapshot((snapshot) => {
        const state = snapshot.get('matching_status.state');
        if (state !== undefined && states.at(-1) !== state) states.push(state);
      });
    cleanups.push(unsubscribe);
    await startMatching(db);

    await runMatching(db, EVENT, settings);

    await eventually(() => expect(states).toEqual(['running', 'done']));
  });

  it('does nothing when it runs again for the same request', async () => {
    const db = admin();
    await seed(db);
    await startMatching(db);
    await runMatching(db, EVENT, settings);
    const before = await storedEventData(db);

    expect(await runMatching(db, EVENT, settings)).toEqual({ state: 'skipped' });

    expect(await storedEventData(db)).toEqual(before);
    expect(Object.keys(await finalMatches(db))).toHaveLength(3);
    expect(Object.keys(await matchReasons(db))).toHaveLength(3);
  });

  it("replaces the event's matches and their reasons on a second request: new answers count, a presenter who left the rounds loses theirs", async () => {
    const db = admin();
    await seed(db);
    // Earlier results under another id (as the demo data has them), and another event's results.
    await db
      .collection('final_matches')
      .doc('legacy-match-ada')
      .set({ ...adaMatch });
    await db
      .collection('match_reasons')
      .doc('legacy-match-ada')
      .set({ ...adaReasons });
    await db
      .collection('final_matches')
      .doc(`${OTHER_EVENT}_p-sam`)
      .set({ ...samMatch, event_id: OTHER_EVENT });
    await db
      .collection('match_reasons')
      .doc(`${OTHER_EVENT}_p-sam`)
      .set({ ...samReasons, event_id: OTHER_EVENT });
    await startMatching(db);
    await runMatching(db, EVENT, settings);
    const ids = [`${EVENT}_p-ada`, `${EVENT}_p-lin`, `${EVENT}_p-sam`];
    expect(Object.keys(await finalMatches(db)).sort()).toEqual(ids);
    expect(Object.keys(await matchReasons(db)).sort()).toEqual(ids);

    await db
      .collection('events')
      .doc(EVENT)
      .update({ 'rounds.round_1': FieldValue.arrayRemove({ presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' }) });
    // Kim's market access 5 for Lin brings Kim's mean to 4: a second match, after Lee's 4.5.
    await answer(db, 'prov-kim', 'p-lin', 'q-market', 5);
    await startMatching(db);
    const outcome = await runMatching(db, EVENT, settings);

    expect(outcome).toEqual({ state: 'done', counts: { presenters: 2, providers: 2, matches: 3 } });
    expect(await finalMatches(db)).toEqual({
      [`${EVENT}_p-ada`]: adaMatch,
      [`${EVENT}_p-lin`]: {
        ...linMatch,
        matched_providers: [...linMatch.matched_providers, { provider_id: 'prov-kim', provider_details: KIM }],
      },
    });
    expect(await matchReasons(db)).toEqual({
      [`${EVENT}_p-ada`]: adaReasons,
      [`${EVENT}_p-lin`]: {
        ...linReasons,
        providers: [
          ...linReasons.providers,
          providerReasons('prov-kim', 4, 2, [
            ['q-market', 'Market access', 5],
            ['q-team', 'Team support', 3],
          ]),
        ],
      },
    });
    expect(Object.keys(await finalMatches(db, OTHER_EVENT))).toEqual([`${OTHER_EVENT}_p-sam`]);
    expect(Object.keys(await matchReasons(db, OTHER_EVENT))).toEqual([`${OTHER_EVENT}_p-sam`]);
  });

  it('matches the largest event the rules allow (3 rounds of 200) and replaces all of its results', async () => {
    const db = admin();
    await seed(db);
    const entry = (round: number, index: number) => ({
      presenter_id: `p-${round}-${index}`,
      first_name: `Round${round}`,
      last_name: `No${index}`,
    });
    const rounds = Object.fromEntries(
      [1, 2, 3].map((round) => [`round_${round}`, Array.from({ length: 200 }, (_, index) => entry(round, index))]),
    );
    for (const round of Object.values(rounds)) {
      const batch = db.batch();
      for (const { presenter_id, first_name, last_name } of round) {
        batch.set(db.collection('presenters').doc(presenter_id), presenter(first_name, last_name, []));
      }
      await batch.commit();
    }
    await db.collection('events').doc(EVENT).update({ rounds, number_of_rounds: 3, is_matching: true });

    // 1200 writes: a final match and its reasons for each presenter.
    expect(await runMatching(db, EVENT, settings)).toEqual({
      state: 'done',
      counts: { presenters: 600, providers: 0, matches: 0 },
    });
    expect(Object.keys(await finalMatches(db))).toHaveLength(600);
    expect(Object.keys(await matchReasons(db))).toHaveLength(600);

    await db
      .collection('events')
      .doc(EVENT)
      .update({ rounds: { round_1: rounds.round_2 }, number_of_rounds: 1, is_matching: true });
    await runMatching(db, EVENT, settings);

    const expected = rounds.round_2?.map((item) => `${EVENT}_${item.presenter_id}`).sort();
    expect(Object.keys(await finalMatches(db)).sort()).toEqual(expected);
    expect(Object.keys(await matchReasons(db)).sort()).toEqual(expected);
  });

  it('produces one result when two runners take the same request at the same time', async () => {
    const db = admin();
    const other = openAdminDb(projectId);
    cleanups.push(() => other.close());
    await seed(db);
    await startMatching(db);

    const outcomes = await Promise.all([runMatching(db, EVENT, settings), runMatching(other.db, EVENT, settings)]);

    expect(outcomes.map((outcome) => outcome.state).sort()).toEqual(['done', 'skipped']);
    expect(await finalMatches(db)).toEqual(springMatches);
    expect(Object.keys(await matchReasons(db))).toHaveLength(3);
    expect(await storedEventData(db)).toMatchObject({ is_matching: false, matching_status: { state: 'done' } });
  });

  it("leaves another runner's fresh claim alone, and takes it over once it is over 10 minutes old", async () => {
    const db = admin();
    await seed(db);
    const claimedAt = Timestamp.fromMillis(Date.now() - 60_000);
    const claim = { state: 'running', at: claimedAt, started_at: claimedAt, run_id: 'another-runner' };
    await db.collection('events').doc(EVENT).update({ is_matching: true, matching_status: claim });

    expect(await runMatching(db, EVENT, settings)).toEqual({ state: 'skipped' });
    expect(await storedEventData(db)).toMatchObject({ is_matching: true, matching_status: claim });
    expect(await finalMatches(db)).toEqual({});

    const elevenMinutesLater = claimedAt.toMillis() + 11 * 60_000;
    expect(await runMatching(db, EVENT, { ...settings, now: elevenMinutesLater })).toMatchObject({ state: 'done' });
    expect(Object.keys(await finalMatches(db))).toHaveLength(3);
    expect(await storedEventData(db)).toMatchObject({ is_matching: false, matching_status: { state: 'done' } });
  });

  it('takes over a claim that is already over 10 minutes old by the server clock', async () => {
    const db = admin();
    await seed(db);
    const claimedAt = Timestamp.fromMillis(Date.now() - 11 * 60_000);
    await db
      .collection('events')
      .doc(EVENT)
      .update({ is_matching: true, matching_status: { state: 'running', at: claimedAt, started_at: claimedAt, run_id: 'dead' } });

    expect(await runMatching(db, EVENT, settings)).toMatchObject({ state: 'done' });
  });

  it('ends failed with the reason for a malformed event, lowering the flag and writing no matches', async () => {
    const db = admin();
    await seed(db);
    await db
      .collection('events')
      .doc(EVENT)
      .update({ is_matching: true, rounds: { round_1: 'Ada, Lin and Sam' } });

    const outcome = await runMatching(db, EVENT, settings);

    const reason = "The event's round_1 is not a list of presenters.";
    expect(outcome).toEqual({ state: 'failed', reason });
    const event = await storedEventData(db);
    expect(event.is_matching).toBe(false);
    expect(event.matching_status).toEqual({
      state: 'failed',
      ...RUN_TIMES,
      reason,
    });
    expect(await finalMatches(db)).toEqual({});
    expect(await matchReasons(db)).toEqual({});
    expect(describeReaction('Matching', false, { state: 'failed', at: null, reason })).toBe(`Matching failed: ${reason}`);
  });

  it('ends failed when a matching setting of the event is not a number', async () => {
    const db = admin();
    await seed(db);
    await db.collection('events').doc(EVENT).update({ is_matching: true, min_match_score: 'four' });

    expect(await runMatching(db, EVENT, settings)).toEqual({
      state: 'failed',
      reason: "The event's min_match_score is not a number.",
    });
    expect(await storedEventData(db)).toMatchObject({ is_matching: false, matching_status: { state: 'failed' } });
  });

  it('does nothing for an event without a request, or that is gone', async () => {
    const db = admin();
    await seed(db);

    expect(await runMatching(db, EVENT, settings)).toEqual({ state: 'skipped' });
    expect(await runMatching(db, 'no-such-event', settings)).toEqual({ state: 'skipped' });
    expect(await storedEventData(db)).not.toHaveProperty('matching_status');
    expect(await finalMatches(db)).toEqual({});
  });
});

describe('runMatching: fair scores and conflicts of interest', () => {
  const OLA = {
    first_name: 'Ola',
    last_name: 'Okafor',
    email: 'ola@okafor-diagnostics.example.org',
    company: 'Okafor Diagnostics, Inc.',
  };
  const olaExcluded = { provider_id: 'prov-ola', name: 'Ola Okafor', reason: 'same company' };

  /** Ola works for Ada's company (under another legal form) and rates Ada's market access 5. */
  async function seedConflict(db: Firestore): Promise<void> {
    await seed(db);
    await db
      .collection('providers')
      .doc('prov-ola')
      .set({ ...OLA, phone: '', terms_accepted: true });
    await answer(db, 'prov-ola', 'p-ada', 'q-market', 5);
  }

  it('with both settings on, records in the reasons that the scores are fair and which conflict was excluded', async () => {
    const db = admin();
    await seedConflict(db);
    await db.collection('events').doc(EVENT).update({ fair_scores: true, exclude_conflicts: true, is_matching: true });

    expect(await runMatching(db, EVENT, settings)).toEqual({
      state: 'done',
      counts: { presenters: 3, providers: 2, matches: 2 },
    });

    expect(await finalMatches(db)).toEqual(springMatches);
    // Kim and Lee rated fewer than 5 times: their fair scores are their raw stars.
    expect(await matchReasons(db)).toEqual({
      [`${EVENT}_p-ada`]: { ...adaReasons, fair_scores: true, excluded_conflicts: [olaExcluded] },
      [`${EVENT}_p-lin`]: { ...linReasons, fair_scores: true },
      [`${EVENT}_p-sam`]: { ...samReasons, fair_scores: true },
    });
  });

  it('excludes conflicts when the event does not say, and matches them when the event turns it off', async () => {
    const db = admin();
    await seedConflict(db);
    await startMatching(db);
    await runMatching(db, EVENT, settings);
    expect((await matchReasons(db))[`${EVENT}_p-ada`]).toEqual({ ...adaReasons, excluded_conflicts: [olaExcluded] });

    await db.collection('events').doc(EVENT).update({ exclude_conflicts: false, is_matching: true });
    await runMatching(db, EVENT, settings);

    expect((await finalMatches(db))[`${EVENT}_p-ada`]).toEqual({
      ...adaMatch,
      matched_providers: [...adaMatch.matched_providers, { provider_id: 'prov-ola', provider_details: OLA }],
    });
    expect((await matchReasons(db))[`${EVENT}_p-ada`]).not.toHaveProperty('excluded_conflicts');
  });

  it('ends failed when a setting of the event is not true or false', async () => {
    const db = admin();
    await seed(db);
    await db.collection('events').doc(EVENT).update({ is_matching: true, exclude_conflicts: 'yes' });

    expect(await runMatching(db, EVENT, settings)).toEqual({
      state: 'failed',
      reason: "The event's exclude_conflicts is not true or false.",
    });
  });
});

describe('the onEventUpdated Cloud Function', () => {
  it('matches the event whose is_matching was raised, with the contact of its params as the fallback', async () => {
    const db = admin();
    await seed(db);
    // Params are read from the environment at run time, as Cloud Functions sets them; the names
    // left unset take their defaults ('Innovation' 'Office').
    Object.assign(process.env, {
      GCLOUD_PROJECT: projectId,
      CONTACT_EMAIL: OFFICE.email,
      ORGANISATION_NAME: OFFICE.company,
    });
    const { onEventUpdated } = await import('../../functions/src/index');
    type EventUpdate = Parameters<typeof onEventUpdated.run>[0];
    const before = await db.collection('events').doc(EVENT).get();
    await startMatching(db);
    const after = await db.collection('events').doc(EVENT).get();

    await onEventUpdated.run({ params: { eventId: EVENT }, data: { before, after } } as unknown as EventUpdate);

    expect(await finalMatches(db)).toEqual(springMatches);
    expect(await matchReasons(db)).toEqual(springReasons);
    expect(await storedEventData(db)).toMatchObject({ is_matching: false, matching_status: { state: 'done' } });
  });
});
