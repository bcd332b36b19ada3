// Final matches as the matching reaction stores them (final_matches/{id}), for the results tests.

export interface ProviderSeed {
  id: string;
  first_name?: string;
  last_name?: string;
  email: string;
  company?: string;
}

export function storedFinalMatch(
  eventId: string,
  presenter: {
    id: string;
    first_name: string;
    last_name: string;
    company?: string;
    linkedin_url?: string | null;
    profile_url?: string | null;
  },
  providers: ProviderSeed[],
): Record<string, unknown> {
  return {
    event_id: eventId,
    presenter_id: presenter.id,
    presenter_details: {
      first_name: presenter.first_name,
      last_name: presenter.last_name,
      email: `${presenter.first_name.toLowerCase()}@startup.example`,
      company: presenter.company ?? `${presenter.first_name} Health`,
      linkedin_url: presenter.linkedin_url ?? null,
      profile_url: presenter.profile_url ?? null,
    },
    matched_providers: providers.map((provider) => ({
      provider_id: provider.id,
      provider_details: {
        first_name: provider.first_name ?? 'Pat',
        last_name: provider.last_name ?? 'Partner',
        email: provider.email,
        company: provider.company ?? 'Partner Co',
      },
    })),
  };
}
