// Session results (final_matches/{id}), written by the matching reaction and readable by any
// signed-in user (the spec's section 6): every read waits for the (anonymous) sign-in first, so a
// first-time visitor's results screens work too. Read once through Firestore Lite (src/db/lite.ts):
// results do not change while they are read, and an attendee's phone then never needs the full SDK.
// Which event /results shows: the shared event's matches when it has some, otherwise those of
// the latest-starting event that has some (so attendees still see the last session's results
// while the next event is being set up).

import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore/lite';
import type { FinalMatch, MatchedProvider, PresenterDetails, ProviderDetails } from '../types/finalMatch';
import { readOnlyConverter, toArray, toRecord, toStringOr, toStringOrNull } from './converters';
import { latestFirst } from '../lib/sharedEvent';
import { liteDb, readEventsOnce } from './lite';
import { ensureSignedIn } from './session';

function toProviderDetails(value: unknown): ProviderDetails {
  const details = toRecord(value);
  return {
    first_name: toStringOr(details.first_name, ''),
    last_name: toStringOr(details.last_name, ''),
    email: toStringOr(details.email, ''),
    company: toStringOr(details.company, ''),
  };
}

/** A presenter's details are a provider's plus their links. */
function toPresenterDetails(value: unknown): PresenterDetails {
  const details = toRecord(value);
  return {
    ...toProviderDetails(details),
    linkedin_url: toStringOrNull(details.linkedin_url),
    profile_url: toStringOrNull(details.profile_url),
  };
}

function toMatchedProvider(value: unknown): MatchedProvider {
  const match = toRecord(value);
  return { provider_id: toStringOr(match.provider_id, ''), provider_details: toProviderDetails(match.provider_details) };
}

const finalMatchConverter = readOnlyConverter<FinalMatch>(
  'Final matches are written by the matching reaction, not by the app.',
  (id, data) => ({
    id,
    event_id: toStringOr(data.event_id, ''),
    presenter_id: toStringOr(data.presenter_id, ''),
    presenter_details: toPresenterDetails(data.presenter_details),
    matched_providers: toArray(data.matched_providers).map(toMatchedProvider),
  }),
);

const finalMatchesCollection = async () => collection(await liteDb(), 'final_matches').withConverter(finalMatchConverter);

/** Every final match of one event. */
export async function getFinalMatches(eventId: string): Promise<FinalMatch[]> {
  await ensureSignedIn();
  const snapshot = await getDocs(query(await finalMatchesCollection(), where('event_id', '==', eventId)));
  return snapshot.docs.map((document) => document.data());
}

/** One final match, or null when there is none with that id. */
export async function getFinalMatch(matchId: string): Promise<FinalMatch | null> {
  if (matchId === '') return null;
  await ensureSignedIn();
  const snapshot = await getDoc(doc(await finalMatchesCollection(), matchId));
  return snapshot.data() ?? null;
}

export interface SessionResults {
  /** The event whose matches these are; null when no event has any. */
  eventId: string | null;
  matches: FinalMatch[];
}

/**
 * The results /results shows: those of `sharedEventId` when it has some, otherwise those of the
 * latest-starting event that has some.
 */
export async function getSessionResults(sharedEventId: string | null): Promise<SessionResults> {
  if (sharedEventId) {
    const matches = await getFinalMatches(sharedEventId);
    if (matches.length > 0) return { eventId: sharedEventId, matches };
  }
  const others = latestFirst(await readEventsOnce()).filter((event) => event.id !== sharedEventId);
  for (const event of others) {
    const matches = await getFinalMatches(event.id);
    if (matches.length > 0) return { eventId: event.id, matches };
  }
  return { eventId: null, matches: [] };
}
