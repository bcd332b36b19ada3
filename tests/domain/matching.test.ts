// The matching core (DECISIONS.md, "Matching"): each rule on a small hand-made event, then
// properties over generated events (fast-check): order never matters, the limit and the minimum
// hold, the fallback appears exactly when nobody matched, incomplete providers and other events'
// answers never count, and the result agrees with a plain re-statement of the rules.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionType } from '../../domain/documents';
import { countsInMatching, QUESTION_TYPE_NAMES } from '../../domain/questionTypes';
import { FALLBACK_PROVIDER_ID, finalMatchId, matchEvent, type MatchInput, type MatchResponse } from '../../domain/matching';
import { defined } from '../support/defined';

const EVENT = 'event-1';
const fallback = { first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu', company: 'Innovation Office' };

function presenter(favourites: string[] = [], extra: Partial<MatchInput['presenters'][string]> = {}) {
  return {
    first_name: 'Sam',
    last_name: 'Pitcher',
    email: 'sam@example.com',
    company: 'MedStart',
    linkedin_url: 'https://linkedin.com/in/sam',
    profile_url: 'https://example.com/sam.png',
    favourites,
    ...extra,
  };
}

function provider(name: string, extra: Partial<MatchInput['providers'][string]> = {}) {
  return { first_name: name, last_name: 'Expert', email: `${name.toLowerCase()}@example.com`, company: `${name} Ltd`, ...extra };
}

/** A star answer by `providerId` for presenter 'sam', unless told otherwise. */
function answer(providerId: string, questionId: string, rating: number | null, more: Partial<MatchResponse> = {}): MatchResponse {
  return {
    provider_id: providerId,
    presenter_id: 'sam',
    question_id: questionId,
    event_id: EVENT,
    type: 'stars',
    rating,
    answeredAt: 1000,
    ...more,
  };
}

/** One presenter 'sam', three star questions, a rating and a text question, providers ada, bo, cy, di. */
function input(responses: MatchResponse[], more: Partial<MatchInput> = {}): MatchInput {
  return {
    eventId: EVENT,
    presenterIds: ['sam'],
    presenters: { sam: presenter() },
    questions: {
      q1: { type: 'stars', title: 'Market need' },
      q2: { type: 'stars', title: 'Team' },
      q3: { type: 'stars', title: 'Fit with us' },
      qr: { type: 'rating', title: 'Overall' },
      qt: { type: 'text', title: 'Comments' },
    },
    providers: { ada: provider('Ada'), bo: provider('Bo'), cy: provider('Cy'), di: provider('Di') },
    responses,
    minScore: 4,
    maxMatches: 5,
    fallback,
    ...more,
  };
}

function only(results: ReturnType<typeof matchEvent>) {
  expect(results).toHaveLength(1);
  return defined(results[0], 'The one result');
}

/** The matched provider ids of the only presenter, best first. */
function matchedIds(data: MatchInput): string[] {
  return only(matchEvent(data)).matched_providers.map((match) => match.provider_id);
}

describe('matchEvent: the score', () => {
  it("is the mean of the provider's star ratings on all star questions when the presenter has no favourites", () => {
    const result = only(matchEvent(input([answer('ada', 'q1', 5), answer('ada', 'q2', 4), answer('ada', 'q3', 3)])));
    expect(result.matched_providers).toMatchObject([{ provider_id: 'ada', score: 4, questions_answered: 3 }]);
    expect(result.fallback).toBe(false);
  });

  it("counts only the presenter's favourite questions when they have some", () => {
    const data = input([answer('ada', 'q1', 5), answer('ada', 'q2', 5), answer('ada', 'q3', 1)], {
      presenters: { sam: presenter(['q1', 'q2']) },
    });
    expect(only(matchEvent(data)).matched_providers).toMatchObject([{ provider_id: 'ada', score: 5, questions_answered: 2 }]);
  });

  it('averages only the counting questions the provider answered', () => {
    const data = input([answer('ada', 'q2', 4)], { presenters: { sam: presenter(['q1', 'q2']) } });
    expect(only(matchEvent(data)).matched_providers).toMatchObject([{ provider_id: 'ada', score: 4, questions_answered: 1 }]);
  });

  it('gives no score to a provider who answered none of the favourite questions (no fallback to other questions)', () => {
    const data = input([answer('ada', 'q3', 5)], { presenters: { sam: presenter(['q1', 'q2']) } });
    expect(only(matchEvent(data)).fallback).toBe(true);
  });

  it("counts only 'stars' answers with a rating: not 'rating' or 'text' answers, nor a null or off-scale rating", () => {
    const data = input([
      answer('ada', 'q1', 3),
      answer('ada', 'qr', 5, { type: 'rating' }),
      answer('ada', 'qt', 5, { type: 'text' }),
      answer('ada', 'q2', null),
      answer('ada', 'q3', 9),
      answer('bo', 'q1', 0),
    ]);
    expect(only(matchEvent({ ...data, minScore: 1 })).matched_providers).toMatchObject([
      { provider_id: 'ada', score: 3, questions_answered: 1 },
    ]);
  });

  it('ignores a star answer to a question that is no longer a star question', () => {
    const data = input([answer('ada', 'q1', 5), answer('ada', 'qr', 1)]);
    expect(only(matchEvent(data)).matched_providers).toMatchObject([{ provider_id: 'ada', score: 5, questions_answered: 1 }]);
  });

  it('counts only the answers of this event', () => {
    const data = input([
      answer('ada', 'q1', 5, { event_id: 'other-event' }),
      answer('bo', 'q1', 2),
      answer('bo', 'q2', 5, { event_id: 'other-event' }),
    ]);
    expect(only(matchEvent({ ...data, minScore: 1 })).matched_providers).toMatchObject([{ provider_id: 'bo', score: 2 }]);
  });

  it('counts all star questions when the favourites name no star question (text questions, deleted questions)', () => {
    const data = input([answer('ada', 'q3', 5)], { presenters: { sam: presenter(['qt', 'deleted-question']) } });
    expect(matchedIds(data)).toEqual(['ada']);
  });

  it('counts one answer per question, the latest, when the same question was answered twice', () => {
    const data = input([answer('ada', 'q1', 5, { answeredAt: 1 }), answer('ada', 'q1', 2, { answeredAt: 2 })]);
    expect(only(matchEvent({ ...data, minScore: 1 })).matched_providers).toMatchObject([{ score: 2, questions_answered: 1 }]);
  });

  it('says why: the questions that counted with their titles, highest rating first', () => {
    const data = input([
      answer('ada', 'q1', 4),
      answer('ada', 'q2', 5),
      answer('ada', 'q3', 4),
      answer('ada', 'qt', null, { type: 'text' }),
    ]);
    expect(only(matchEvent(data)).matched_providers[0]?.reasons).toEqual([
      { question_id: 'q2', title: 'Team', rating: 5 },
      { question_id: 'q1', title: 'Market need', rating: 4 },
      { question_id: 'q3', title: 'Fit with us', rating: 4 },
    ]);
  });
});

describe('matchEvent: who matches', () => {
  it('matches a score equal to the minimum, not one below it', () => {
    const data = input([answer('ada', 'q1', 4), answer('bo', 'q1', 4), answer('bo', 'q2', 3)]);
    expect(matchedIds(data)).toEqual(['ada']);
    expect(matchedIds({ ...data, minScore: 3.5 })).toEqual(['ada', 'bo']);
  });

  it('keeps the highest scores up to the limit', () => {
    const data = input([answer('ada', 'q1', 4), answer('bo', 'q1', 5), answer('cy', 'q1', 1), answer('di', 'q1', 3)], {
      minScore: 1,
      maxMatches: 2,
    });
    expect(matchedIds(data)).toEqual(['bo', 'ada']);
  });

  it('breaks a tie by more questions answered, then the earliest answer, then the provider id', () => {
    const data = input(
      [
        answer('di', 'q1', 5, { answeredAt: 50 }),
        answer('bo', 'q1', 5, { answeredAt: 90 }),
        answer('bo', 'q2', 5, { answeredAt: 95 }),
        answer('cy', 'q1', 5, { answeredAt: 10 }),
        answer('ada', 'q1', 5, { answeredAt: 50 }),
      ],
      { maxMatches: 4 },
    );
    expect(matchedIds(data)).toEqual(['bo', 'cy', 'ada', 'di']);
  });

  it('leaves out providers without a first name, last name, e-mail or company, and answers from unknown providers', () => {
    const data = input(
      ['ada', 'bo', 'cy', 'di', 'eve', 'ghost'].map((id) => answer(id, 'q1', 5)),
      {
        providers: {
          ada: provider('Ada', { first_name: ' ' }),
          bo: provider('Bo', { last_name: '' }),
          cy: provider('Cy', { email: '' }),
          di: provider('Di', { company: '' }),
          eve: provider('Eve'),
        },
      },
    );
    expect(matchedIds(data)).toEqual(['eve']);
  });

  it('copies only the details final_matches shows (never a provider document whole, with its phone)', () => {
    const providers = { ada: { ...provider('Ada'), phone: '(555) 555-5555' } };
    const result = only(matchEvent(input([answer('ada', 'q1', 5)], { providers })));
    expect(result.matched_providers[0]?.provider_details).toEqual(provider('Ada'));
  });
});

describe('matchEvent: the fallback', () => {
  it('gives a presenter nobody matched the innovation-office contact, with score 0 and fallback true', () => {
    const result = only(matchEvent(input([answer('ada', 'q1', 3)])));
    expect(result.fallback).toBe(true);
    expect(result.matched_providers).toEqual([
      { provider_id: FALLBACK_PROVIDER_ID, provider_details: fallback, score: 0, questions_answered: 0, reasons: [] },
    ]);
    expect(FALLBACK_PROVIDER_ID).toBe('innovation-office');
  });

  it('gives the fallback to a presenter nobody rated at all', () => {
    expect(only(matchEvent(input([]))).fallback).toBe(true);
  });
});

describe('matchEvent: the results', () => {
  it('has one result per presenter in the rounds, in round order, with a deterministic id and the details', () => {
    const data = input([], {
      presenterIds: ['kim', 'sam', 'missing', 'kim'],
      presenters: { sam: presenter(), kim: presenter([], { first_name: 'Kim', linkedin_url: '', profile_url: '  ' }) },
    });
    const results = matchEvent(data);
    expect(results.map((result) => [result.id, result.presenter_id])).toEqual([
      [finalMatchId(EVENT, 'kim'), 'kim'],
      [finalMatchId(EVENT, 'sam'), 'sam'],
    ]);
    expect(finalMatchId('e', 'p')).toBe('e_p');
    expect(results[0]?.presenter_details).toEqual({
      first_name: 'Kim',
      last_name: 'Pitcher',
      email: 'sam@example.com',
      company: 'MedStart',
      linkedin_url: null,
      profile_url: null,
    });
    expect(results[1]?.presenter_details.linkedin_url).toBe('https://linkedin.com/in/sam');
  });

  it('scores each presenter from their own answers', () => {
    const data = input([answer('ada', 'q1', 5), answer('bo', 'q1', 5, { presenter_id: 'kim' })], {
      presenterIds: ['sam', 'kim'],
      presenters: { sam: presenter(), kim: presenter() },
    });
    expect(matchEvent(data).map((result) => result.matched_providers.map((match) => match.provider_id))).toEqual([
      ['ada'],
      ['bo'],
    ]);
  });

  it('ignores answers for presenters outside the rounds, and ids that are Object members', () => {
    const data = input([answer('ada', 'q1', 5, { presenter_id: 'elsewhere' }), answer('constructor', 'q1', 5)], {
      presenterIds: ['sam', 'toString'],
    });
    expect(matchEvent(data).map((result) => result.presenter_id)).toEqual(['sam']);
    expect(matchedIds(data)).toEqual([FALLBACK_PROVIDER_ID]);
  });
});

// --- Properties -------------------------------------------------------------------------------

const QUESTION_IDS = ['q1', 'q2', 'q3', 'q4'];
const PROVIDER_IDS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
const PRESENTER_IDS = ['s1', 's2', 's3'];

/** Usually filled, sometimes blank: about one provider in three is incomplete. */
const field = (value: string) => fc.oneof({ weight: 9, arbitrary: fc.constant(value) }, fc.constantFrom('', '  '));

/** Any type of the list, a type matching counts `weight` times as often as the others. */
const questionType = (weight: number): fc.Arbitrary<QuestionType> =>
  fc.oneof(
    { weight, arbitrary: fc.constantFrom(...QUESTION_TYPE_NAMES.filter(countsInMatching)) },
    { weight: 1, arbitrary: fc.constantFrom(...QUESTION_TYPE_NAMES) },
  );

const arbitraryInput: fc.Arbitrary<MatchInput> = fc
  .record({
    types: fc.array(questionType(3), {
      minLength: QUESTION_IDS.length,
      maxLength: QUESTION_IDS.length,
    }),
    providers: fc.array(
      fc.option(
        fc.record({ first_name: field('Ada'), last_name: field('Lee'), email: field('a@example.com'), company: field('Co') }),
      ),
      { minLength: PROVIDER_IDS.length, maxLength: PROVIDER_IDS.length },
    ),
    favourites: fc.array(fc.option(fc.subarray([...QUESTION_IDS, 'deleted'])), {
      minLength: PRESENTER_IDS.length,
      maxLength: PRESENTER_IDS.length,
    }),
    presenterIds: fc.array(fc.constantFrom(...PRESENTER_IDS, 'unknown'), { minLength: 1, maxLength: 5 }),
    responses: fc.array(
      fc.record({
        provider_id: fc.constantFrom(...PROVIDER_IDS),
        presenter_id: fc.constantFrom(...PRESENTER_IDS),
        question_id: fc.constantFrom(...QUESTION_IDS),
        event_id: fc.constantFrom(EVENT, EVENT, EVENT, 'other-event'),
        type: questionType(4),
        rating: fc.option(fc.integer({ min: 1, max: 5 }), { freq: 8 }),
        // Few distinct times, so that full ties (score, count and earliest answer) are common.
        answeredAt: fc.integer({ min: 0, max: 5 }),
      }),
      // Enough answers that presenters often have several matches, ties and repeated answers.
      { minLength: 40, maxLength: 150 },
    ),
    minScore: fc.constantFrom(1, 2.5, 3, 3.5, 4, 5),
    maxMatches: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ types, providers, favourites, presenterIds, responses, minScore, maxMatches }) => ({
    eventId: EVENT,
    presenterIds,
    // A null favourites entry: a presenter with no document at all.
    presenters: Object.fromEntries(
      PRESENTER_IDS.flatMap((id, index) => {
        const chosen = favourites[index];
        return chosen === null || chosen === undefined ? [] : [[id, presenter(chosen, { first_name: id })]];
      }),
    ),
    questions: Object.fromEntries(QUESTION_IDS.map((id, index) => [id, { type: types[index] ?? 'stars', title: `Title ${id}` }])),
    providers: Object.fromEntries(PROVIDER_IDS.flatMap((id, index) => (providers[index] ? [[id, providers[index]]] : []))),
    responses,
    minScore,
    maxMatches,
    fallback,
  }));

