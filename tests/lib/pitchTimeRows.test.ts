// What the pitch timer saw, as the insights page and the 'Pitch times' export show it: each
// presenter's length without pauses and overtime in the order they pitched, the total overrun.

import { describe, expect, it } from 'vitest';
import { pitchTimes, pitchTimesTable, shownLength } from '../../src/lib/pitchTimeRows';

const T0 = Date.UTC(2030, 4, 1, 11, 15);
const record = (startedAt: number, lengthMs: number, pausedMs = 0, questionSeconds = 0) => ({
  started_at: startedAt,
  ended_at: startedAt + lengthMs + pausedMs,
  paused_ms: pausedMs,
  pitch_seconds: 180,
  question_seconds: questionSeconds,
});
const event = {
  rounds: {
    round_1: [
      { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
      { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
    ],
    round_2: [{ presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' }],
  },
  pitchTimes: {
    'p-sam': record(T0 + 600_000, 175_000),
    'p-ada': record(T0, 192_340, 20_000),
    'p-lin': record(T0 + 300_000, 245_000, 0, 60),
    'p-gone': record(T0 + 900_000, 200_000),
  },
};

describe('pitch times', () => {
  it('lists each presenter in the order they pitched, with length, overtime and their place in the rounds', () => {
    const { rows, totalOvertimeMs } = pitchTimes(event);
    expect(rows.map((row) => [row.presenterName, row.round, row.order, row.lengthMs, row.overtimeMs])).toEqual([
      ['Ada Okafor', 1, 1, 192_340, 12_340],
      ['Lin Chen', 1, 2, 245_000, 5_000],
      ['Sam Rivera', 2, 1, 175_000, 0],
      ['(no longer in the rounds)', null, null, 200_000, 20_000],
    ]);
    expect(totalOvertimeMs).toBe(37_340);
    expect(shownLength(192_340)).toBe('3:12');
  });

  it('exports them in seconds, with the times set and when each was live', () => {
    const table = pitchTimesTable(pitchTimes(event));
    expect(table.name).toBe('Pitch times');
    expect(table.columns.map((column) => column.header)).toEqual([
      'Presenter',
      'Round',
      'Order',
      'Pitch length (s)',
      'Overtime (s)',
      'Paused (s)',
      'Pitch time set (s)',
      'Question time set (s)',
      'Live from',
      'Live until',
    ]);
    expect(table.rows[0]).toEqual(['Ada Okafor', 1, 1, 192.34, 12.34, 20, 180, 0, new Date(T0), new Date(T0 + 212_340)]);
    expect(table.rows[1]?.[7]).toBe(60);
  });

  it('keeps a name that looks like a formula as text', () => {
    const table = pitchTimesTable(
      pitchTimes({
        rounds: { round_1: [{ presenter_id: 'p-x', first_name: '=cmd', last_name: 'X' }] },
        pitchTimes: { 'p-x': record(T0, 1_000) },
      }),
    );
    expect(table.rows[0]?.[0]).toBe("'=cmd X");
  });

  it('has nothing to show before anyone has pitched', () => {
    expect(pitchTimes({ rounds: {}, pitchTimes: {} })).toEqual({ rows: [], totalOvertimeMs: 0 });
  });
});
