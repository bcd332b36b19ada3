// The provider (audience member) as stored in providers/{uid}, and the current user: that
// profile plus the anonymous Auth uid, which is the document id ("user_id, added locally").

import type { ProviderDocument } from '../../domain/documents';

/** The profile fields a provider fills in; stored under the same names. */
export type ProviderProfile = ProviderDocument;

export interface Provider extends ProviderProfile {
  /** The provider's anonymous Auth uid, which is also the providers/{uid} document id. */
  user_id: string;
}