const isComplete = (details: MatchInput['providers'][string]) =>
  [details.first_name, details.last_name, details.email, details.company].every((value) => value.trim() !== '');

/** DECISIONS.md's rules restated as plainly as possible: each presenter's expected match ids, best first. */
function expectedMatches(data: MatchInput, presenterId: string): string[] {
  const stars = QUESTION_IDS.filter((id) => {
    const type = data.questions[id]?.type;
    return type !== undefined && countsInMatching(type);
  });
  const favourites = (data.presenters[presenterId]?.favourites ?? []).filter((id) => stars.includes(id));
  const counting = favourites.length > 0 ? favourites : stars;
  const scored = Object.entries(data.providers)
    .filter(([, details]) => isComplete(details))
    .flatMap(([providerId]) => {
      const latest = new Map<string, MatchResponse>();
      for (const response of data.responses) {
        const counts =
          response.event_id === EVENT &&
          response.presenter_id === presenterId &&
          response.provider_id === providerId &&
          countsInMatching(response.type) &&
          response.rating !== null &&
          counting.includes(response.question_id);
        const before = latest.get(response.question_id);
        const later =
          !before ||
          response.answeredAt > before.answeredAt ||
          (response.answeredAt === before.answeredAt && (response.rating ?? 0) > (before.rating ?? 0));
        if (counts && later) latest.set(response.question_id, response);
      }
      const answers = [...latest.values()];
      if (answers.length === 0) return [];
      const score = answers.reduce((sum, response) => sum + (response.rating ?? 0), 0) / answers.length;
      return [
        { providerId, score, count: answers.length, earliest: Math.min(...answers.map((response) => response.answeredAt)) },
      ];
    })
    .filter((candidate) => candidate.score >= data.minScore)
    .sort((a, b) => b.score - a.score || b.count - a.count || a.earliest - b.earliest || (a.providerId < b.providerId ? -1 : 1));
  return scored.slice(0, data.maxMatches).map((candidate) => candidate.providerId);
}

