// The pitch timer: one clock per live presenter, kept on the event document and read by every
// screen against the server's clock. The clock is stored as server timestamps (when the presenter
// went live, when a pause began and ended), never as a running count, so a pitch costs one write
// per control action and every screen computes the same time from the same fields.
//
// Where the spec is silent ("Presentation time: 3 minutes", section 9):
// - A presenter's clock starts when they become the live presenter (by Next, Previous, Start or a
//   change of the round's order); the clock of whoever was live before is recorded then. A
//   presenter who goes live again (Previous, then Next) starts again, and their latest time live
//   replaces the recorded one: the usual reason is a mis-pressed Next.
// - Announcements and the session results entry have no clock.
// - With question time, the clock runs the pitch, then the questions, then "Time's up" and the
//   overtime; each of the two phases warns in its last TIMER_WARNING_SECONDS.
// - A recorded pitch length is the time live with the pauses left out (questions included); its
//   overtime is what ran past the pitch and question time.

import { entryKind } from './displayStatus.js';
import type { PresenterEntry, StoredPitchRecord, StoredTimer } from './documents.js';
import { applyControl, type ControlChange, type ControlCommand, type ControlState } from './eventControl.js';
import { livePresenter, roundKey } from './rounds.js';

/** The spec's presentation time (section 9): an event's pitch length when it sets none. */
export const DEFAULT_PITCH_SECONDS = 180;
/** No question time unless the event sets some. */
export const DEFAULT_QUESTION_SECONDS = 0;
/** The pitch length an admin may set: 10 s to an hour. */
export const MIN_PITCH_SECONDS = 10;
export const MAX_PITCH_SECONDS = 3600;
/** Question time runs from none to an hour. */
export const MAX_QUESTION_SECONDS = 3600;
/** The room display warns this long before a phase ends. */
export const TIMER_WARNING_SECONDS = 30;

/** A write's "now" as the server sets it (the data layer turns it into serverTimestamp()). */
export const SERVER_TIME = 'server-time' as const;
export type ServerTime = typeof SERVER_TIME;

// The stored shapes live with the other documents (domain/documents.ts); the timer reads them.
export type { StoredPitchRecord, StoredTimer } from './documents.js';

/** A clock as the domain computes with it: times in ms of the server's clock. */
export type Timer = StoredTimer<number>;
export type PitchRecord = StoredPitchRecord<number>;
export type PitchTimes = Record<string, PitchRecord>;

export interface TimerLimits {
  pitchSeconds: number;
  questionSeconds: number;
}

/** What a control writes of the clock: only what changes. */
export interface TimerChange {
  timer?: StoredTimer<number | ServerTime> | null;
  pitch_times?: Record<string, StoredPitchRecord<number | ServerTime>>;
}

export type TimerCommand = 'pause' | 'resume' | 'restart';

export function isPaused(timer: Timer): boolean {
  return timer.paused_at !== null && timer.resumed_at === null;
}

/** The pauses that have ended, in ms. */
function endedPausesMs(timer: Timer): number {
  const last = timer.paused_at !== null && timer.resumed_at !== null ? Math.max(0, timer.resumed_at - timer.paused_at) : 0;
  return timer.paused_ms + last;
}

/** Time on the clock at `serverNow` (ms of the server's clock), pauses left out; never negative. */
export function elapsedMs(timer: Timer, serverNow: number): number {
  const end = isPaused(timer) && timer.paused_at !== null ? timer.paused_at : serverNow;
  return Math.max(0, end - timer.started_at - endedPausesMs(timer));
}

/** A recorded pitch's length in ms, pauses left out. */
export function pitchLengthMs(record: PitchRecord): number {
  return Math.max(0, record.ended_at - record.started_at - record.paused_ms);
}

/** How far a pitch of `lengthMs` ran past its pitch and question time, in ms (0 when it did not). */
export function overtimeMs(lengthMs: number, limits: TimerLimits): number {
  return Math.max(0, lengthMs - (limits.pitchSeconds + limits.questionSeconds) * 1000);
}

export type TimerPhase = 'pitch' | 'questions' | 'overtime';

/** What a screen shows of a clock. */
export interface TimerReading {
  phase: TimerPhase;
  /** In the last TIMER_WARNING_SECONDS of the pitch or the questions. */
  warning: boolean;
  paused: boolean;
  /** Left of the current phase, in ms (0 in overtime). */
  remainingMs: number;
  /** Past the pitch and question time, in ms (0 before). */
  overtimeMs: number;
  elapsedMs: number;
}

export function readTimer(timer: Timer, limits: TimerLimits, serverNow: number): TimerReading {
  const elapsed = elapsedMs(timer, serverNow);
  const pitchMs = limits.pitchSeconds * 1000;
  const slotMs = pitchMs + limits.questionSeconds * 1000;
  const phase: TimerPhase = elapsed < pitchMs ? 'pitch' : elapsed < slotMs ? 'questions' : 'overtime';
  const remainingMs = phase === 'pitch' ? pitchMs - elapsed : phase === 'questions' ? slotMs - elapsed : 0;
  return {
    phase,
    warning: phase !== 'overtime' && remainingMs <= TIMER_WARNING_SECONDS * 1000,
    paused: isPaused(timer),
    remainingMs,
    overtimeMs: phase === 'overtime' ? elapsed - slotMs : 0,
    elapsedMs: elapsed,
  };
}

