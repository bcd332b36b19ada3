// Why a final match's providers matched (match_reasons/{id}, the final match's id): each
// provider's score and the star questions that made the match. Admins only (firestore.rules).

import type { MatchReasonsDocument } from '../../domain/documents';

export type { MatchReason, ProviderMatchReasons } from '../../domain/documents';

export interface MatchReasons extends MatchReasonsDocument {
  id: string;
}
