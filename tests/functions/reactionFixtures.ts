// What the server reactions' tests share: the people of the spring session's results (two
// providers and the innovation office), a final match as matching writes it, the times a run
// records when it ends, and a read of the stored event. Each test keeps its own expectations.

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import type { FinalMatchDocument, PresenterDetails, ProviderDetails } from '../../domain/documents';

export const EVENT = 'spring-session';
export const OTHER_EVENT = 'autumn-session';

export const KIM: ProviderDetails = {
  first_name: 'Kim',
  last_name: 'Park',
  email: 'kim@example.com',
  company: 'Northwind Health',
};
export const LEE: ProviderDetails = { first_name: 'Lee', last_name: 'Moreau', email: 'lee@example.com', company: 'Harbor Labs' };

/** The fallback match for a presenter nobody matched, and the sender of the mails. */
export const OFFICE: ProviderDetails = {
  first_name: 'Innovation',
  last_name: 'Office',
  email: 'innovation@example.edu',
  company: 'Northfield Polytechnic',
};

/** final_matches/{eventId}_{presenterId}: a presenter (p-{first name}) and the providers matched, by id. */
export function finalMatch(
  eventId: string,
  details: PresenterDetails,
  providers: [string, ProviderDetails][],
): FinalMatchDocument {
  return {
    event_id: eventId,
    presenter_id: `p-${details.first_name.toLowerCase()}`,
    presenter_details: details,
    matched_providers: providers.map(([provider_id, provider_details]) => ({ provider_id, provider_details })),
  };
}

/** The server's times on a run's status once it has ended: when it started, finished and last changed. */
export const RUN_TIMES = {
  at: expect.any(Timestamp),
  started_at: expect.any(Timestamp),
  finished_at: expect.any(Timestamp),
};

/** The stored event's data; fails the test when it is gone. */
export async function storedEventData(db: Firestore, eventId = EVENT) {
  const data = (await db.collection('events').doc(eventId).get()).data();
  if (!data) throw new Error(`events/${eventId} is gone`);
  return data;
}
