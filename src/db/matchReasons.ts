// Why each provider of a final match matched (match_reasons/{id}, the final match's id), written
// by the matching reaction beside final_matches, with whether the scores are fair scores and who
// was left out for a conflict of interest. It tells how each provider rated the presenter,
// so only admins may read it (firestore.rules): call it for a signed-in admin only.

import { collection, doc, getDoc } from 'firebase/firestore';
import type { ExcludedConflict, MatchReason, MatchReasons, ProviderMatchReasons } from '../types/matchReasons';
import { readOnlyConverter, toArray, toBoolean, toNumberOr, toRecord, toStringOr } from './converters';
import { db } from './firebase';

function toMatchReason(value: unknown): MatchReason {
  const reason = toRecord(value);
  return {
    question_id: toStringOr(reason.question_id, ''),
    title: toStringOr(reason.title, ''),
    rating: toNumberOr(reason.rating, 0),
  };
}

function toProviderMatchReasons(value: unknown): ProviderMatchReasons {
  const provider = toRecord(value);
  return {
    provider_id: toStringOr(provider.provider_id, ''),
    score: toNumberOr(provider.score, 0),
    questions_answered: toNumberOr(provider.questions_answered, 0),
    reasons: toArray(provider.reasons).map(toMatchReason),
  };
}

/** A recorded conflict, or null when it is not one the app can word. */
function toExcludedConflict(value: unknown): ExcludedConflict | null {
  const conflict = toRecord(value);
  const reason = conflict.reason;
  if (reason !== 'same company' && reason !== 'same e-mail domain') return null;
  return { provider_id: toStringOr(conflict.provider_id, ''), name: toStringOr(conflict.name, ''), reason };
}

const matchReasonsConverter = readOnlyConverter<MatchReasons>(
  'Match reasons are written by the matching reaction, not by the app.',
  (id, data) => {
    const excluded = toArray(data.excluded_conflicts)
      .map(toExcludedConflict)
      .filter((conflict): conflict is ExcludedConflict => conflict !== null);
    return {
      id,
      event_id: toStringOr(data.event_id, ''),
      presenter_id: toStringOr(data.presenter_id, ''),
      fallback: toBoolean(data.fallback),
      providers: toArray(data.providers).map(toProviderMatchReasons),
      ...(data.fair_scores === true ? { fair_scores: true } : {}),
      ...(excluded.length > 0 ? { excluded_conflicts: excluded } : {}),
    };
  },
);

const matchReasonsCollection = collection(db, 'match_reasons').withConverter(matchReasonsConverter);

/** Why the providers of one final match matched, or null when there is no record for it. Admins only. */
export async function getMatchReasons(matchId: string): Promise<MatchReasons | null> {
  if (matchId === '') return null;
  const snapshot = await getDoc(doc(matchReasonsCollection, matchId));
  return snapshot.data() ?? null;
}
