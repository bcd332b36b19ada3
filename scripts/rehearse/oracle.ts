// The rehearsal's own matching oracle, written from the matching rule and its notes on what
// the core decides where the rule is silent (docs/matching.md), without domain/matching.ts: the
// rehearsal checks the server's final_matches against it, so it must not share the code it checks.
//
// For each presenter in the rounds: a provider's score is the mean of their star ratings on the
// presenter's favourite star questions, or on all star questions when the presenter names none;
// no answer to those, no score. Only `stars` answers of this event count, one per question: which
// types count is read from the one list of question types (domain/questionTypes.ts), the rule's
// own words, not from the matching code.
// Matched: score >= the event's minimum; best first (score, then more questions answered, then
// the earliest answer, then provider id), at most the event's limit; only providers with first
// name, last name, e-mail and company. Nobody matched: the innovation-office fallback.
// The rehearsal's people never share a company or an e-mail domain and its events keep the default
// settings, so the event settings that change these rules (fair scores, conflicts of interest:
// docs/matching.md) play no part here.

import { countsInMatching, type QuestionType } from '../../domain/questionTypes';

export interface OracleAnswer {
  providerId: string;
  presenterId: string;
  questionId: string;
  type: QuestionType;
  rating: number | null;
  /** When the server stored the answer (its updated_at, ms): the earliest wins a tie. */
  answeredAt: number;
}

export interface OracleInput {
  /** Presenter ids in round order. */
  presenterIds: string[];
  favourites: Record<string, string[]>;
  questionTypes: Record<string, QuestionType>;
  providers: Record<string, { first_name: string; last_name: string; email: string; company: string }>;
  /** One per provider, presenter and question: the last answer given. */
  answers: OracleAnswer[];
  minScore: number;
  maxMatches: number;
}

export interface OracleResult {
  /** Matched provider ids, best first; empty when the fallback is the match. */
  providerIds: string[];
  fallback: boolean;
}

export function oracleMatches(input: OracleInput): Map<string, OracleResult> {
  const stars = Object.keys(input.questionTypes).filter((id) => {
    const type = input.questionTypes[id];
    return type !== undefined && countsInMatching(type);
  });
  const complete = (id: string) => {
    const p = input.providers[id];
    return !!p && [p.first_name, p.last_name, p.email, p.company].every((field) => field.trim() !== '');
  };
  const results = new Map<string, OracleResult>();
  for (const presenterId of input.presenterIds) {
    if (results.has(presenterId)) continue;
    const favouriteStars = (input.favourites[presenterId] ?? []).filter((id) => stars.includes(id));
    const counting = new Set(favouriteStars.length > 0 ? favouriteStars : stars);
    const byProvider = new Map<string, { ratings: number[]; earliest: number }>();
    for (const answer of input.answers) {
      if (answer.presenterId !== presenterId || !countsInMatching(answer.type) || answer.rating === null) continue;
      if (!counting.has(answer.questionId) || !complete(answer.providerId)) continue;
      const entry = byProvider.get(answer.providerId) ?? { ratings: [], earliest: Number.POSITIVE_INFINITY };
      entry.ratings.push(answer.rating);
      entry.earliest = Math.min(entry.earliest, answer.answeredAt);
      byProvider.set(answer.providerId, entry);
    }
    const ranked = [...byProvider]
      .map(([providerId, { ratings, earliest }]) => ({
        providerId,
        score: ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length,
        count: ratings.length,
        earliest,
      }))
      .filter((candidate) => candidate.score >= input.minScore)
      .sort(
        (a, b) =>
          b.score - a.score ||
          b.count - a.count ||
          a.earliest - b.earliest ||
          (a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0),
      )
      .slice(0, Math.max(0, Math.floor(input.maxMatches)))
      .map((candidate) => candidate.providerId);
    results.set(presenterId, { providerIds: ranked, fallback: ranked.length === 0 });
  }
  return results;
}
