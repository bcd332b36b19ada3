// The statistics behind the organisers' insights: how lenient or harsh each provider
// rates, their ratings standardised against their own habits ("fair scores"), how far the room
// disagrees about a presenter, and conflicts of interest between providers and presenters. Pure,
// so that matching (domain/matching.ts), the insights page and the tests share one definition.
//
// The choices, and why:
// - Spreads are population standard deviations (divide by n): they describe this room's ratings,
//   they do not estimate a wider population's. Values are summed in sorted order, so the same
//   ratings give the same bits whatever order they come in (matching must be deterministic).
// - Standardising: a rating r of a provider with mean m and spread s becomes
//   event mean + (r − m) / s × event spread, clamped to 1..5. The z-score (r − m) / s removes the
//   provider's leniency; mapping it back onto the event's own mean and spread keeps the 1-5 scale,
//   so the event's min_match_score keeps its meaning ("well above how this room usually rates").
//   Fallback: a provider with fewer than MIN_RATINGS_TO_STANDARDISE star ratings, or who gave every
//   rating the same (no spread to divide by), keeps their raw stars; so does everyone when the
//   event's ratings have no spread.
// - Disagreement: the spread of the raters' own mean scores for a presenter (one value per
//   provider, so a provider who answered more questions does not weigh more), flagged at
//   DISAGREEMENT_MIN_SPREAD star (1) or more among at least DISAGREEMENT_MIN_RATERS (3) raters. A
//   one-star spread means raters typically sit a whole star from the consensus, the gap between
//   a match (4) and no match (3); with fewer than three raters a spread is one gap, not a pattern.
// - Conflicts: the same company (names compared without case, accents, punctuation, spaces or
//   legal forms such as Inc, Ltd, GmbH, LLC) or the same e-mail domain, compared whole (a
//   subdomain is another domain), except domains many people share (SHARED_EMAIL_DOMAINS) and
//   those reserved for examples (RESERVED_EMAIL_DOMAINS). An empty company or e-mail never
//   conflicts.

import {
  DISAGREEMENT_MIN_RATERS,
  DISAGREEMENT_MIN_SPREAD,
  MIN_RATINGS_TO_STANDARDISE,
  RATING_MAX,
  RATING_MIN,
  RESERVED_EMAIL_DOMAINS,
  SHARED_EMAIL_DOMAINS,
} from './constants.js';
import type { ConflictReason } from './documents.js';
import { countsInMatching, type QuestionType } from './questionTypes.js';

export type { ConflictReason } from './documents.js';

/** How many values, their mean and their (population) standard deviation; all 0 for no values. */
export interface Spread {
  count: number;
  mean: number;
  sd: number;
}

/** One star rating of a presenter by a provider (a `stars` answer of the event, 1 to 5). */
export interface StarRating {
  provider_id: string;
  presenter_id: string;
  rating: number;
}

/** The count, mean and spread of `values`, the same whatever their order. */
export function spreadOf(values: readonly number[]): Spread {
  const count = values.length;
  if (count === 0) return { count: 0, mean: 0, sd: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const first = sorted[0] as number;
  // Equal values have no spread: say so exactly, not as a rounding error's 1e-16.
  if (first === sorted[count - 1]) return { count, mean: first, sd: 0 };
  const mean = sorted.reduce((sum, value) => sum + value, 0) / count;
  const squares = sorted.map((value) => (value - mean) ** 2).sort((a, b) => a - b);
  return { count, mean, sd: Math.sqrt(squares.reduce((sum, square) => sum + square, 0) / count) };
}

/**
 * The answers that are star ratings: answers of the types matching counts (domain/questionTypes.ts:
 * `stars`) with a rating on the 1-5 scale (null is no answer).
 */
export function starRatings<T extends { type: QuestionType; rating: number | null }>(
  answers: readonly T[],
): (T & { rating: number })[] {
  return answers.filter(
    (answer): answer is T & { rating: number } =>
      countsInMatching(answer.type) &&
      typeof answer.rating === 'number' &&
      answer.rating >= RATING_MIN &&
      answer.rating <= RATING_MAX,
  );
}

/** Each provider's leniency: the count, mean and spread of their star ratings, by provider id. */
export function raterStats(ratings: readonly Pick<StarRating, 'provider_id' | 'rating'>[]): Map<string, Spread> {
  const byProvider = groupBy(ratings, (rating) => rating.provider_id);
  return new Map([...byProvider].map(([providerId, own]) => [providerId, spreadOf(own.map((rating) => rating.rating))]));
}

/** Whether a provider's ratings are standardised: enough of them, and not all the same. */
export function isStandardised(rater: Spread | undefined): rater is Spread {
  return rater !== undefined && rater.count >= MIN_RATINGS_TO_STANDARDISE && rater.sd > 0;
}

/**
 * One rating standardised against its provider's own mean and spread and mapped onto the event's
 * (`scale`), clamped to 1..5; the raw rating when the provider's ratings are not standardised.
 */
export function standardisedRating(rating: number, rater: Spread | undefined, scale: Spread): number {
  if (!isStandardised(rater) || scale.sd === 0) return rating;
  const fair = scale.mean + ((rating - rater.mean) / rater.sd) * scale.sd;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, fair));
}

