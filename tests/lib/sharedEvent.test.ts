// Which event everyone follows, and event ordering.

import { describe, expect, it } from 'vitest';
import { chooseSharedEvent, latestFirst, sortEvents } from '../../src/lib/sharedEvent';
import { appEvent } from '../support/fixtures';

const now = new Date('2030-05-01T12:00:00Z');

const event = (id: string, startTime: string | null, isEventOpen = false) =>
  appEvent(id, { startTime: startTime ? new Date(startTime) : null, isEventOpen, presenterIndex: -1 });

const past = event('past', '2030-04-01T10:00:00Z');
const older = event('older', '2030-03-01T10:00:00Z');
const soon = event('soon', '2030-05-01T13:00:00Z');
const later = event('later', '2030-06-01T10:00:00Z');
const unscheduled = event('unscheduled', null);

describe('chooseSharedEvent', () => {
  it('picks the open event', () => {
    expect(chooseSharedEvent([soon, event('open', '2030-01-01T00:00:00Z', true), later], now)?.id).toBe('open');
  });

  it('picks the earliest-starting open event, then the smaller id, when several are open', () => {
    expect(chooseSharedEvent([event('b', null, true), event('a', null, true)], now)?.id).toBe('a');
  });

  it('without an open event picks the next to start', () => {
    expect(chooseSharedEvent([later, past, soon, unscheduled], now)?.id).toBe('soon');
  });

  it('with nothing ahead picks the latest to have started, then events without a start time', () => {
    expect(chooseSharedEvent([older, unscheduled, past], now)?.id).toBe('past');
    expect(chooseSharedEvent([unscheduled], now)?.id).toBe('unscheduled');
  });

  it('gives null without events', () => {
    expect(chooseSharedEvent([], now)).toBeNull();
  });
});

describe('event order', () => {
  it('sorts by start time with unscheduled events last, both ways', () => {
    const events = [unscheduled, later, older, soon, past];
    expect(sortEvents(events).map((item) => item.id)).toEqual(['older', 'past', 'soon', 'later', 'unscheduled']);
    expect(latestFirst(events).map((item) => item.id)).toEqual(['later', 'soon', 'past', 'older', 'unscheduled']);
  });
});
