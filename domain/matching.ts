// Matching (DECISIONS.md, "Matching"): which providers each presenter of an event should meet,
// scored from the providers' star ratings. Pure, so that the Cloud Function, the local worker, the
// tests and the benchmark run the same code: the server reaction reads Firestore, calls
// `matchEvent`, and writes each result to final_matches/{result.id}.
//
// Where DECISIONS.md is silent, this module decides (and its tests pin down):
// - An answer counts when it is a `stars` answer, to a question that is a star question now, with
//   a rating on the 1-5 scale: a null rating is no answer, and a rating off the scale (only a
//   corrupt document holds one) must not skew a mean.
// - A presenter whose favourites name no star question (only text or rating questions, or
//   questions since deleted) counts as having no favourites: all star questions count, rather
//   than no provider ever scoring for them.
// - The same question answered twice for one presenter (only a copied document can do it: the
//   response id is per provider, event, presenter and question) counts once, the latest answer.
// - Ties after score, questions answered and earliest answer go by provider id (code-unit order,
//   not locale), so the result never depends on the order Firestore returns documents in.
// - The fallback is the configured innovation-office contact with provider_id 'innovation-office',
//   score 0, no questions answered and no reasons: 0 is not a rating, it says "not matched by
//   ratings", and `fallback: true` says the same to code.
// - A presenter listed twice in the rounds is matched once, at their first place.
// - The provider and presenter details copy only the fields final_matches shows, never a stored
//   document as a whole (a provider's phone must not reach the results).
//
// Two settings of the event change the rules above, each by itself:
// - `fairScores` (off unless true): each rating counts as the provider's fair rating, standardised
//   against the mean and spread of all their star ratings in the event (domain/insights.ts, with
//   its fallback to raw stars for providers with few ratings or no spread); the reasons still
//   show the stars given. Off, the scores are exactly the DECISIONS.md means.
// - `excludeConflicts` (ON unless false): a provider whose company or e-mail
//   domain is the presenter's (domain/insights.ts) is never matched with them. Those who reached
//   the minimum score are listed in the result's `excluded_conflicts`, best first, so the match
//   reasons can say a conflict was excluded; the limit then goes to the next providers.

import { RATING_MAX } from './constants.js';
import type {
  ConflictReason,
  ExcludedConflict,
  MatchedProvider,
  MatchReason,
  PresenterDetails,
  PresenterDocument,
  ProviderDetails,
  ProviderDocument,
  QuestionDocument,
} from './documents.js';
import { conflictBetween, standardiser } from './insights.js';
import { countsInMatching, type QuestionType } from './questionTypes.js';

export type { ExcludedConflict, MatchReason } from './documents.js';

/** The fallback match's provider id: the innovation office's contact, not a provider document. */
export const FALLBACK_PROVIDER_ID = 'innovation-office';

/** One stored answer, as matching reads it. */
export interface MatchResponse {
  provider_id: string;
  presenter_id: string;
  question_id: string;
  event_id: string;
  type: QuestionType;
  rating: number | null;
  /** The response's updated_at in ms: the earliest answer wins a tie. */
  answeredAt: number;
}

export interface MatchInput {
  eventId: string;
  /** Presenters in the event's rounds (ids in round order); those missing from `presenters` are skipped. */
  presenterIds: string[];
  /** Their stored documents by id. */
  presenters: Record<
    string,
    Pick<PresenterDocument, 'first_name' | 'last_name' | 'email' | 'company' | 'linkedin_url' | 'profile_url' | 'favourites'>
  >;
  /** Questions by id: the type says which count, the title names the reason. */
  questions: Record<string, Pick<QuestionDocument, 'type' | 'title'>>;
  /** Providers by id. */
  providers: Record<string, Pick<ProviderDocument, 'first_name' | 'last_name' | 'email' | 'company'>>;
  /** The event's answers: only those with event_id === eventId count. */
  responses: MatchResponse[];
  /** The event's min_match_score: a mean at or above it matches. */
  minScore: number;
  /** The event's max_matches_per_presenter (a count: rounded down, at least 0). */
  maxMatches: number;
  /** The innovation-office contact, the match of a presenter nobody else matched. */
  fallback: ProviderDetails;
  /** The event's `fair_scores`: score on standardised ratings (off unless true). */
  fairScores?: boolean;
  /** The event's `exclude_conflicts`: never match a conflicted provider with the presenter (on unless false). */
  excludeConflicts?: boolean;
}

export interface ScoredMatch extends MatchedProvider {
  score: number;
  /** How many of the questions that count the provider answered (the first tie-break). */
  questions_answered: number;
  /** The questions that counted, highest rating first. */
  reasons: MatchReason[];
}

export interface PresenterResult {
  /** The final_matches document id: one per event and presenter, so a re-run replaces it. */
  id: string;
  presenter_id: string;
  presenter_details: PresenterDetails;
  /** Best first; exactly the fallback when `fallback` is true. */
  matched_providers: ScoredMatch[];
  fallback: boolean;
  /** Providers who reached the minimum score but conflict with the presenter, best first (none unless conflicts are excluded). */
  excluded_conflicts: ExcludedConflict[];
}

