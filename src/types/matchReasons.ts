// Why a final match's providers matched (match_reasons/{id}, the final match's id): each
// provider's score and the star questions that made the match, whether the scores are fair scores
// and who was left out for a conflict of interest. Admins only (firestore.rules).

import type { MatchReasonsDocument } from '../../domain/documents';

export type { ConflictReason, ExcludedConflict, MatchReason, ProviderMatchReasons } from '../../domain/documents';

export interface MatchReasons extends MatchReasonsDocument {
  id: string;
}