/**
 * Standardises ratings against the event's star ratings (`ratings`: all of them, every provider):
 * returns the function that turns one provider's rating into their fair rating.
 */
export function standardiser(
  ratings: readonly Pick<StarRating, 'provider_id' | 'rating'>[],
): (providerId: string, rating: number) => number {
  const scale = spreadOf(ratings.map((rating) => rating.rating));
  const raters = raterStats(ratings);
  return (providerId, rating) => standardisedRating(rating, raters.get(providerId), scale);
}

/** How far a presenter's raters disagree: the spread of their per-provider means (count = raters). */
export interface Disagreement extends Spread {
  /** At least DISAGREEMENT_MIN_RATERS raters whose means spread DISAGREEMENT_MIN_SPREAD star or more. */
  flagged: boolean;
}

/** Each presenter's disagreement, by presenter id. */
export function disagreement(ratings: readonly StarRating[]): Map<string, Disagreement> {
  const byPresenter = groupBy(ratings, (rating) => rating.presenter_id);
  return new Map(
    [...byPresenter].map(([presenterId, own]) => {
      const means = [...raterStats(own).values()].map((rater) => rater.mean);
      const spread = spreadOf(means);
      return [
        presenterId,
        { ...spread, flagged: spread.count >= DISAGREEMENT_MIN_RATERS && spread.sd >= DISAGREEMENT_MIN_SPREAD },
      ];
    }),
  );
}

/** A provider's or presenter's fields that conflicts are read from. */
export interface Party {
  company: string;
  email: string;
}

/** One conflict of interest between a provider and a presenter. */
export interface Conflict {
  provider_id: string;
  presenter_id: string;
  reason: ConflictReason;
}

/** Legal forms left off a company's name when comparing (the last words only, and 'and' before them: "Smith & Co. KG"). */
const LEGAL_FORMS = new Set([
  'and',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'cos',
  'company',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'plc',
  'gmbh',
  'mbh',
  'haftungsbeschrankt',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'ug',
  'ev',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'bv',
  'nv',
  'oy',
  'oyj',
  'ab',
  'as',
  'asa',
  'aps',
  'pty',
  'pte',
  'kk',
]);

/**
 * A company name as conflicts compare it: lower case, no accents, '&' as 'and', no punctuation or
 * spaces, no legal form at the end ("Acme, Inc." and "ACME Inc" and "Acme" give "acme"). '' for
 * no name; a name that is only a legal form keeps it.
 */
export function companyKey(company: string): string {
  const words = company
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  if (words[0] === 'the' && words.length > 1) words.shift();
  let end = words.length;
  while (end > 0 && LEGAL_FORMS.has(words[end - 1] as string)) end -= 1;
  return (end > 0 ? words.slice(0, end) : words).join('');
}

/** The domain of an e-mail address, lower case ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, '');
}

/** The ending a `name.*` entry stands for: a country or generic ending, one or two labels (de, com, co.uk). */
const ANY_ENDING = /^[a-z]{2,3}(\.[a-z]{2})?$/;

/** Whether a domain is one many unrelated people share, or one reserved for examples: never a conflict. */
export function isSharedEmailDomain(domain: string): boolean {
  if (RESERVED_EMAIL_DOMAINS.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`))) return true;
  return SHARED_EMAIL_DOMAINS.some((shared) =>
    shared.endsWith('.*')
      ? domain.startsWith(shared.slice(0, -1)) && ANY_ENDING.test(domain.slice(shared.length - 1))
      : domain === shared,
  );
}

/** Why a provider and a presenter conflict, or null when they do not. Symmetric. */
export function conflictBetween(a: Party, b: Party): ConflictReason | null {
  const company = companyKey(a.company);
  if (company !== '' && company === companyKey(b.company)) return 'same company';
  const domain = emailDomain(a.email);
  if (domain !== '' && domain === emailDomain(b.email) && !isSharedEmailDomain(domain)) return 'same e-mail domain';
  return null;
}

/** Every conflict between the providers and the presenters (by id), by presenter id, then provider id. */
export function findConflicts(
  providers: Readonly<Record<string, Party>>,
  presenters: Readonly<Record<string, Party>>,
): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const presenterId of Object.keys(presenters).sort(compareIds)) {
    const presenter = presenters[presenterId] as Party;
    for (const providerId of Object.keys(providers).sort(compareIds)) {
      const reason = conflictBetween(providers[providerId] as Party, presenter);
      if (reason) conflicts.push({ provider_id: providerId, presenter_id: presenterId, reason });
    }
  }
  return conflicts;
}

/** Code-unit order, not locale: the same everywhere. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const id = key(item);
    const group = groups.get(id);
    if (group) group.push(item);
    else groups.set(id, [item]);
  }
  return groups;
}
