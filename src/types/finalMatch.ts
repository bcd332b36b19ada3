// A session result (final_matches/{id}): one presenter and the providers matched with them.

export interface PresenterDetails {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  linkedin_url: string | null;
  profile_url: string | null;
}

export interface ProviderDetails {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
}

export interface MatchedProvider {
  provider_id: string;
  provider_details: ProviderDetails;
}

export interface FinalMatch {
  id: string;
  event_id: string;
  presenter_id: string;
  presenter_details: PresenterDetails;
  matched_providers: MatchedProvider[];
}
