// Parallel rooms: which event a phone follows when several are open. A room display's
// QR code and printed link carry its event as a short code, /join/{code}, that can be typed;
// the code is computed from the event id (roomCode), so events need no new field and a copied
// event has its own code at once. A phone that joins through it, or picks a room from the list,
// remembers the event in browser storage for a day (timings.roomChoiceKeepMs): long enough for
// the sessions of a day, short enough that next week's event is not hidden behind last week's.
// Plain functions with no DOM or SDK: src/main.tsx reads the choice synchronously, before the
// app's code, and passes it to the event's first read.

import { STORAGE_KEYS, timings } from '../config/constants';
import { routePatterns } from '../config/paths';
import type { Event } from '../types/event';

/** The code's letters: lower case and digits without the look-alikes (0/o, 1/l/i). */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ROOM_CODE_LENGTH = 5;

/** What the phone has chosen: an event (stored, or ?event= in the address), or a room code still to be looked up. */
export type RoomChoice = { kind: 'event'; eventId: string; stored: boolean } | { kind: 'code'; code: string };

/** The event's room code: 5 characters from its id (FNV-1a), the same on every device. */
export function roomCode(eventId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < eventId.length; i++) {
    hash ^= eventId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
    code += CODE_ALPHABET[hash % CODE_ALPHABET.length];
    hash = Math.floor(hash / CODE_ALPHABET.length);
  }
  return code;
}

/** A typed code as the codes are written: lower case, without spaces. */
export function normaliseCode(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '');
}

const JOIN_PREFIX = routePatterns.join.replace(/:\w+$/, '');

/** The room an address names: /join/{code}, ?room={code} (the page's script turns the first into the second) or ?event={id}. */
export function roomFromAddress(pathname: string, search: string): RoomChoice | null {
  if (pathname.startsWith(JOIN_PREFIX)) {
    const code = normaliseCode(decodeURIComponent(pathname.slice(JOIN_PREFIX.length).replace(/\/+$/, '')));
    if (code !== '') return { kind: 'code', code };
  }
  const params = new URLSearchParams(search);
  const code = normaliseCode(params.get('room') ?? '');
  if (code !== '') return { kind: 'code', code };
  const eventId = params.get('event')?.trim() ?? '';
  return eventId === '' ? null : { kind: 'event', eventId, stored: false };
}

interface StoredRoom {
  eventId: string;
  chosenAt: number;
}

function readStored(storage: Storage): StoredRoom | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.room) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { eventId, chosenAt } = value as Record<string, unknown>;
    return typeof eventId === 'string' && eventId !== '' && typeof chosenAt === 'number' ? { eventId, chosenAt } : null;
  } catch {
    return null;
  }
}

/** The remembered room, or null when there is none or it was chosen more than a day ago. */
export function readStoredRoom(storage: Storage, now: number): string | null {
  const stored = readStored(storage);
  return stored !== null && now - stored.chosenAt >= 0 && now - stored.chosenAt < timings.roomChoiceKeepMs
    ? stored.eventId
    : null;
}

/** Remembers the room chosen at `now`; null forgets it. */
export function writeStoredRoom(storage: Storage, eventId: string | null, now: number): void {
  if (eventId === null) storage.removeItem(STORAGE_KEYS.room);
  else storage.setItem(STORAGE_KEYS.room, JSON.stringify({ eventId, chosenAt: now } satisfies StoredRoom));
}

/** The phone's choice as the page opens: the address's room first (a scanned QR code), else the remembered one. */
export function readRoomChoice(
  location: { pathname: string; search: string },
  storage: () => Storage,
  now: number,
): RoomChoice | null {
  const fromAddress = roomFromAddress(location.pathname, location.search);
  if (fromAddress !== null) return fromAddress;
  let stored: string | null = null;
  try {
    stored = readStoredRoom(storage(), now);
  } catch {
    // Storage refused (a private window's quota, a blocked site): no remembered room.
  }
  return stored === null ? null : { kind: 'event', eventId: stored, stored: true };
}

/**
 * The address without the room it named (`?room=`, `?event=`), once the phone remembers the room:
 * a reload after switching rooms then opens the room switched to. Null when there is nothing to take out.
 */
export function addressWithoutRoom(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('room') && !url.searchParams.has('event')) return null;
  url.searchParams.delete('room');
  url.searchParams.delete('event');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A key that tells two choices apart (the same key: the same read). */
export function roomChoiceKey(choice: RoomChoice | null): string {
  if (choice === null) return '';
  return choice.kind === 'code' ? `code:${choice.code}` : `event:${choice.eventId}`;
}

/**
 * The event a room code names: among the open events first (a phone joins a room in session),
 * then among `others` (a room before its start); the first in `events`' order when two share a
 * code. Null when none has it.
 */
export function eventWithCode(code: string, open: readonly Event[], others: readonly Event[] = []): Event | null {
  return open.find((event) => roomCode(event.id) === code) ?? others.find((event) => roomCode(event.id) === code) ?? null;
}
