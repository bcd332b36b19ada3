// The pitch timer as pure logic: what the clock reads at a server time (pitch, warning, questions,
// overtime, paused), what each control writes of it, and the figures the insights and exports
// show. Times are ms of the server's clock; SERVER_TIME marks the write's own server time.

import { describe, expect, it } from 'vitest';
import type { PresenterEntry } from '../../domain/documents';
import type { ControlState } from '../../domain/eventControl';
import {
  applyTimedControl,
  applyTimerCommand,
  elapsedMs,
  formatClock,
  msToNextSecond,
  pitchFigures,
  readTimer,
  SERVER_TIME,
  shownSeconds,
  timerOnLiveChange,
  type ClockState,
  type Timer,
} from '../../domain/pitchTimer';

const entry = (id: string, first = id.toUpperCase(), last = 'X'): PresenterEntry => ({
  presenter_id: id,
  first_name: first,
  last_name: last,
});
const ANNOUNCEMENT = entry('ann', 'Announcement', 'Break');
const RESULTS = entry('res', 'Session', 'Results');
const LIMITS = { pitchSeconds: 180, questionSeconds: 0 };
const T0 = 1_800_000_000_000;

const running = (overrides: Partial<Timer> = {}): Timer => ({
  presenter_id: 'a',
  started_at: T0,
  paused_ms: 0,
  paused_at: null,
  resumed_at: null,
  ...overrides,
});

function state(overrides: Partial<ControlState & ClockState> = {}): ControlState & ClockState {
  return {
    rounds: { round_1: [entry('a'), entry('b'), ANNOUNCEMENT, RESULTS], round_2: [entry('x')] },
    roundNumber: 1,
    presenterIndex: 0,
    isEventOpen: true,
    timer: running(),
    pitchTimes: {},
    limits: LIMITS,
    ...overrides,
  };
}

