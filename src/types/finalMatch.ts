// A session result (final_matches/{id}): one presenter and the providers matched with them.

import type { FinalMatchDocument } from '../../domain/documents';

export type { MatchedProvider, PresenterDetails, ProviderDetails } from '../../domain/documents';

export interface FinalMatch extends FinalMatchDocument {
  id: string;
}