const realMatches = (result: ReturnType<typeof matchEvent>[number]) => (result.fallback ? [] : result.matched_providers);

/** The same record with its keys in another order. */
const reorder = <T>(record: Record<string, T>, keys: string[]) =>
  Object.fromEntries(keys.flatMap((key) => (key in record ? [[key, record[key] as T]] : [])));

describe('matchEvent: properties', () => {
  it('gives the same output whatever order the responses, providers, questions and presenters come in', () => {
    const shuffled = arbitraryInput.chain((data) =>
      fc.tuple(
        fc.constant(data),
        fc.shuffledSubarray(data.responses, { minLength: data.responses.length, maxLength: data.responses.length }),
        fc.shuffledSubarray(PROVIDER_IDS, { minLength: PROVIDER_IDS.length, maxLength: PROVIDER_IDS.length }),
        fc.shuffledSubarray(QUESTION_IDS, { minLength: QUESTION_IDS.length, maxLength: QUESTION_IDS.length }),
        fc.shuffledSubarray(PRESENTER_IDS, { minLength: PRESENTER_IDS.length, maxLength: PRESENTER_IDS.length }),
      ),
    );
    fc.assert(
      fc.property(shuffled, ([data, responses, providerOrder, questionOrder, presenterOrder]) => {
        const other: MatchInput = {
          ...data,
          responses,
          providers: reorder(data.providers, providerOrder),
          questions: reorder(data.questions, questionOrder),
          presenters: reorder(data.presenters, presenterOrder),
        };
        expect(matchEvent(other)).toEqual(matchEvent(data));
      }),
    );
  });

  it('never gives a presenter more than the limit', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        for (const result of matchEvent(data)) expect(result.matched_providers.length).toBeLessThanOrEqual(data.maxMatches);
      }),
    );
  });

  it('never matches a score under the minimum', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        for (const result of matchEvent(data))
          for (const match of realMatches(result)) expect(match.score).toBeGreaterThanOrEqual(data.minScore);
      }),
    );
  });

  it('gives the fallback, alone, exactly when a presenter has no real match', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        for (const result of matchEvent(data)) {
          const hasFallback = result.matched_providers.some((match) => match.provider_id === FALLBACK_PROVIDER_ID);
          expect(hasFallback).toBe(expectedMatches(data, result.presenter_id).length === 0);
          expect(result.fallback).toBe(hasFallback);
          if (hasFallback) expect(result.matched_providers).toHaveLength(1);
        }
      }),
    );
  });

  it('never lists an incomplete or unknown provider', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        for (const result of matchEvent(data))
          for (const match of realMatches(result)) {
            const details = data.providers[match.provider_id];
            expect(details && isComplete(details)).toBe(true);
          }
      }),
    );
  });

  it("counts only this event's responses, whatever the other events hold", () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        const ownOnly = { ...data, responses: data.responses.filter((response) => response.event_id === EVENT) };
        const boosted = {
          ...data,
          responses: data.responses.map((response) =>
            response.event_id === EVENT ? response : { ...response, type: 'stars' as const, rating: 5, answeredAt: -1 },
          ),
        };
        const expected = matchEvent(ownOnly);
        expect(matchEvent(data)).toEqual(expected);
        expect(matchEvent(boosted)).toEqual(expected);
      }),
    );
  });

  it('agrees with a plain statement of the rules, and explains each match by the answers that made its score', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        for (const result of matchEvent(data)) {
          const matches = realMatches(result);
          expect(matches.map((match) => match.provider_id)).toEqual(expectedMatches(data, result.presenter_id));
          for (const match of matches) {
            const ratings = match.reasons.map((reason) => reason.rating);
            expect(match.reasons).toHaveLength(match.questions_answered);
            expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
            expect(ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length).toBe(match.score);
          }
        }
      }),
    );
  });
});

