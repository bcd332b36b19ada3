// The shared event for the queue, quick on a slow network: its first showing comes from one read
// through Firestore Lite (REST, about a quarter of the full SDK's code), and the full SDK, fetched
// right after, follows the event live from then on (src/db/events.ts' watchSharedEvent) with its
// offline cache. A provider's first load therefore carries Lite, not the full SDK (README,
// "Installing and offline use").
//
// Order: the Lite read is the server's state, newer than anything in the device's cache, so a
// cached snapshot from the full SDK is skipped once Lite has shown the event, until the full SDK
// hears from the server itself. Without a network (a returning visit offline), the Lite read
// fails silently and the full SDK's cache shows the last known queue.

import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore/lite';
import { eventWithCode, roomChoiceKey, type RoomChoice } from '../lib/roomChoice';
import { chooseSharedEvent, sortEvents } from '../lib/sharedEvent';
import type { Event } from '../types/event';
import { reportBackendAnswered, reportBackendMissed } from './connection';
import { followLater } from './deferred';
import { eventFromData } from './eventData';
import { liteDb, readEventsOnce } from './lite';

/** How long the full SDK waits for the Lite read before starting anyway (a stalled network: its cache may show the queue). */
const LITE_READ_WAIT_MS = 3_000;

/** What a phone shows (parallel rooms: src/lib/roomChoice.ts). */
export interface RoomView {
  /** The chosen room's event, else the shared event; null when there is none. */
  event: Event | null;
  /** The open events when several are open and the phone has chosen none: it is asked which room it is in. */
  rooms: Event[];
  /** The id of the event the phone's choice named, when it exists; null: the shared rule applies. */
  room: string | null;
}

/**
 * The phone's view as the server has it now, read once through Lite: the chosen event (one
 * document read), else the shared event (chooseSharedEvent over the open events, else over all).
 * A room code is looked up among the open events, then among all.
 */
export async function readRoomView(choice: RoomChoice | null = null): Promise<RoomView> {
  if (choice?.kind === 'event') {
    const chosen = await getDoc(doc(await liteDb(), 'events', choice.eventId));
    if (chosen.exists()) return { event: eventFromData(chosen.id, chosen.data()), rooms: [], room: chosen.id };
  }
  const now = new Date();
  const open = await readOpenEvents();
  let all: Event[] | null = null;
  if (choice?.kind === 'code') {
    let named = eventWithCode(choice.code, open);
    if (named === null) {
      all = sortEvents(await readEventsOnce());
      named = eventWithCode(choice.code, [], all);
    }
    if (named !== null) return { event: named, rooms: [], room: named.id };
  }
  const shared = chooseSharedEvent(open, now);
  if (shared) return { event: shared, rooms: open.length > 1 ? open : [], room: null };
  return { event: chooseSharedEvent(all ?? (await readEventsOnce()), now), rooms: [], room: null };
}

/** The open events (the rooms in session), by start time, read once through Lite: the room chooser's list when a phone switches rooms. */
export async function readOpenEvents(): Promise<Event[]> {
  const open = await getDocs(query(collection(await liteDb(), 'events'), where('is_event_open', '==', true)));
  return sortEvents(open.docs.map((document) => eventFromData(document.id, document.data())));
}

/** The latest read of a phone's view started by startSharedEventRead, until a follower has taken its answer. */
interface EarlyRead {
  key: string;
  read: Promise<RoomView>;
  /** Its answer, once in. */
  view?: RoomView;
  settled: boolean;
  /** A follower has used it: once settled, the next one reads afresh. */
  taken: boolean;
}
let early: EarlyRead | null = null;

function earlyRead(choice: RoomChoice | null): EarlyRead {
  const key = roomChoiceKey(choice);
  if (early === null || early.key !== key || (early.settled && early.taken)) {
    const started: EarlyRead = { key, read: readRoomView(choice), settled: false, taken: false };
    started.read.then(
      (view) => {
        started.view = view;
        started.settled = true;
      },
      () => {
        started.settled = true;
      },
    );
    early = started;
  }
  return early;
}

/**
 * Starts reading the phone's event now, before the app has rendered: the first followSharedEvent
 * (PresentersContext, which every page mounts) with the same choice takes it over instead of
 * reading again, even once it has settled, so a phone's round trip for the queue overlaps the
 * app's start-up instead of following it. `choice` is read synchronously from the address and
 * browser storage (src/main.tsx).
 */