/** The whole seconds a reading shows: time left rounds up (3:00 until a full second has gone), overtime down. */
export function shownSeconds(reading: TimerReading): number {
  return reading.phase === 'overtime' ? Math.floor(reading.overtimeMs / 1000) : Math.ceil(reading.remainingMs / 1000);
}

/** ms until the shown second changes (every screen turns over at the same server moment). */
export function msToNextSecond(reading: TimerReading): number {
  if (reading.paused) return Number.POSITIVE_INFINITY;
  if (reading.phase === 'overtime') return 1000 - (reading.overtimeMs % 1000);
  const rest = reading.remainingMs % 1000;
  return rest === 0 ? 1000 : rest;
}

/** m:ss, as the clock shows it: 180 → "3:00", 5 → "0:05", 3725 → "62:05". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whether an entry of the queue gets a clock: presenters do; announcements and the session results entry do not. */
export function hasClock(entry: PresenterEntry | null): entry is PresenterEntry {
  return entry !== null && entryKind(entry) === 'presenter';
}

function startTimer(presenterId: string): StoredTimer<ServerTime> {
  return { presenter_id: presenterId, started_at: SERVER_TIME, paused_ms: 0, paused_at: null, resumed_at: null };
}

/** The record of a clock that stops now: its time live, pauses left out. */
export function recordOf(timer: Timer, limits: TimerLimits): StoredPitchRecord<number | ServerTime> {
  const paused = isPaused(timer);
  return {
    started_at: timer.started_at,
    ended_at: paused && timer.paused_at !== null ? timer.paused_at : SERVER_TIME,
    paused_ms: endedPausesMs(timer),
    pitch_seconds: limits.pitchSeconds,
    question_seconds: limits.questionSeconds,
  };
}

export interface ClockState {
  timer: Timer | null;
  pitchTimes: PitchTimes;
  limits: TimerLimits;
}

/**
 * What the clock does when a control changes who is live (`before` → `after`, the live entries):
 * nothing while the same presenter stays live; else the outgoing clock is recorded and the
 * incoming presenter's starts at the server's time of that write (none for an announcement, the
 * session results entry or nobody).
 */
export function timerOnLiveChange(state: ClockState, before: PresenterEntry | null, after: PresenterEntry | null): TimerChange {
  if ((before?.presenter_id ?? null) === (after?.presenter_id ?? null)) return {};
  const change: TimerChange = { timer: hasClock(after) ? startTimer(after.presenter_id) : null };
  if (state.timer) change.pitch_times = { ...state.pitchTimes, [state.timer.presenter_id]: recordOf(state.timer, state.limits) };
  if (change.timer === null && state.timer === null) return {};
  return change;
}

/** Pause, resume or restart the live presenter's clock; {} when it changes nothing (pause while paused, no clock). */
export function applyTimerCommand(timer: Timer | null, live: PresenterEntry | null, command: TimerCommand): TimerChange {
  if (command === 'restart') return hasClock(live) ? { timer: startTimer(live.presenter_id) } : {};
  if (!timer || !hasClock(live) || timer.presenter_id !== live.presenter_id) return {};
  if (command === 'pause') {
    if (isPaused(timer)) return {};
    return { timer: { ...timer, paused_ms: endedPausesMs(timer), paused_at: SERVER_TIME, resumed_at: null } };
  }
  if (!isPaused(timer)) return {};
  return { timer: { ...timer, resumed_at: SERVER_TIME } };
}

function startOf(pitchTimes: PitchTimes, presenterId: string): number {
  return pitchTimes[presenterId]?.started_at ?? 0;
}

/** One presenter's figures for the insights and exports. */
export interface PitchFigures {
  presenterId: string;
  lengthMs: number;
  overtimeMs: number;
  pitchSeconds: number;
  questionSeconds: number;
}

/** Each recorded presenter's pitch length and overtime in the order they pitched, and the session's total overrun. */
export function pitchFigures(pitchTimes: PitchTimes): { presenters: PitchFigures[]; totalOvertimeMs: number } {
  const presenters = Object.entries(pitchTimes)
    .map(([presenterId, record]) => {
      const lengthMs = pitchLengthMs(record);
      const limits = { pitchSeconds: record.pitch_seconds, questionSeconds: record.question_seconds };
      return { presenterId, lengthMs, overtimeMs: overtimeMs(lengthMs, limits), ...limits };
    })
    .sort(
      (a, b) =>
        startOf(pitchTimes, a.presenterId) - startOf(pitchTimes, b.presenterId) || a.presenterId.localeCompare(b.presenterId),
    );
  return { presenters, totalOvertimeMs: presenters.reduce((sum, figures) => sum + figures.overtimeMs, 0) };
}

/** Who is live once `change` is applied to `state`. */
function liveAfter(state: ControlState, change: ControlChange): PresenterEntry | null {
  const roundNumber = change.round_number ?? state.roundNumber;
  const rounds = { ...state.rounds, ...change.rounds };
  return livePresenter({
    rounds: { [roundKey(roundNumber)]: rounds[roundKey(roundNumber)] ?? [] },
    roundNumber,
    presenterIndex: change.presenter_index ?? state.presenterIndex,
  });
}

/** A control (domain/eventControl.ts) with what it does to the clock: one write for both. */
export function applyTimedControl(state: ControlState & ClockState, command: ControlCommand): ControlChange & TimerChange {
  const change = applyControl(state, command);
  if (Object.keys(change).length === 0) return change;
  return { ...change, ...timerOnLiveChange(state, livePresenter(state), liveAfter(state, change)) };
}
