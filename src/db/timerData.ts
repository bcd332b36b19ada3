// The pitch timer's stored fields (domain/pitchTimer.ts) read for the app, and written back: the
// clock's server timestamps become ms of the server's clock at the boundary (the domain computes
// with them), and SERVER_TIME becomes the write's serverTimestamp(). Imports no SDK at the top, so
// the first read of the queue through Firestore Lite (src/db/eventData.ts) can use the reader.

import {
  DEFAULT_PITCH_SECONDS,
  DEFAULT_QUESTION_SECONDS,
  SERVER_TIME,
  type PitchRecord,
  type PitchTimes,
  type ServerTime,
  type StoredPitchRecord,
  type StoredTimer,
  type Timer,
  type TimerChange,
} from '../../domain/pitchTimer';
import { toDate, toNumberOr, toRecord, toStringOr } from './converters';

function toMs(value: unknown): number | null {
  return toDate(value)?.getTime() ?? null;
}

function toTimer(value: unknown): Timer | null {
  const timer = toRecord(value);
  const presenterId = toStringOr(timer.presenter_id, '');
  const startedAt = toMs(timer.started_at);
  if (presenterId === '' || startedAt === null) return null;
  return {
    presenter_id: presenterId,
    started_at: startedAt,
    paused_ms: toNumberOr(timer.paused_ms, 0),
    paused_at: toMs(timer.paused_at),
    resumed_at: toMs(timer.resumed_at),
  };
}

function toPitchRecord(value: unknown): PitchRecord | null {
  const record = toRecord(value);
  const startedAt = toMs(record.started_at);
  const endedAt = toMs(record.ended_at);
  if (startedAt === null || endedAt === null) return null;
  return {
    started_at: startedAt,
    ended_at: endedAt,
    paused_ms: toNumberOr(record.paused_ms, 0),
    pitch_seconds: toNumberOr(record.pitch_seconds, DEFAULT_PITCH_SECONDS),
    question_seconds: toNumberOr(record.question_seconds, DEFAULT_QUESTION_SECONDS),
  };
}

function toPitchTimes(value: unknown): PitchTimes {
  const times: PitchTimes = {};
  for (const [presenterId, stored] of Object.entries(toRecord(value))) {
    const record = toPitchRecord(stored);
    if (record) times[presenterId] = record;
  }
  return times;
}

/** The event's timer fields as the app sees them; events saved before the timer have the defaults. */
export function timerFromData(data: Record<string, unknown>): {
  pitchSeconds: number;
  questionSeconds: number;
  timer: Timer | null;
  pitchTimes: PitchTimes;
} {
  return {
    pitchSeconds: toNumberOr(data.pitch_seconds, DEFAULT_PITCH_SECONDS),
    questionSeconds: toNumberOr(data.question_seconds, DEFAULT_QUESTION_SECONDS),
    timer: toTimer(data.timer),
    pitchTimes: toPitchTimes(data.pitch_times),
  };
}

/** How a time of the domain's is written: `serverTime` for SERVER_TIME, else a Date of its ms. */
type TimeWriter<Stored> = (time: number | ServerTime) => Stored | Date;

function writeTime<Stored>(time: number | ServerTime, serverTime: () => Stored): Stored | Date {
  return time === SERVER_TIME ? serverTime() : new Date(time);
}

/** A TimerChange as stored fields, with `serverTime()` (serverTimestamp) for the write's own time. */
export function timerUpdate<Stored>(change: TimerChange, serverTime: () => Stored): Record<string, unknown> {
  const time: TimeWriter<Stored> = (value) => writeTime(value, serverTime);
  const update: Record<string, unknown> = {};
  if (change.timer !== undefined) {
    const timer = change.timer;
    update.timer =
      timer === null
        ? null
        : ({
            ...timer,
            started_at: time(timer.started_at),
            paused_at: timer.paused_at === null ? null : time(timer.paused_at),
            resumed_at: timer.resumed_at === null ? null : time(timer.resumed_at),
          } satisfies StoredTimer<Stored | Date>);
  }
  if (change.pitch_times !== undefined) {
    update.pitch_times = Object.fromEntries(
      Object.entries(change.pitch_times).map(([presenterId, record]) => [
        presenterId,
        { ...record, started_at: time(record.started_at), ended_at: time(record.ended_at) } satisfies StoredPitchRecord<
          Stored | Date
        >,
      ]),
    );
  }
  return update;
}
