// Final matches as the matching reaction stores them (final_matches/{id}), for the results and e-mail tests.

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

/**
 * The stored results of an event the result e-mails may write to: Ada matched with Kim (who rated
 * her 5 stars) and with Max (a profile that never rated), and Lin matched with Lee (who rated her).
 */
export function ratedResults(eventId: string): Record<string, Record<string, unknown>> {
  const answer = (provider: string, presenter: string) => ({
    [`responses/${provider}_${eventId}_${presenter}_q1`]: {
      event_id: eventId,
      presenter_id: presenter,
      question_id: 'q1',
      provider_id: provider,
      type: 'stars',
      rating: 5,
      comment: null,
      response: null,
      updated_at: new Date('2030-05-01T11:30:00Z'),
    },
  });
  return {
    [`final_matches/${eventId}_p-ada`]: storedFinalMatch(eventId, { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, [
      { id: 'prov-kim', first_name: 'Kim', last_name: 'Park', email: 'kim@partner.example' },
      { id: 'prov-max', first_name: 'Max', last_name: 'Mustermann', email: 'max@stranger.example' },
    ]),
    [`final_matches/${eventId}_p-lin`]: storedFinalMatch(eventId, { id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }, [
      { id: 'prov-lee', first_name: 'Lee', last_name: 'Moreau', email: 'lee@partner.example' },
    ]),
    ...answer('prov-kim', 'p-ada'),
    ...answer('prov-lee', 'p-lin'),
  };
}