// --- Fair scores and conflicts of interest ------------------------------------------

/**
 * Ada rates everyone high (seven 5s and a 4), Bo rates everyone low but Sam (4 and 4 for Sam, 1s
 * and 2s for Kim and Lee): on raw stars Ada's 5 for Sam beats Bo's 4; against their own habits,
 * Bo's 4 stands out far more than Ada's 5. Cy rated only twice: too few to standardise.
 */
function leniencyEvent(more: Partial<MatchInput> = {}): MatchInput {
  const rate = (providerId: string, presenterId: string, ratings: number[]) =>
    ratings.map((rating, index) => answer(providerId, `q${index + 1}`, rating, { presenter_id: presenterId }));
  return input(
    [
      ...rate('ada', 'sam', [5, 5]),
      ...rate('ada', 'kim', [5, 5, 5]),
      ...rate('ada', 'lee', [4, 5, 5]),
      ...rate('bo', 'sam', [4, 4]),
      ...rate('bo', 'kim', [1, 2, 1]),
      ...rate('bo', 'lee', [2, 1, 2]),
      ...rate('cy', 'sam', [4, 4]),
    ],
    {
      presenterIds: ['sam', 'kim', 'lee'],
      presenters: { sam: presenter(), kim: presenter([], { first_name: 'Kim' }), lee: presenter([], { first_name: 'Lee' }) },
      ...more,
    },
  );
}

