// @vitest-environment jsdom
// Parallel rooms: the room code of an event, the room an address names, the room a
// phone remembers for a day, and which event a code names.

import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { timings } from '../../src/config/constants';
import {
  addressWithoutRoom,
  eventWithCode,
  readRoomChoice,
  readStoredRoom,
  roomChoiceKey,
  roomCode,
  roomFromAddress,
  writeStoredRoom,
} from '../../src/lib/roomChoice';
import { appEvent } from '../support/fixtures';

const NOW = Date.UTC(2030, 4, 1, 12);

const event = (id: string) => appEvent(id);

beforeEach(() => localStorage.clear());

describe('roomCode', () => {
  it('is 5 lower-case letters and digits without look-alikes, the same for the same id', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        expect(roomCode(id)).toMatch(/^[a-hjkmnp-z2-9]{5}$/);
        expect(roomCode(id)).toBe(roomCode(id));
      }),
    );
  });

  it('tells apart the auto-ids of a year of events', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `Ev${i.toString(36)}x${(i * 7919).toString(36)}AbCdEfGhIjK`.slice(0, 20));
    expect(new Set(ids.map(roomCode)).size).toBe(ids.length);
  });
});

describe('roomFromAddress', () => {
  it('reads /join/{code}, ?room={code} and ?event={id}', () => {
    expect(roomFromAddress('/join/K7MQX', '')).toEqual({ kind: 'code', code: 'k7mqx' });
    expect(roomFromAddress('/join/k7mqx/', '')).toEqual({ kind: 'code', code: 'k7mqx' });
    expect(roomFromAddress('/presenters', '?room=k7mqx')).toEqual({ kind: 'code', code: 'k7mqx' });
    expect(roomFromAddress('/profile', '?event=abc123')).toEqual({ kind: 'event', eventId: 'abc123', stored: false });
  });

  it('finds nothing in other addresses', () => {
    expect(roomFromAddress('/presenters', '')).toBeNull();
    expect(roomFromAddress('/join/', '')).toBeNull();
    expect(roomFromAddress('/', '?room=')).toBeNull();
  });
});

describe('the remembered room', () => {
  it('is kept for a day, then forgotten', () => {
    writeStoredRoom(localStorage, 'room-a', NOW);
    expect(readStoredRoom(localStorage, NOW + 60_000)).toBe('room-a');
    expect(readStoredRoom(localStorage, NOW + timings.roomChoiceKeepMs)).toBeNull();
    writeStoredRoom(localStorage, null, NOW);
    expect(readStoredRoom(localStorage, NOW)).toBeNull();
  });

  it('reads a damaged item as none', () => {
    localStorage.setItem('room', '{broken');
    expect(readStoredRoom(localStorage, NOW)).toBeNull();
    localStorage.setItem('room', JSON.stringify({ eventId: 7 }));
    expect(readStoredRoom(localStorage, NOW)).toBeNull();
  });

  it('gives way to a room in the address (a scanned QR code)', () => {
    writeStoredRoom(localStorage, 'room-a', NOW);
    expect(readRoomChoice({ pathname: '/presenters', search: '' }, () => localStorage, NOW)).toEqual({
      kind: 'event',
      eventId: 'room-a',
      stored: true,
    });
    expect(readRoomChoice({ pathname: '/join/abcde', search: '' }, () => localStorage, NOW)).toEqual({
      kind: 'code',
      code: 'abcde',
    });
  });

  it('is none where storage is refused', () => {
    const refused = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(readRoomChoice({ pathname: '/presenters', search: '' }, refused, NOW)).toBeNull();
  });
});

describe('eventWithCode', () => {
  it('looks among the open events first, then the others', () => {
    const a = event('room-a');
    const b = event('room-b');
    const later = event('later');
    expect(eventWithCode(roomCode('room-b'), [a, b])).toBe(b);
    expect(eventWithCode(roomCode('later'), [a, b], [later])).toBe(later);
    expect(eventWithCode('zzzzz', [a, b], [later])).toBeNull();
  });
});

describe('addressWithoutRoom', () => {
  it('takes the room out of the address and keeps the rest', () => {
    expect(addressWithoutRoom('https://pitch.example.edu/presenters?room=k7mqx#top')).toBe('/presenters#top');
    expect(addressWithoutRoom('https://pitch.example.edu/profile?event=abc&x=1')).toBe('/profile?x=1');
    expect(addressWithoutRoom('https://pitch.example.edu/presenters')).toBeNull();
  });
});

describe('roomChoiceKey', () => {
  it('tells choices apart', () => {
    expect(roomChoiceKey(null)).toBe('');
    expect(roomChoiceKey({ kind: 'code', code: 'abcde' })).not.toBe(
      roomChoiceKey({ kind: 'event', eventId: 'abcde', stored: true }),
    );
  });
});
