// Events (events/{eventId}): the live event document, the list of events, and the "shared event"
// every provider follows. The queue is derived from the event document alone, so following the
// live presenter costs one document read per change.

import {
  collection,
  doc,
  getDocs,
  onSnapshot,
  query,
  where,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import {
  DEFAULT_EXCLUDE_CONFLICTS,
  DEFAULT_FAIR_SCORES,
  DEFAULT_MAX_MATCHES_PER_PRESENTER,
  DEFAULT_MIN_MATCH_SCORE,
  INITIAL_ROUND_NUMBER,
  NO_PRESENTER_INDEX,
} from '../../domain/constants';
import { chooseSharedEvent, sortEvents } from '../lib/sharedEvent';
import type { ReactionStatus } from '../../domain/documents';
import type { Developer, Event, PresenterEntry, RoundKey } from '../types/event';
import { snapshotOptions, toArray, toBoolean, toDate, toNumberOr, toRecord, toStringOr, toStringOrNull } from './converters';
import { db } from './firebase';

function toEntry(value: unknown): PresenterEntry | null {
  const entry = toRecord(value);
  const id = toStringOr(entry.presenter_id, '');
  if (id === '') return null;
  return { presenter_id: id, first_name: toStringOr(entry.first_name, ''), last_name: toStringOr(entry.last_name, '') };
}

function toRounds(value: unknown): Record<RoundKey, PresenterEntry[]> {
  const rounds: Record<RoundKey, PresenterEntry[]> = {};
  for (const [key, list] of Object.entries(toRecord(value))) {
    if (!/^round_\d+$/.test(key)) continue;
    rounds[key as RoundKey] = toArray(list)
      .map(toEntry)
      .filter((entry): entry is PresenterEntry => entry !== null);
  }
  return rounds;
}

function toDeveloper(value: unknown): Developer {
  const developer = toRecord(value);
  return { name: toStringOr(developer.name, ''), linkedinUrl: toStringOr(developer.linkedin_url, '') };
}

/** `{ [key]: value }`, or nothing when the value is absent (optional fields stay absent, not undefined). */
function optional<Key extends string, Value>(key: Key, value: Value | undefined): Partial<Record<Key, Value>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);
}

function toReactionStatus(value: unknown): ReactionStatus<Date | null> | undefined {
  const status = toRecord(value);
  if (status.state !== 'running' && status.state !== 'done' && status.state !== 'failed') return undefined;
  const counts = Object.fromEntries(Object.entries(toRecord(status.counts)).filter(([, count]) => typeof count === 'number'));
  return {
    state: status.state,
    at: toDate(status.at),
    ...(Object.keys(counts).length > 0 ? { counts: counts as Record<string, number> } : {}),
    ...(typeof status.reason === 'string' ? { reason: status.reason } : {}),
  };
}

/** The event from its stored fields (snake_case, Timestamps) as the app sees it. */
export function eventFromData(id: string, data: Record<string, unknown>): Event {
  const rounds = toRounds(data.rounds);
  return {
    id,
    title: toStringOr(data.title, ''),
    description: toStringOr(data.description, ''),
    location: toStringOr(data.location, ''),
    startTime: toDate(data.start_time),
    numberOfRounds: toNumberOr(data.number_of_rounds, Math.max(1, Object.keys(rounds).length)),
    rounds,
    isEventOpen: toBoolean(data.is_event_open),
    roundNumber: toNumberOr(data.round_number, INITIAL_ROUND_NUMBER),
    presenterIndex: toNumberOr(data.presenter_index, NO_PRESENTER_INDEX),
    isMatching: toBoolean(data.is_matching),
    isEmailing: toBoolean(data.is_emailing),
    normalLogo: toStringOrNull(data.normalLogo),
    middleLogo: toStringOrNull(data.middleLogo),
    developers: toArray(data.developers).map(toDeveloper),
    isSliderOpen: toBoolean(data.is_slider_open),
    minMatchScore: toNumberOr(data.min_match_score, DEFAULT_MIN_MATCH_SCORE),
    maxMatchesPerPresenter: toNumberOr(data.max_matches_per_presenter, DEFAULT_MAX_MATCHES_PER_PRESENTER),
    // Events saved before these settings existed have neither: the defaults (issue 11).
    fairScores: typeof data.fair_scores === 'boolean' ? data.fair_scores : DEFAULT_FAIR_SCORES,
    excludeConflicts: typeof data.exclude_conflicts === 'boolean' ? data.exclude_conflicts : DEFAULT_EXCLUDE_CONFLICTS,
    ...optional('matchingStatus', toReactionStatus(data.matching_status)),
    ...optional('emailingStatus', toReactionStatus(data.emailing_status)),
  };
}

const eventConverter: FirestoreDataConverter<Event> = {
  toFirestore: () => {
    throw new Error('Events are written by the admin module, not through this reader.');
  },
  fromFirestore: (snapshot: QueryDocumentSnapshot) => eventFromData(snapshot.id, snapshot.data(snapshotOptions)),
};

const eventsCollection = collection(db, 'events').withConverter(eventConverter);

/** Follows one event live; `callback` gets null while it does not exist. Returns the unsubscribe function. */
export function watchEvent(
  eventId: string,
  callback: (event: Event | null) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(doc(eventsCollection, eventId), (snapshot) => callback(snapshot.data() ?? null), onError);
}

/** Every event, by start time (events without one last), then id. */
export async function getEvents(): Promise<Event[]> {
  const snapshot = await getDocs(eventsCollection);
  return sortEvents(snapshot.docs.map((document) => document.data()));
}

/**
 * Follows the event every provider sees (the spec's "shared event view"): the open event
 * (is_event_open true), or, when none is open, the one chooseSharedEvent() picks from all events
 * (the next to start, else the latest to have started). `callback` gets null when there are no
 * events. Returns the unsubscribe function.
 *
 * Reads: one listener on the open-event query; only while no event is open, the events are read
 * once and the chosen event's document is watched instead. Either way a change of the live
 * presenter costs one document read.
 */
export function watchSharedEvent(callback: (event: Event | null) => void, onError: (error: Error) => void): () => void {
  let stopped = false;
  let generation = 0;
  let followingOpen: boolean | null = null;
  let fallback: { eventId: string; stop: () => void } | null = null;

  const stopFallback = () => {
    fallback?.stop();
    fallback = null;
  };

  const followFallback = () => {
    const current = ++generation;
    getEvents().then((events) => {
      if (stopped || current !== generation) return;
      const chosen = chooseSharedEvent(events, new Date());
      if (!chosen) {
        stopFallback();
        callback(null);
        return;
      }
      if (fallback?.eventId === chosen.id) {
        callback(chosen);
        return;
      }
      stopFallback();
      fallback = { eventId: chosen.id, stop: watchEvent(chosen.id, callback, onError) };
    }, onError);
  };

  const stopOpen = onSnapshot(
    query(eventsCollection, where('is_event_open', '==', true)),
    (snapshot) => {
      const open = chooseSharedEvent(
        snapshot.docs.map((document) => document.data()),
        new Date(),
      );
      if (open) {
        generation++;
        followingOpen = true;
        stopFallback();
        callback(open);
      } else if (followingOpen !== false) {
        // Only when no event is open any more: repeated empty snapshots (cache, then server)
        // must not read the events again.
        followingOpen = false;
        followFallback();
      }
    },
    onError,
  );

  return () => {
    stopped = true;
    stopOpen();
    stopFallback();
  };
}
