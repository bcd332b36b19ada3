// 'Duplicate event': the copy's title, its start time (the next session of a weekly series) and
// what of the original's stored document it keeps (settings, logos, rounds) and starts afresh
// (open, round, live presenter, matching and e-mailing).

import { describe, expect, it } from 'vitest';
import { copiedEventData, copyTitle, nextSessionStart, shiftedMeetingStart } from '../../src/lib/eventCopy';
import { eventRunToTheEnd } from '../support/fixtures';

describe('copyTitle', () => {
  it("is 'Copy of' the title, within the 200 characters an event's title may have", () => {
    expect(copyTitle('Med-Tech Pitch Session')).toBe('Copy of Med-Tech Pitch Session');
    expect(copyTitle('x'.repeat(200))).toHaveLength(200);
  });
});

describe('nextSessionStart', () => {
  const start = new Date(2030, 4, 1, 11, 15);

  it('is a week after an original still ahead', () => {
    expect(nextSessionStart(start, new Date(2030, 3, 1))).toEqual(new Date(2030, 4, 8, 11, 15));
  });

  it('is the first same weekday and time still ahead, for an original in the past', () => {
    expect(nextSessionStart(start, new Date(2030, 4, 1, 12))).toEqual(new Date(2030, 4, 8, 11, 15));
    expect(nextSessionStart(start, new Date(2030, 4, 8, 11, 15))).toEqual(new Date(2030, 4, 15, 11, 15));
    expect(nextSessionStart(start, new Date(2030, 6, 20))).toEqual(new Date(2030, 6, 24, 11, 15));
  });

  it('keeps the time of day across a change of summer time', () => {
    const winter = new Date(2030, 0, 2, 9, 30);
    const next = nextSessionStart(winter, new Date(2030, 6, 1));
    expect([next?.getHours(), next?.getMinutes(), next?.getDay()]).toEqual([9, 30, winter.getDay()]);
  });

  it('stays null without a start time', () => {
    expect(nextSessionStart(null, new Date())).toBeNull();
  });
});

describe('shiftedMeetingStart', () => {
  const originalStart = new Date(2030, 4, 1, 18, 0);
  const meetings = new Date(2030, 4, 1, 20, 30);

  it('keeps the first meeting as far from the start as in the original', () => {
    expect(shiftedMeetingStart(meetings, originalStart, new Date(2030, 4, 8, 18, 0))).toEqual(new Date(2030, 4, 8, 20, 30));
  });

  it('keeps it as it is when a start is unknown, and null stays null', () => {
    expect(shiftedMeetingStart(meetings, null, new Date(2030, 4, 8, 18, 0))).toEqual(meetings);
    expect(shiftedMeetingStart(meetings, originalStart, null)).toEqual(meetings);
    expect(shiftedMeetingStart(null, originalStart, new Date(2030, 4, 8, 18, 0))).toBeNull();
  });
});

describe('copiedEventData', () => {
  const original = {
    title: 'Med-Tech Pitch Session',
    description: 'Three-minute pitches.',
    location: 'Innovation Hub',
    start_time: 'original time',
    rounds: {
      round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }],
      round_2: [{ presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }],
    },
    ...eventRunToTheEnd,
    normalLogo: 'https://old/normal.png',
    middleLogo: null,
    share_feedback: true,
    matching_status: { state: 'done', at: 'then', counts: { presenters: 2 } },
    emailing_status: { state: 'failed', at: 'then', reason: 'SMTP down' },
    pitch_seconds: 240,
    question_seconds: 60,
    timer: { presenter_id: 'p-lin', started_at: 'then', paused_ms: 0, paused_at: null, resumed_at: null },
    pitch_times: { 'p-ada': { started_at: 'then', ended_at: 'later', paused_ms: 0, pitch_seconds: 240, question_seconds: 60 } },
    meetings: {
      enabled: true,
      start_time: 'original meetings',
      slot_minutes: 15,
      slots: 4,
      places: ['Table 1', 'Zoom'],
      max_per_person: 2,
    },
  };
  const copy = copiedEventData(original, {
    title: 'Copy of Med-Tech Pitch Session',
    startTime: 'next time',
    normalLogo: 'https://new/normal.png',
    middleLogo: null,
    meetingStartTime: 'next meetings',
  });

  it('keeps the settings and the rounds, with the given title, start time and logos', () => {
    expect(copy).toMatchObject({
      title: 'Copy of Med-Tech Pitch Session',
      description: 'Three-minute pitches.',
      location: 'Innovation Hub',
      start_time: 'next time',
      number_of_rounds: 2,
      rounds: original.rounds,
      normalLogo: 'https://new/normal.png',
      middleLogo: null,
      developers: original.developers,
      min_match_score: 3.5,
      max_matches_per_presenter: 7,
      fair_scores: true,
      exclude_conflicts: false,
      share_feedback: true,
      pitch_seconds: 240,
      question_seconds: 60,
      meetings: {
        enabled: true,
        start_time: 'next meetings',
        slot_minutes: 15,
        slots: 4,
        places: ['Table 1', 'Zoom'],
        max_per_person: 2,
      },
    });
    expect(copy.rounds).not.toBe(original.rounds);
  });

  it('starts a new session: closed, round 1, nobody live, no matching or e-mails, no server status, no clock', () => {
    expect(copy).toMatchObject({
      is_event_open: false,
      round_number: 1,
      presenter_index: -1,
      is_matching: false,
      is_emailing: false,
      is_slider_open: false,
    });
    expect(copy).not.toHaveProperty('matching_status');
    expect(copy).not.toHaveProperty('emailing_status');
    expect(copy).not.toHaveProperty('timer');
    expect(copy).not.toHaveProperty('pitch_times');
  });
});