const samOf = (results: ReturnType<typeof matchEvent>) => defined(results[0], "Sam's result");

describe('matchEvent: fair scores', () => {
  it('ranks on raw stars by default, and on ratings standardised against each provider when fairScores is on', () => {
    expect(samOf(matchEvent(leniencyEvent())).matched_providers.map((match) => match.provider_id)).toEqual(['ada', 'bo', 'cy']);
    expect(samOf(matchEvent(leniencyEvent({ maxMatches: 1 }))).matched_providers[0]?.provider_id).toBe('ada');

    const fair = samOf(matchEvent(leniencyEvent({ fairScores: true })));
    expect(fair.matched_providers.map((match) => match.provider_id)).toEqual(['bo', 'ada', 'cy']);
    expect(samOf(matchEvent(leniencyEvent({ fairScores: true, maxMatches: 1 }))).matched_providers[0]?.provider_id).toBe('bo');
  });

  it('maps onto the event scale (5 at most), keeps a provider with few ratings on raw stars, and shows the stars given', () => {
    const [bo, ada, cy] = samOf(matchEvent(leniencyEvent({ fairScores: true }))).matched_providers;
    // The event's 18 star ratings: mean 64/18 ≈ 3.56, spread ≈ 1.54.
    const event = { mean: 64 / 18, sd: Math.sqrt(270 / 18 - (64 / 18) ** 2) };
    // Bo: (4 − 17/8) / 1.166 ≈ 1.61 deviations above his mean: 3.56 + 1.61 × 1.54, capped at 5.
    expect(bo?.score).toBe(5);
    // Ada: (5 − 39/8) / 0.331 ≈ 0.38 deviations above hers: 3.56 + 0.38 × 1.54 ≈ 4.14.
    const adaSpread = Math.sqrt(7 / 64);
    expect(ada?.score).toBeCloseTo(event.mean + ((5 - 39 / 8) / adaSpread) * event.sd, 12);
    expect(cy).toMatchObject({ provider_id: 'cy', score: 4 });
    expect(ada?.reasons.map((reason) => reason.rating)).toEqual([5, 5]);
  });

  it('can lift a provider over the minimum, or drop one under it', () => {
    const strict = samOf(matchEvent(leniencyEvent({ minScore: 4.5 })));
    expect(strict.matched_providers.map((match) => match.provider_id)).toEqual(['ada']);
    const strictFair = samOf(matchEvent(leniencyEvent({ minScore: 4.5, fairScores: true })));
    expect(strictFair.matched_providers.map((match) => match.provider_id)).toEqual(['bo']);
  });
});