/** The deterministic final_matches id of one presenter's result in one event. */
export function finalMatchId(eventId: string, presenterId: string): string {
  return `${eventId}_${presenterId}`;
}

type MatchPresenter = MatchInput['presenters'][string];

type StarAnswer = MatchResponse & { rating: number };

/** What one provider answered for one presenter, among the answers that count. */
interface ProviderAnswers {
  details: ProviderDetails;
  answers: StarAnswer[];
}

/** How one rating counts: as given, or its fair rating. */
type Rate = (answer: StarAnswer) => number;

/** Who a presenter must not be matched with, and why (null: no conflict). */
type Conflicts = (details: ProviderDetails) => ConflictReason | null;

interface Candidate {
  providerId: string;
  details: ProviderDetails;
  /** One per question, the latest. */
  answers: StarAnswer[];
  score: number;
  /** The earliest answeredAt among `answers`. */
  earliest: number;
}

/** Each presenter's matches, in `presenterIds` order. The same input in any order gives the same output. */
export function matchEvent(input: MatchInput): PresenterResult[] {
  const starQuestions = new Set(
    Object.keys(input.questions).filter((id) => {
      const question = own(input.questions, id);
      return question !== undefined && countsInMatching(question.type);
    }),
  );
  const presenters = new Map<string, { presenter: MatchPresenter; counting: ReadonlySet<string> }>();
  for (const presenterId of input.presenterIds) {
    const presenter = own(input.presenters, presenterId);
    if (presenter && !presenters.has(presenterId))
      presenters.set(presenterId, { presenter, counting: countingQuestions(presenter.favourites, starQuestions) });
  }
  const complete = new Map<string, ProviderDetails>();
  for (const providerId of Object.keys(input.providers)) {
    const provider = own(input.providers, providerId);
    if (isComplete(provider)) complete.set(providerId, providerDetails(provider));
  }

  // One pass over the responses groups the ones that count by presenter and provider, so the
  // cost grows with the number of responses and never with presenters × providers × responses.
  const grouped = new Map<string, Map<string, ProviderAnswers>>();
  for (const response of input.responses) {
    if (response.event_id !== input.eventId || !isStarAnswer(response)) continue;
    if (!presenters.get(response.presenter_id)?.counting.has(response.question_id)) continue;
    const details = complete.get(response.provider_id);
    if (!details) continue;
    let byProvider = grouped.get(response.presenter_id);
    if (!byProvider) grouped.set(response.presenter_id, (byProvider = new Map()));
    const group = byProvider.get(response.provider_id);
    if (group) group.answers.push(response);
    else byProvider.set(response.provider_id, { details, answers: [response] });
  }

  const limit = Number.isNaN(input.maxMatches) ? 0 : Math.max(0, Math.floor(input.maxMatches));
  const rate = input.fairScores === true ? fairRate(input, starQuestions) : (answer: StarAnswer) => answer.rating;
  return [...presenters].map(([presenterId, { presenter }]) => {
    const conflicts: Conflicts =
      input.excludeConflicts === false
        ? () => null
        : (details) => conflictBetween(details, { company: presenter.company ?? '', email: presenter.email ?? '' });
    const { ranked, excluded } = rank(grouped.get(presenterId), input.minScore, limit, rate, conflicts);
    const matched = ranked.map((candidate) => scoredMatch(candidate, input.questions));
    return {
      id: finalMatchId(input.eventId, presenterId),
      presenter_id: presenterId,
      presenter_details: presenterDetails(presenter),
      matched_providers: matched.length > 0 ? matched : [fallbackMatch(input.fallback)],
      fallback: matched.length === 0,
      excluded_conflicts: excluded,
    };
  });
}

/**
 * Fair ratings: each provider's standardised against all their star ratings in the event (every
 * presenter, every star question, one answer per question, the latest), on the scale of all of
 * the event's star ratings.
 */
function fairRate(input: MatchInput, starQuestions: ReadonlySet<string>): Rate {
  const latest = new Map<string, StarAnswer>();
  for (const response of input.responses) {
    if (response.event_id !== input.eventId || !isStarAnswer(response) || !starQuestions.has(response.question_id)) continue;
    const key = JSON.stringify([response.provider_id, response.presenter_id, response.question_id]);
    const before = latest.get(key);
    // The latest answer, a higher rating breaking an exact tie (as latestPerQuestion keeps them).
    if (!before || (compare(timeOf(response), timeOf(before)) || compare(response.rating, before.rating)) > 0)
      latest.set(key, response);
  }
  const fair = standardiser([...latest.values()]);
  return (answer) => fair(answer.provider_id, answer.rating);
}

/** The star questions that count for a presenter: their favourite ones, or all when they name none. */
function countingQuestions(favourites: string[] | undefined, starQuestions: ReadonlySet<string>): ReadonlySet<string> {
  const favouriteStars = new Set((favourites ?? []).filter((id) => starQuestions.has(id)));
  return favouriteStars.size > 0 ? favouriteStars : starQuestions;
}

/**
 * The providers that match one presenter, best first, at most `limit`, and those who reached the
 * minimum score but conflict with the presenter, best first.
 */