export function startSharedEventRead(choice: RoomChoice | null = null): Promise<RoomView> {
  return earlyRead(choice).read;
}

/**
 * The answer of that read if it is already in and no follower has used it yet: the queue's first
 * render can show the event at once rather than render once without it (PresentersContext).
 */
export function readyRoomView(choice: RoomChoice | null = null): RoomView | undefined {
  return early !== null && early.key === roomChoiceKey(choice) && !early.taken ? early.view : undefined;
}

/** True when a service worker serves this page: the full SDK's chunk is then on the device, and its cache can show the queue at once. */
function fullSdkOnDevice(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/**
 * Follows the event every provider sees (the spec's "shared event view"; see watchSharedEvent):
 * first from a Lite read, then live. `callback` gets null when there are no events. onError gets
 * a failure of the live listener, or of both the Lite read and the full SDK's fetch (offline on
 * a first visit: the fetch is tried again, and the listener starts when it arrives). With
 * `live: false` it reads the event once through Lite and stops there (onError on failure).
 * With a `room` chosen, it follows that event's document instead (a room code once
 * the Lite read has looked it up), and `onRooms` hears, before each `callback`, the rooms to
 * choose from and the room followed (RoomView). Returns the unsubscribe function.
 */
export function followSharedEvent(
  callback: (event: Event | null) => void,
  onError: (error: unknown) => void,
  {
    live = true,
    room = null,
    onRooms,
  }: { live?: boolean; room?: RoomChoice | null; onRooms?: (rooms: Event[], room: string | null) => void } = {},
): () => void {
  const show = ({ event, rooms, room: followed }: RoomView) => {
    onRooms?.(rooms, followed);
    callback(event);
  };
  // The event followed live: a chosen event's id, null for the shared rule, undefined while a room code is looked up.
  let target: string | null | undefined = room === null ? null : room.kind === 'event' ? room.eventId : undefined;
  let stopped = false;
  let liteShown = false;
  let liteFailed = false;
  let liveFromServer = false;
  let liveShown = false;
  let liveLoadFailed = false;
  let stopLive: (() => void) | null = null;

  // Nothing can show until the network is back: end the wait (an empty queue) rather than spin.
  let reported = false;
  const reportIfNothingShows = (error: unknown) => {
    if (reported || !liteFailed || !liveLoadFailed || liveShown) return;
    reported = true;
    onError(error);
  };

  const startLive = () => {
    if (stopLive !== null || stopped || target === undefined) return;
    clearTimeout(wait);
    const followed = target;
    const onLive = (event: Event | null, fromCache: boolean, rooms: Event[] = []) => {
      if (stopped) return;
      if (fromCache && liteShown && !liveFromServer) return;
      if (!fromCache) liveFromServer = true;
      liveShown = true;
      show({ event, rooms: rooms.length > 1 ? rooms : [], room: followed });
    };
    stopLive = followLater(
      () => import('./events'),
      (events) => (followed === null ? events.watchSharedEvent(onLive, onError) : events.watchRoom(followed, onLive, onError)),
      (error) => {
        liveLoadFailed = true;
        reportIfNothingShows(error);
      },
    );
  };
  // Without `live`, the Lite read is all: the full SDK is neither fetched nor started.
  const wait = live ? setTimeout(startLive, LITE_READ_WAIT_MS) : undefined;
  if (live && fullSdkOnDevice()) startLive();

  const first = earlyRead(room);
  first.taken = true;
  first.read.then(
    (view) => {
      reportBackendAnswered();
      if (stopped) return;
      // Until the live listener has started, the server's answer decides what it follows: the
      // room a code named, or the shared rule when the chosen event no longer exists.
      if (stopLive === null) target = view.room;
      if (!liveFromServer) {
        liteShown = true;
        show(view);
      }
      if (live) startLive();
    },
    (error: unknown) => {
      // Lite names no network failure apart (fetch failing is 'unknown'): a doubt, which the
      // connection check settles.
      reportBackendMissed();
      if (stopped) return;
      liteFailed = true;
      // A room code cannot be looked up without the network: the shared rule until it is back.
      if (target === undefined) target = null;
      if (!live) {
        onError(error);
        return;
      }
      console.warn('The first read of the event failed; the live listener and its cache take over.', error);
      startLive();
      reportIfNothingShows(error);
    },
  );

  return () => {
    stopped = true;
    clearTimeout(wait);
    stopLive?.();
  };
}