describe('matchEvent: conflicts of interest', () => {
  const sam = presenter([], { company: 'MedStart', email: 'sam@medstart.io' });
  const providers = {
    ada: provider('Ada', { company: 'MedStart, Inc.' }),
    bo: provider('Bo', { email: 'bo@MedStart.io' }),
    cy: provider('Cy', { email: 'cy@gmail.com' }),
    di: provider('Di', { company: 'Medstart GmbH' }),
  };
  const responses = [
    answer('ada', 'q1', 5),
    answer('bo', 'q1', 5),
    answer('bo', 'q2', 4),
    answer('cy', 'q1', 4),
    answer('di', 'q1', 3),
  ];

  it('never matches a provider of the same company or e-mail domain, and reports those who reached the minimum', () => {
    const result = only(matchEvent(input(responses, { presenters: { sam }, providers })));
    expect(result.matched_providers.map((match) => match.provider_id)).toEqual(['cy']);
    expect(result.fallback).toBe(false);
    // Di conflicts too, but scored under the minimum: not matched for that reason, so not reported.
    expect(result.excluded_conflicts).toEqual([
      { provider_id: 'ada', name: 'Ada Expert', reason: 'same company' },
      { provider_id: 'bo', name: 'Bo Expert', reason: 'same e-mail domain' },
    ]);
  });

  it('gives the limit to the next provider, and the fallback when every qualifying provider conflicts', () => {
    const first = only(matchEvent(input(responses, { presenters: { sam }, providers, maxMatches: 1 })));
    expect(first.matched_providers.map((match) => match.provider_id)).toEqual(['cy']);
    const conflicted = only(matchEvent(input(responses.slice(0, 3), { presenters: { sam }, providers })));
    expect(conflicted.fallback).toBe(true);
    expect(conflicted.matched_providers.map((match) => match.provider_id)).toEqual([FALLBACK_PROVIDER_ID]);
    expect(conflicted.excluded_conflicts.map((conflict) => conflict.provider_id)).toEqual(['ada', 'bo']);
  });

  it('matches them as DECISIONS.md says when excludeConflicts is false', () => {
    const result = only(matchEvent(input(responses, { presenters: { sam }, providers, excludeConflicts: false })));
    expect(result.matched_providers.map((match) => match.provider_id)).toEqual(['ada', 'bo', 'cy']);
    expect(result.excluded_conflicts).toEqual([]);
  });

  it('never counts a shared public e-mail domain as a conflict', () => {
    const kim = presenter([], { company: 'Kim Labs', email: 'kim@gmail.com' });
    const result = only(matchEvent(input([answer('cy', 'q1', 5)], { presenters: { sam: kim }, providers })));
    expect(result.matched_providers.map((match) => match.provider_id)).toEqual(['cy']);
    expect(result.excluded_conflicts).toEqual([]);
  });
});