describe('reading the clock', () => {
  it('counts the pitch down from its length, rounding the seconds left up', () => {
    const reading = readTimer(running(), LIMITS, T0 + 19_001);
    expect(reading).toMatchObject({ phase: 'pitch', warning: false, paused: false, remainingMs: 160_999 });
    expect(formatClock(shownSeconds(reading))).toBe('2:41');
    expect(formatClock(shownSeconds(readTimer(running(), LIMITS, T0)))).toBe('3:00');
    expect(formatClock(shownSeconds(readTimer(running(), LIMITS, T0 + 999)))).toBe('3:00');
    expect(formatClock(shownSeconds(readTimer(running(), LIMITS, T0 + 1000)))).toBe('2:59');
  });

  it('warns in the last 30 seconds, then says the time is up and counts the overtime up', () => {
    expect(readTimer(running(), LIMITS, T0 + 149_999).warning).toBe(false);
    expect(readTimer(running(), LIMITS, T0 + 150_000)).toMatchObject({ phase: 'pitch', warning: true, remainingMs: 30_000 });
    const over = readTimer(running(), LIMITS, T0 + 192_500);
    expect(over).toMatchObject({ phase: 'overtime', warning: false, remainingMs: 0, overtimeMs: 12_500 });
    expect(shownSeconds(over)).toBe(12);
  });

  it('runs the question time after the pitch, with its own warning, before the overtime', () => {
    const limits = { pitchSeconds: 180, questionSeconds: 60 };
    expect(readTimer(running(), limits, T0 + 155_000)).toMatchObject({ phase: 'pitch', warning: true });
    expect(readTimer(running(), limits, T0 + 180_000)).toMatchObject({ phase: 'questions', warning: false, remainingMs: 60_000 });
    expect(readTimer(running(), limits, T0 + 215_000)).toMatchObject({ phase: 'questions', warning: true, remainingMs: 25_000 });
    expect(readTimer(running(), limits, T0 + 241_000)).toMatchObject({ phase: 'overtime', overtimeMs: 1000 });
  });

  it('stands still while paused and leaves every pause out', () => {
    const paused = running({ paused_at: T0 + 40_000 });
    expect(elapsedMs(paused, T0 + 100_000)).toBe(40_000);
    expect(readTimer(paused, LIMITS, T0 + 100_000).paused).toBe(true);
    const resumed = running({ paused_at: T0 + 40_000, resumed_at: T0 + 70_000, paused_ms: 5_000 });
    expect(elapsedMs(resumed, T0 + 100_000)).toBe(100_000 - 30_000 - 5_000);
  });

  it('turns the shown second over when the server time crosses it, whatever the screen', () => {
    expect(msToNextSecond(readTimer(running(), LIMITS, T0 + 19_001))).toBe(999);
    expect(msToNextSecond(readTimer(running(), LIMITS, T0 + 20_000))).toBe(1000);
    expect(msToNextSecond(readTimer(running(), LIMITS, T0 + 180_250))).toBe(750);
    expect(msToNextSecond(readTimer(running({ paused_at: T0 }), LIMITS, T0 + 5))).toBe(Number.POSITIVE_INFINITY);
  });

  it('formats minutes and seconds', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(3725)).toBe('62:05');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('the controls', () => {
  it('Next records the outgoing presenter and starts the incoming one at the server time of the same write', () => {
    const change = applyTimedControl(state(), { kind: 'next' });
    expect(change).toEqual({
      presenter_index: 1,
      timer: { presenter_id: 'b', started_at: SERVER_TIME, paused_ms: 0, paused_at: null, resumed_at: null },
      pitch_times: {
        a: { started_at: T0, ended_at: SERVER_TIME, paused_ms: 0, pitch_seconds: 180, question_seconds: 0 },
      },
    });
  });

  it('a presenter who leaves while paused is recorded up to the pause, with the pauses before', () => {
    const timer = running({ paused_ms: 2_000, paused_at: T0 + 90_000, resumed_at: T0 + 95_000 });
    const paused = applyTimerCommand(timer, entry('a'), 'pause').timer as Timer;
    const change = applyTimedControl(state({ timer: { ...paused, paused_at: T0 + 150_000 } }), { kind: 'next' });
    expect(change.pitch_times?.a).toMatchObject({ ended_at: T0 + 150_000, paused_ms: 7_000 });
  });

  it('Start from nobody live starts the first presenter', () => {
    const change = applyTimedControl(state({ presenterIndex: -1, timer: null, isEventOpen: false }), { kind: 'start' });
    expect(change.timer).toMatchObject({ presenter_id: 'a', started_at: SERVER_TIME });
    expect(change.pitch_times).toBeUndefined();
  });

  it('Previous starts the presenter again; their latest time live replaces the recorded one', () => {
    const earlier = { started_at: T0 - 9_000, ended_at: T0, paused_ms: 0, pitch_seconds: 180, question_seconds: 0 };
    const change = applyTimedControl(
      state({ presenterIndex: 1, timer: running({ presenter_id: 'b' }), pitchTimes: { a: earlier } }),
      { kind: 'previous' },
    );
    expect(change.timer).toMatchObject({ presenter_id: 'a', started_at: SERVER_TIME });
    expect(Object.keys(change.pitch_times ?? {})).toEqual(['a', 'b']);
    const next = applyTimedControl(
      state({ timer: running({ started_at: T0 + 50_000 }), pitchTimes: change.pitch_times as ClockState['pitchTimes'] }),
      { kind: 'next' },
    );
    expect(next.pitch_times?.a).toMatchObject({ started_at: T0 + 50_000 });
  });

  it('an announcement and the session results entry get no clock', () => {
    const toAnnouncement = applyTimedControl(state({ presenterIndex: 1, timer: running({ presenter_id: 'b' }) }), {
      kind: 'next',
    });
    expect(toAnnouncement.timer).toBeNull();
    expect(toAnnouncement.pitch_times).toHaveProperty('b');
    const toResults = applyTimedControl(state({ presenterIndex: 2, timer: null }), { kind: 'next' });
    expect(toResults).toEqual({ presenter_index: 3 });
  });

  it('keeps the clock when the live presenter stays live (reorders, stop, other rounds)', () => {
    expect(applyTimedControl(state(), { kind: 'moveDown', roundNumber: 1, presenterId: 'a' })).not.toHaveProperty('timer');
    expect(applyTimedControl(state(), { kind: 'stop' })).toEqual({ is_event_open: false });
    expect(applyTimedControl(state(), { kind: 'moveUp', roundNumber: 2, presenterId: 'x' })).toEqual({});
  });

  it('Reset, Complete All and removing the live presenter record the clock', () => {
    expect(applyTimedControl(state(), { kind: 'reset' })).toMatchObject({ presenter_index: -1, timer: null });
    expect(applyTimedControl(state(), { kind: 'complete' })).toMatchObject({ presenter_index: 4, timer: null });
    const removed = applyTimedControl(state(), { kind: 'remove', roundNumber: 1, presenterId: 'a' });
    expect(removed.timer).toMatchObject({ presenter_id: 'b' });
    expect(removed.pitch_times).toHaveProperty('a');
  });

  it('Next at the last presenter changes nothing, the clock included', () => {
    expect(applyTimedControl(state({ roundNumber: 2, timer: running({ presenter_id: 'x' }) }), { kind: 'next' })).toEqual({});
  });

  it('pause, resume and restart write the pause and resume times as the server sets them', () => {
    const live = entry('a');
    expect(applyTimerCommand(running(), live, 'pause').timer).toMatchObject({ paused_at: SERVER_TIME, resumed_at: null });
    expect(applyTimerCommand(running({ paused_at: T0 + 1 }), live, 'pause')).toEqual({});
    expect(applyTimerCommand(running({ paused_at: T0 + 1 }), live, 'resume').timer).toMatchObject({
      paused_at: T0 + 1,
      resumed_at: SERVER_TIME,
    });
    expect(applyTimerCommand(running(), live, 'resume')).toEqual({});
    expect(applyTimerCommand(running({ paused_at: T0 + 1 }), live, 'restart').timer).toEqual({
      presenter_id: 'a',
      started_at: SERVER_TIME,
      paused_ms: 0,
      paused_at: null,
      resumed_at: null,
    });
    expect(applyTimerCommand(null, ANNOUNCEMENT, 'restart')).toEqual({});
    expect(applyTimerCommand(running({ presenter_id: 'b' }), live, 'pause')).toEqual({});
  });

  it('a second pause folds the first one into the pauses before', () => {
    const second = applyTimerCommand(
      running({ paused_at: T0 + 10_000, resumed_at: T0 + 25_000, paused_ms: 1_000 }),
      entry('a'),
      'pause',
    );
    expect(second.timer).toMatchObject({ paused_ms: 16_000, paused_at: SERVER_TIME, resumed_at: null });
  });

  it('starts nothing and records nothing when nobody had or gets a clock', () => {
    expect(timerOnLiveChange({ timer: null, pitchTimes: {}, limits: LIMITS }, ANNOUNCEMENT, RESULTS)).toEqual({});
  });
});

describe('the figures', () => {
  it('each presenter in the order they pitched, their length without pauses, their overtime, and the total overrun', () => {
    const figures = pitchFigures({
      b: { started_at: T0 + 300_000, ended_at: T0 + 450_000, paused_ms: 0, pitch_seconds: 180, question_seconds: 0 },
      a: { started_at: T0, ended_at: T0 + 230_000, paused_ms: 20_000, pitch_seconds: 180, question_seconds: 0 },
      c: { started_at: T0 + 500_000, ended_at: T0 + 800_000, paused_ms: 0, pitch_seconds: 180, question_seconds: 60 },
    });
    expect(figures.presenters).toEqual([
      { presenterId: 'a', lengthMs: 210_000, overtimeMs: 30_000, pitchSeconds: 180, questionSeconds: 0 },
      { presenterId: 'b', lengthMs: 150_000, overtimeMs: 0, pitchSeconds: 180, questionSeconds: 0 },
      { presenterId: 'c', lengthMs: 300_000, overtimeMs: 60_000, pitchSeconds: 180, questionSeconds: 60 },
    ]);
    expect(figures.totalOvertimeMs).toBe(90_000);
  });
});
