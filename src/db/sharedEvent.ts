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

import { collection, getDocs, query, where } from 'firebase/firestore/lite';
import { chooseSharedEvent } from '../lib/sharedEvent';
import type { Event } from '../types/event';
import { reportBackendAnswered, reportBackendMissed } from './connection';
import { followLater } from './deferred';
import { eventFromData } from './eventData';
import { liteDb, readEventsOnce } from './lite';

/** How long the full SDK waits for the Lite read before starting anyway (a stalled network: its cache may show the queue). */
const LITE_READ_WAIT_MS = 3_000;

/** The shared event as the server has it now (chooseSharedEvent over the open events, else over all), read once through Lite. */
export async function readSharedEvent(): Promise<Event | null> {
  const events = collection(liteDb(), 'events');
  const now = new Date();
  const open = await getDocs(query(events, where('is_event_open', '==', true)));
  const chosen = chooseSharedEvent(
    open.docs.map((document) => eventFromData(document.id, document.data())),
    now,
  );
  if (chosen) return chosen;
  return chooseSharedEvent(await readEventsOnce(), now);
}

/** A read started as the app's code arrives (startSharedEventRead), shared by the followers that start before it settles. */
let pendingRead: Promise<Event | null> | null = null;

/**
 * Starts reading the shared event now, before the app has rendered: the first followSharedEvent
 * (PresentersContext, which every page mounts) takes it over instead of reading again, so a phone's
 * round trip for the queue overlaps the app's start-up instead of following it.
 */
export function startSharedEventRead(): Promise<Event | null> {
  if (pendingRead === null) {
    const read = readSharedEvent();
    pendingRead = read;
    const settled = () => {
      if (pendingRead === read) pendingRead = null;
    };
    read.then(settled, settled);
  }
  return pendingRead;
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
 * Returns the unsubscribe function.
 */
export function followSharedEvent(
  callback: (event: Event | null) => void,
  onError: (error: unknown) => void,
  { live = true }: { live?: boolean } = {},
): () => void {
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
    if (stopLive !== null || stopped) return;
    clearTimeout(wait);
    stopLive = followLater(
      () => import('./events'),
      (events) =>
        events.watchSharedEvent((event, fromCache) => {
          if (stopped) return;
          if (fromCache && liteShown && !liveFromServer) return;
          if (!fromCache) liveFromServer = true;
          liveShown = true;
          callback(event);
        }, onError),
      (error) => {
        liveLoadFailed = true;
        reportIfNothingShows(error);
      },
    );
  };
  // Without `live`, the Lite read is all: the full SDK is neither fetched nor started.
  const wait = live ? setTimeout(startLive, LITE_READ_WAIT_MS) : undefined;
  if (live && fullSdkOnDevice()) startLive();

  startSharedEventRead().then(
    (event) => {
      reportBackendAnswered();
      if (stopped) return;
      if (!liveFromServer) {
        liteShown = true;
        callback(event);
      }
      if (live) startLive();
    },
    (error: unknown) => {
      // Lite names no network failure apart (fetch failing is 'unknown'): a doubt, which the
      // connection check settles.
      reportBackendMissed();
      if (stopped) return;
      liteFailed = true;
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