/** The generated events with some providers of the presenters' company or e-mail domain. */
const arbitraryConflicted: fc.Arbitrary<MatchInput> = arbitraryInput.chain((data) =>
  fc
    .array(fc.constantFrom('none', 'company', 'domain'), { minLength: PROVIDER_IDS.length, maxLength: PROVIDER_IDS.length })
    .map((kinds) => ({
      ...data,
      presenters: Object.fromEntries(
        Object.entries(data.presenters).map(([id, stored]) => [id, { ...stored, email: `${id}@medstart.io` }]),
      ),
      providers: Object.fromEntries(
        Object.entries(data.providers).map(([id, details]) => {
          const kind = kinds[PROVIDER_IDS.indexOf(id)];
          if (kind === 'company' && details.company.trim() !== '') return [id, { ...details, company: 'MedStart Ltd' }];
          if (kind === 'domain' && details.email.trim() !== '') return [id, { ...details, email: `${id}@medstart.io` }];
          return [id, details];
        }),
      ),
    })),
);

const isConflicted = (data: MatchInput, providerId: string) => {
  const details = data.providers[providerId];
  return !!details && (details.company === 'MedStart Ltd' || details.email.endsWith('@medstart.io'));
};

describe('matchEvent: fair scores and conflicts, properties', () => {
  it('is exactly the DECISIONS.md result without the settings when nobody conflicts (the generated events share example.com)', () => {
    fc.assert(
      fc.property(arbitraryInput, (data) => {
        const plain = matchEvent({ ...data, fairScores: false, excludeConflicts: false });
        expect(matchEvent(data)).toEqual(plain);
        expect(matchEvent({ ...data, excludeConflicts: true })).toEqual(plain);
        for (const result of plain) expect(result.excluded_conflicts).toEqual([]);
      }),
    );
  });

  it('excludes a conflicted provider exactly as if they had not rated that presenter, and reports those who reached the minimum', () => {
    fc.assert(
      fc.property(arbitraryConflicted, (data) => {
        const withoutConflicted = {
          ...data,
          excludeConflicts: false,
          responses: data.responses.filter((response) => !isConflicted(data, response.provider_id)),
        };
        const unlimited = matchEvent({ ...data, excludeConflicts: false, maxMatches: PROVIDER_IDS.length });
        const results = matchEvent(data);
        expect(results.map(({ excluded_conflicts: _, ...rest }) => rest)).toEqual(
          matchEvent(withoutConflicted).map(({ excluded_conflicts: _, ...rest }) => rest),
        );
        results.forEach((result, index) => {
          const qualified = (unlimited[index]?.fallback ? [] : (unlimited[index]?.matched_providers ?? [])).map(
            (match) => match.provider_id,
          );
          expect(result.excluded_conflicts.map((conflict) => conflict.provider_id)).toEqual(
            qualified.filter((providerId) => isConflicted(data, providerId)),
          );
        });
      }),
    );
  });

  it('gives the same output in any order with fair scores on, within the limit and the minimum', () => {
    const shuffled = arbitraryInput.chain((data) =>
      fc.tuple(
        fc.constant({ ...data, fairScores: true }),
        fc.shuffledSubarray(data.responses, { minLength: data.responses.length, maxLength: data.responses.length }),
      ),
    );
    fc.assert(
      fc.property(shuffled, ([data, responses]) => {
        const results = matchEvent(data);
        expect(matchEvent({ ...data, responses })).toEqual(results);
        for (const result of results) {
          expect(result.matched_providers.length).toBeLessThanOrEqual(data.maxMatches);
          for (const match of realMatches(result)) {
            expect(match.score).toBeGreaterThanOrEqual(data.minScore);
            expect(match.score).toBeLessThanOrEqual(5);
          }
        }
      }),
    );
  });
});