function rank(
  byProvider: Map<string, ProviderAnswers> | undefined,
  minScore: number,
  limit: number,
  rate: Rate,
  conflicts: Conflicts,
): { ranked: Candidate[]; excluded: ExcludedConflict[] } {
  if (!byProvider || limit === 0) return { ranked: [], excluded: [] };
  const candidates: Candidate[] = [];
  for (const [providerId, group] of byProvider) {
    const answers = latestPerQuestion(group.answers);
    let earliest = Number.POSITIVE_INFINITY;
    for (const answer of answers) earliest = Math.min(earliest, timeOf(answer));
    // A sum of whole stars is exact; fair ratings are summed in sorted order. Either way the mean is
    // the same whatever order the answers came in.
    const ratings = answers.map(rate).sort((a, b) => a - b);
    const score = ratings.reduce((sum, rating) => sum + rating, 0) / answers.length;
    if (score >= minScore) candidates.push({ providerId, details: group.details, answers, score, earliest });
  }
  candidates.sort(
    (a, b) =>
      compare(b.score, a.score) ||
      compare(b.answers.length, a.answers.length) ||
      compare(a.earliest, b.earliest) ||
      compare(a.providerId, b.providerId),
  );
  const ranked: Candidate[] = [];
  const excluded: ExcludedConflict[] = [];
  for (const candidate of candidates) {
    const reason = conflicts(candidate.details);
    if (reason) {
      const name = `${candidate.details.first_name.trim()} ${candidate.details.last_name.trim()}`;
      excluded.push({ provider_id: candidate.providerId, name, reason });
    } else if (ranked.length < limit) ranked.push(candidate);
  }
  return { ranked, excluded };
}

/** One answer per question, the latest (a higher rating breaks an exact tie, so order never matters). */
function latestPerQuestion(answers: StarAnswer[]): StarAnswer[] {
  if (!hasRepeatedQuestion(answers)) return answers;
  answers.sort((a, b) => compare(a.question_id, b.question_id) || compare(timeOf(b), timeOf(a)) || compare(b.rating, a.rating));
  return answers.filter((answer, index) => answer.question_id !== answers[index - 1]?.question_id);
}

/** Repeats are rare (real response ids are one per question), so look before sorting. */
function hasRepeatedQuestion(answers: StarAnswer[]): boolean {
  if (answers.length > 16) return new Set(answers.map((answer) => answer.question_id)).size < answers.length;
  for (let i = 1; i < answers.length; i += 1)
    for (let j = 0; j < i; j += 1) if (answers[i]?.question_id === answers[j]?.question_id) return true;
  return false;
}

function scoredMatch(candidate: Candidate, questions: MatchInput['questions']): ScoredMatch {
  const reasons = [...candidate.answers]
    .sort((a, b) => compare(b.rating, a.rating) || compare(a.question_id, b.question_id))
    .map((answer) => ({
      question_id: answer.question_id,
      title: own(questions, answer.question_id)?.title ?? '',
      rating: answer.rating,
    }));
  return {
    provider_id: candidate.providerId,
    provider_details: providerDetails(candidate.details),
    score: candidate.score,
    questions_answered: candidate.answers.length,
    reasons,
  };
}

function fallbackMatch(contact: ProviderDetails): ScoredMatch {
  return {
    provider_id: FALLBACK_PROVIDER_ID,
    provider_details: providerDetails(contact),
    score: 0,
    questions_answered: 0,
    reasons: [],
  };
}

function providerDetails(provider: ProviderDetails): ProviderDetails {
  return { first_name: provider.first_name, last_name: provider.last_name, email: provider.email, company: provider.company };
}

function presenterDetails(presenter: MatchPresenter): PresenterDetails {
  return {
    first_name: presenter.first_name ?? '',
    last_name: presenter.last_name ?? '',
    email: presenter.email ?? '',
    company: presenter.company ?? '',
    linkedin_url: nonEmpty(presenter.linkedin_url) ? presenter.linkedin_url : null,
    profile_url: nonEmpty(presenter.profile_url) ? presenter.profile_url : null,
  };
}

/** Only providers the results can name and reach appear (the spec's section 2, Session Results). */
function isComplete(provider: ProviderDetails | undefined): provider is ProviderDetails {
  return (
    !!provider &&
    nonEmpty(provider.first_name) &&
    nonEmpty(provider.last_name) &&
    nonEmpty(provider.email) &&
    nonEmpty(provider.company)
  );
}

function isStarAnswer(response: MatchResponse): response is StarAnswer {
  return (
    countsInMatching(response.type) &&
    typeof response.rating === 'number' &&
    response.rating >= 1 &&
    response.rating <= RATING_MAX
  );
}

// Stored documents can lack a field the types promise (older or hand-made data): read them as empty.
function nonEmpty(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** An answer with no usable time counts as the latest, so it never wins the earliest-answer tie. */
function timeOf(answer: MatchResponse): number {
  return Number.isFinite(answer.answeredAt) ? answer.answeredAt : Number.POSITIVE_INFINITY;
}

function compare<T extends number | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A record's own entry: ids such as 'constructor' must not find Object.prototype's members. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
