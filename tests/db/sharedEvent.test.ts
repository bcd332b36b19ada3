// The queue's first read through Firestore Lite and the hand-over to the full SDK's live
// listener (src/db/sharedEvent.ts), with the real SDKs against the local backend: Lite picks the
// same event as the live listener, its Timestamps read as Dates, and no change made around the
// hand-over is missed. With parallel rooms: a chosen room or a room code is read and
// followed by itself, and several open events with none chosen are offered as rooms.

import { describe, expect, it } from 'vitest';
import { roomCode } from '../../src/lib/roomChoice';
import type { Event } from '../../src/types/event';
import { eventually, follow, pointAppAtEmulators, storeEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-shared-event');
const { followSharedEvent, readRoomView, readyRoomView, startSharedEventRead } = await import('../../src/db/sharedEvent');
const adminDb = useAdminDb(projectId);

describe('readRoomView with no room chosen (Firestore Lite)', () => {
  it('reads the open event with its dates and rounds', async () => {
    await storeEvent(adminDb(), 'a', { startTime: new Date(Date.now() + 3_600_000) });
    await storeEvent(adminDb(), 'b', { open: true, presenterIndex: 1 });
    const { event } = await readRoomView();
    expect(event).toMatchObject({ id: 'b', isEventOpen: true, presenterIndex: 1, title: 'Med-Tech Pitch Session' });
    expect(event?.startTime).toEqual(new Date('2030-05-01T11:15:00Z'));
    expect(event?.rounds.round_1?.map((entry) => entry.presenter_id)).toEqual(['p-ada', 'p-lin', 'p-sam']);
  });

  it('without an open event reads the next to start', async () => {
    await storeEvent(adminDb(), 'past', { startTime: new Date(Date.now() - 86_400_000) });
    await storeEvent(adminDb(), 'next', { startTime: new Date(Date.now() + 3_600_000) });
    expect((await readRoomView()).event?.id).toBe('next');
  });

  it('gives null when there are no events', async () => {
    expect((await readRoomView()).event).toBeNull();
  });
});

describe('followSharedEvent', () => {
  it('hands a read started as the app starts, already in, to the first follower rather than reading again', async () => {
    await storeEvent(adminDb(), 'early', { open: true, presenterIndex: 0 });
    await startSharedEventRead();
    // The queue's first render can show it at once.
    expect(readyRoomView()?.event).toMatchObject({ id: 'early', presenterIndex: 0 });
    await storeEvent(adminDb(), 'early', { open: true, presenterIndex: 2 });

    // The first follower is given that read's answer, made before the change: no second read.
    const first = follow<Event | null>((callback, onError) => followSharedEvent(callback, onError, { live: false }));
    await eventually(() => expect(first.seen).toHaveLength(1));
    expect(first.latest()).toMatchObject({ id: 'early', presenterIndex: 0 });
    expect(readyRoomView()).toBeUndefined();
    first.stop();

    // Once it has been used, the next follower reads afresh.
    const next = follow<Event | null>((callback, onError) => followSharedEvent(callback, onError, { live: false }));
    await eventually(() => expect(next.latest()).toMatchObject({ id: 'early', presenterIndex: 2 }));
    next.stop();
  });

  it('shows the event first from the Lite read, then follows it live', async () => {
    await storeEvent(adminDb(), 'e1', { open: true, presenterIndex: 0 });
    const shared = follow<Event | null>(followSharedEvent);
    try {
      await eventually(() => expect(shared.latest()?.id).toBe('e1'));
      // Changed at once, while the full SDK may still be on its way: the change still arrives.
      await adminDb().doc('events/e1').update({ presenter_index: 1 });
      await eventually(() => expect(shared.latest()?.presenterIndex).toBe(1));
      await adminDb().doc('events/e1').update({ presenter_index: 2 });
      await eventually(() => expect(shared.latest()?.presenterIndex).toBe(2));
      expect(shared.errors).toEqual([]);
    } finally {
      shared.stop();
    }
  });

  it('follows an admin opening another event', async () => {
    await storeEvent(adminDb(), 'next', { startTime: new Date(Date.now() + 3_600_000) });
    await storeEvent(adminDb(), 'later', { startTime: new Date(Date.now() + 7_200_000) });
    const shared = follow<Event | null>(followSharedEvent);
    try {
      await eventually(() => expect(shared.latest()?.id).toBe('next'));
      await adminDb().doc('events/later').update({ is_event_open: true, presenter_index: 0 });
      await eventually(() => expect(shared.latest()).toMatchObject({ id: 'later', isEventOpen: true }));
      expect(shared.errors).toEqual([]);
    } finally {
      shared.stop();
    }
  });

  it('after stop, passes nothing on', async () => {
    await storeEvent(adminDb(), 'e1', { open: true, presenterIndex: 0 });
    const shared = follow<Event | null>(followSharedEvent);
    await eventually(() => expect(shared.latest()?.id).toBe('e1'));
    shared.stop();
    const count = shared.seen.length;
    await adminDb().doc('events/e1').update({ presenter_index: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(shared.seen).toHaveLength(count);
  });
});

describe('parallel rooms', () => {
  it('offers the open events as rooms when the phone has chosen none, and reads a chosen one or a code alone', async () => {
    await storeEvent(adminDb(), 'room-a', { open: true, presenterIndex: 0, title: 'Room A' });
    await storeEvent(adminDb(), 'room-b', { open: true, presenterIndex: 1, title: 'Room B' });
    await storeEvent(adminDb(), 'room-c', { startTime: new Date(Date.now() + 3_600_000), title: 'Room C' });
    const none = await readRoomView(null);
    expect(none.rooms.map((room) => room.id).sort()).toEqual(['room-a', 'room-b']);
    expect(none.room).toBeNull();
    expect(await readRoomView({ kind: 'event', eventId: 'room-b', stored: true })).toMatchObject({
      event: { id: 'room-b', presenterIndex: 1 },
      rooms: [],
      room: 'room-b',
    });
    // A code names an open room, or one not open yet.
    expect((await readRoomView({ kind: 'code', code: roomCode('room-a') })).room).toBe('room-a');
    expect((await readRoomView({ kind: 'code', code: roomCode('room-c') })).room).toBe('room-c');
    // A deleted room, or a code no event has: the shared rule.
    expect(await readRoomView({ kind: 'event', eventId: 'gone', stored: true })).toMatchObject({ room: null });
    expect((await readRoomView({ kind: 'code', code: 'zzzzz' })).room).toBeNull();
  });

  it('follows the chosen room alone: the other room moving passes nothing on', async () => {
    await storeEvent(adminDb(), 'room-a', { open: true, presenterIndex: 0 });
    await storeEvent(adminDb(), 'room-b', { open: true, presenterIndex: 0 });
    const rooms: (string | null)[] = [];
    const shared = follow<Event | null>((callback, onError) =>
      followSharedEvent(callback, onError, {
        room: { kind: 'code', code: roomCode('room-b') },
        onRooms: (_, room) => rooms.push(room),
      }),
    );
    try {
      await eventually(() => expect(shared.latest()?.id).toBe('room-b'));
      await adminDb().doc('events/room-b').update({ presenter_index: 1 });
      await eventually(() => expect(shared.latest()?.presenterIndex).toBe(1));
      const count = shared.seen.length;
      await adminDb().doc('events/room-a').update({ presenter_index: 2 });
      await adminDb().doc('events/room-b').update({ presenter_index: 2 });
      await eventually(() => expect(shared.latest()?.presenterIndex).toBe(2));
      expect(shared.seen.slice(count).map((event) => event?.id)).toEqual(['room-b']);
      expect(new Set(rooms)).toEqual(new Set(['room-b']));
      expect(shared.errors).toEqual([]);
    } finally {
      shared.stop();
    }
  });
});
