// The event reader with the real web SDK against the local backend: live changes of the event
// document reach watchEvent and the derived queue, and every provider is shown the same event.

import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/types/event';
import { eventually, follow, pointAppAtEmulators, storeEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-events');
const events = await import('../../src/db/events');
const { buildQueue, groupQueue } = await import('../../domain/queue');
const adminDb = useAdminDb(projectId);

describe('watchEvent', () => {
  it('gives the event with its id, dates and camelCase names', async () => {
    await storeEvent(adminDb(), 'e1', { open: true, presenterIndex: 0 });
    const live = follow<Event | null>((callback, onError) => events.watchEvent('e1', callback, onError));
    try {
      await eventually(() => expect(live.latest()).toBeTruthy());
      const event = live.latest() as Event;
      expect(event).toMatchObject({
        id: 'e1',
        title: 'Med-Tech Pitch Session',
        isEventOpen: true,
        roundNumber: 1,
        presenterIndex: 0,
        numberOfRounds: 1,
        developers: [{ name: 'Dev One', linkedinUrl: 'https://www.linkedin.com/in/dev-one' }],
        minMatchScore: 4,
        maxMatchesPerPresenter: 5,
      });
      expect(event.startTime).toEqual(new Date('2030-05-01T11:15:00Z'));
      expect(event.rounds.round_1?.map((entry) => entry.presenter_id)).toEqual(['p-ada', 'p-lin', 'p-sam']);
    } finally {
      live.stop();
    }
  });

  it('passes a live change of presenter_index on, and the queue follows it', async () => {
    await storeEvent(adminDb(), 'e1', { open: true, presenterIndex: 0 });
    const live = follow<Event | null>((callback, onError) => events.watchEvent('e1', callback, onError));
    try {
      await eventually(() => expect(live.latest()?.presenterIndex).toBe(0));
      await adminDb().doc('events/e1').update({ presenter_index: 1 });
      await eventually(() => expect(live.latest()?.presenterIndex).toBe(1));

      const groups = groupQueue(buildQueue(live.latest() as Event, new Set(['p-ada'])));
      expect(groups.live.map((entry) => entry.first_name)).toEqual(['Lin']);
      expect(groups.upNext.map((entry) => entry.first_name)).toEqual(['Sam']);
      expect(groups.completed.map((entry) => entry.first_name)).toEqual(['Ada']);
      expect(live.errors).toEqual([]);
    } finally {
      live.stop();
    }
  });

  it('gives null for an event that does not exist', async () => {
    const live = follow<Event | null>((callback, onError) => events.watchEvent('missing', callback, onError));
    try {
      await eventually(() => expect(live.seen).toContain(null));
    } finally {
      live.stop();
    }
  });
});

describe('getEvents', () => {
  it('lists events by start time, events without one last', async () => {
    await storeEvent(adminDb(), 'late', { startTime: new Date('2030-06-01T09:00:00Z') });
    await storeEvent(adminDb(), 'early', { startTime: new Date('2030-01-01T09:00:00Z') });
    await storeEvent(adminDb(), 'unscheduled', { startTime: null });
    expect((await events.getEvents()).map((event) => event.id)).toEqual(['early', 'late', 'unscheduled']);
  });
});

describe('watchSharedEvent', () => {
  it('shows the open event', async () => {
    await storeEvent(adminDb(), 'a', { startTime: new Date(Date.now() + 3_600_000) });
    await storeEvent(adminDb(), 'b', { open: true, presenterIndex: 0 });
    const shared = follow<Event | null>(events.watchSharedEvent);
    try {
      await eventually(() => expect(shared.latest()?.id).toBe('b'));
    } finally {
      shared.stop();
    }
  });

  it('without an open event shows the next to start, and switches when an admin opens another', async () => {
    await storeEvent(adminDb(), 'past', { startTime: new Date(Date.now() - 86_400_000) });
    await storeEvent(adminDb(), 'next', { startTime: new Date(Date.now() + 3_600_000) });
    await storeEvent(adminDb(), 'later', { startTime: new Date(Date.now() + 7_200_000) });
    const shared = follow<Event | null>(events.watchSharedEvent);
    try {
      await eventually(() => expect(shared.latest()?.id).toBe('next'));

      await adminDb().doc('events/next').update({ title: 'Renamed' });
      await eventually(() => expect(shared.latest()?.title).toBe('Renamed'));

      await adminDb().doc('events/later').update({ is_event_open: true, presenter_index: 0 });
      await eventually(() => expect(shared.latest()).toMatchObject({ id: 'later', isEventOpen: true }));

      await adminDb().doc('events/later').update({ presenter_index: 2 });
      await eventually(() => expect(shared.latest()?.presenterIndex).toBe(2));

      await adminDb().doc('events/later').update({ is_event_open: false });
      await eventually(() => expect(shared.latest()?.id).toBe('next'));
      expect(shared.errors).toEqual([]);
    } finally {
      shared.stop();
    }
  });

  it('gives null when there are no events', async () => {
    const shared = follow<Event | null>(events.watchSharedEvent);
    try {
      await eventually(() => expect(shared.seen).toContain(null));
    } finally {
      shared.stop();
    }
  });
});
