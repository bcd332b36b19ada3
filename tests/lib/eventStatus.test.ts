// The events dashboard's status of each event (which chip for which state and time), its
// presenter count and its order: live, then upcoming by date, then past, newest first.

import { describe, expect, it } from 'vitest';
import type { ReactionStatus } from '../../domain/documents';
import { eventFromData } from '../../src/db/eventData';
import { dashboardOrder, eventStatus, failureDetail, presenterCount } from '../../src/lib/eventStatus';
import type { Event } from '../../src/types/event';

const now = new Date('2030-05-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

function event(id: string, changes: Partial<Event> = {}): Event {
  return { ...eventFromData(id, { title: id }), ...changes };
}

const reaction = (state: ReactionStatus['state'], iso: string, counts?: Record<string, number>): ReactionStatus<Date | null> => ({
  state,
  at: at(iso),
  ...(counts ? { counts } : {}),
});

const kindOf = (changes: Partial<Event>) => eventStatus(event('e', changes), now).kind;

describe('eventStatus', () => {
  it('is Live now for an open event, whatever its time or reactions', () => {
    expect(eventStatus(event('e', { isEventOpen: true, startTime: at('2030-06-01T10:00:00Z') }), now)).toEqual({
      kind: 'live',
      label: 'Live now',
      failed: false,
    });
    expect(kindOf({ isEventOpen: true, matchingStatus: reaction('done', '2030-05-01T11:00:00Z') })).toBe('live');
  });

  it('is Upcoming while the start time is ahead, and Closed from the start time on or without one', () => {
    expect(kindOf({ startTime: at('2030-05-01T12:00:01Z') })).toBe('upcoming');
    expect(eventStatus(event('e', { startTime: now }), now).label).toBe('Closed');
    expect(kindOf({ startTime: at('2030-04-01T12:00:00Z') })).toBe('closed');
    expect(kindOf({ startTime: null })).toBe('closed');
  });

  it('says matching is under way from the moment it is asked for until the server is done', () => {
    expect(kindOf({ isMatching: true })).toBe('matching');
    expect(kindOf({ matchingStatus: reaction('running', '2030-05-01T11:00:00Z') })).toBe('matching');
    expect(eventStatus(event('e', { isMatching: true }), now).label).toBe('Matching…');
  });

  it('says Matching done, or marks Matching failed', () => {
    expect(eventStatus(event('e', { matchingStatus: reaction('done', '2030-05-01T11:00:00Z') }), now)).toEqual({
      kind: 'matchingDone',
      label: 'Matching done',
      failed: false,
    });
    expect(eventStatus(event('e', { matchingStatus: reaction('failed', '2030-05-01T11:00:00Z') }), now)).toEqual({
      kind: 'matchingFailed',
      label: 'Matching failed',
      failed: true,
    });
  });

  it('says E-mails sent or marks E-mails failed once they come after matching, and sending while under way', () => {
    const matched = reaction('done', '2030-05-01T11:00:00Z');
    expect(kindOf({ matchingStatus: matched, emailingStatus: reaction('done', '2030-05-01T11:05:00Z') })).toBe('emailsSent');
    expect(
      eventStatus(event('e', { matchingStatus: matched, emailingStatus: reaction('failed', '2030-05-01T11:05:00Z') }), now),
    ).toEqual({ kind: 'emailsFailed', label: 'E-mails failed', failed: true });
    expect(kindOf({ matchingStatus: matched, isEmailing: true })).toBe('emailing');
    expect(kindOf({ emailingStatus: reaction('running', '2030-05-01T11:05:00Z') })).toBe('emailing');
    expect(eventStatus(event('e', { isEmailing: true }), now).label).toBe('Sending e-mails…');
  });

  it('shows matching again when it was run again after the e-mails', () => {
    const emailed = reaction('done', '2030-05-01T11:05:00Z');
    expect(kindOf({ emailingStatus: emailed, matchingStatus: reaction('done', '2030-05-01T11:30:00Z') })).toBe('matchingDone');
    expect(kindOf({ emailingStatus: emailed, isMatching: true })).toBe('matching');
    expect(kindOf({ emailingStatus: emailed, matchingStatus: reaction('done', '2030-05-01T11:05:00Z') })).toBe('emailsSent');
  });

  it('tells how many e-mails failed when the server counted them', () => {
    const failed = event('e', { emailingStatus: reaction('failed', '2030-05-01T11:05:00Z', { sent: 37, failed: 3, total: 40 }) });
    expect(failureDetail(failed, eventStatus(failed, now))).toBe('3 of 40 e-mails failed');
    const uncounted = event('e', { emailingStatus: reaction('failed', '2030-05-01T11:05:00Z') });
    expect(failureDetail(uncounted, eventStatus(uncounted, now))).toBeNull();
    const sent = event('e', { emailingStatus: reaction('done', '2030-05-01T11:05:00Z', { sent: 40, failed: 0, total: 40 }) });
    expect(failureDetail(sent, eventStatus(sent, now))).toBeNull();
  });
});

describe('presenterCount', () => {
  it("counts each presenter of the rounds once, leaving out the queue's results and announcement entries", () => {
    const entry = (presenter_id: string, first_name = presenter_id, last_name = 'X') => ({ presenter_id, first_name, last_name });
    expect(
      presenterCount({
        rounds: {
          round_1: [entry('ada'), entry('lin'), entry('ann', 'Announcement', 'Break')],
          round_2: [entry('ada'), entry('sam'), entry('res', 'session', 'results')],
        },
      }),
    ).toBe(3);
    expect(presenterCount({ rounds: { round_1: [] } })).toBe(0);
  });
});

describe('dashboardOrder', () => {
  it('puts live events first, then upcoming ones soonest first, then past ones newest first, unscheduled last', () => {
    const events = [
      event('old', { startTime: at('2030-03-01T10:00:00Z') }),
      event('later', { startTime: at('2030-06-01T10:00:00Z') }),
      event('unscheduled', { startTime: null }),
      event('live-late', { isEventOpen: true, startTime: at('2030-05-01T11:30:00Z') }),
      event('recent', { startTime: at('2030-04-20T10:00:00Z'), matchingStatus: reaction('done', '2030-04-20T12:00:00Z') }),
      event('soon', { startTime: at('2030-05-01T13:00:00Z') }),
      event('live-early', { isEventOpen: true, startTime: at('2030-05-01T09:00:00Z') }),
      event('started', { startTime: now }),
    ];
    expect(dashboardOrder(events, now).map((e) => e.id)).toEqual([
      'live-early',
      'live-late',
      'soon',
      'later',
      'started',
      'recent',
      'old',
      'unscheduled',
    ]);
  });

  it('moves an upcoming event to the past ones once its start time has come', () => {
    const events = [event('a', { startTime: at('2030-05-01T13:00:00Z') }), event('b', { startTime: at('2030-05-01T15:00:00Z') })];
    expect(dashboardOrder(events, now).map((e) => e.id)).toEqual(['a', 'b']);
    expect(dashboardOrder(events, at('2030-05-01T14:00:00Z')).map((e) => e.id)).toEqual(['b', 'a']);
  });
});
