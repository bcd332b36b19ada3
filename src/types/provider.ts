// The provider (audience member) as stored in providers/{uid}, and the current user: that
// profile plus the anonymous Auth uid, which is the document id ("user_id, added locally").

/** The profile fields a provider fills in; stored under the same names. */
export interface ProviderProfile {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  /** '(###) ###-####', or '' when not given. */
  phone: string;
  terms_accepted: boolean;
}

export interface Provider extends ProviderProfile {
  /** The provider's anonymous Auth uid, which is also the providers/{uid} document id. */
  user_id: string;
}
