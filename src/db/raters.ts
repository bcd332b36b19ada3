// Who has rated at an event (events/{eventId}/raters/{providerId}): a marker per provider, written
// in the same batch as their answers (src/db/responses.ts), so the events dashboard counts an
// event's raters with one aggregation query (one read per 1,000 raters) instead of reading every
// answer: Firestore counts documents, not distinct providers, and a provider gives many answers.

import { collection, doc, getCountFromServer, serverTimestamp, type WriteBatch } from 'firebase/firestore';
import { deleteAllFound } from './batchDelete';
import { db } from './firebase';

const RATERS = 'raters';

const ratersOf = (eventId: string) => collection(db, 'events', eventId, RATERS);

/** Adds to `batch` the marker that the signed-in provider `providerId` has rated at the event. */
export function markRater(batch: WriteBatch, eventId: string, providerId: string): void {
  batch.set(doc(ratersOf(eventId), providerId), { rated_at: serverTimestamp() });
}

/** How many providers have rated at each event, by event id: one count query per event, side by side. Throws when one fails. */
export async function getRaterCounts(eventIds: readonly string[]): Promise<Map<string, number>> {
  const counts = await Promise.all(
    eventIds.map(async (eventId) => [eventId, (await getCountFromServer(ratersOf(eventId))).data().count] as const),
  );
  return new Map(counts);
}

/** Deletes the event's markers, a batch at a time (deleting an event deletes its answers, and so its raters). */
export async function deleteRaters(eventId: string): Promise<void> {
  await deleteAllFound(ratersOf(eventId));
}
