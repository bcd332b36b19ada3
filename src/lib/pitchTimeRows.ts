// What the pitch timer saw, for the insights page and the 'Pitch times' export: one row per
// presenter who has been live, in the order they pitched, with their pitch length (pauses left
// out), their overtime and the times set then, and the session's total overrun. Read from the
// event document alone (its pitch_times and rounds), so neither needs a read of its own.

import { formatClock, pitchFigures } from '../../domain/pitchTimer';
import { orderedRounds } from '../../domain/rounds';
import type { Event } from '../types/event';
import { escapeFormula, type ExportTable } from './exportRows';

export interface PitchTimeRow {
  presenterId: string;
  presenterName: string;
  /** The round they pitched in and their place in it (from 1), or null when no round holds them now. */
  round: number | null;
  order: number | null;
  lengthMs: number;
  overtimeMs: number;
  pitchSeconds: number;
  questionSeconds: number;
  startedAt: Date;
  endedAt: Date;
  pausedMs: number;
}

export interface PitchTimes {
  rows: PitchTimeRow[];
  /** The overtime of every presenter, added up. */
  totalOvertimeMs: number;
}

export function pitchTimes(event: Pick<Event, 'rounds' | 'pitchTimes'>): PitchTimes {
  const places = new Map<string, { name: string; round: number; order: number }>();
  for (const round of orderedRounds(event.rounds)) {
    round.entries.forEach((entry, index) =>
      places.set(entry.presenter_id, {
        name: `${entry.first_name} ${entry.last_name}`.trim(),
        round: round.roundNumber,
        order: index + 1,
      }),
    );
  }
  const figures = pitchFigures(event.pitchTimes);
  const rows = figures.presenters.map((figure) => {
    const record = event.pitchTimes[figure.presenterId];
    const place = places.get(figure.presenterId);
    return {
      presenterId: figure.presenterId,
      presenterName: place?.name ?? '(no longer in the rounds)',
      round: place?.round ?? null,
      order: place?.order ?? null,
      lengthMs: figure.lengthMs,
      overtimeMs: figure.overtimeMs,
      pitchSeconds: figure.pitchSeconds,
      questionSeconds: figure.questionSeconds,
      startedAt: new Date(record?.started_at ?? 0),
      endedAt: new Date(record?.ended_at ?? 0),
      pausedMs: record?.paused_ms ?? 0,
    };
  });
  return { rows, totalOvertimeMs: figures.totalOvertimeMs };
}

/** A length in ms as the page shows it: m:ss, whole seconds rounded down. */
export const shownLength = (ms: number): string => formatClock(Math.floor(ms / 1000));

/** Seconds with two decimals, as the export's number cells hold them. */
const seconds = (ms: number) => Math.round(ms / 10) / 100;

/** The 'Pitch times' export: one row per presenter, lengths in seconds. */
export function pitchTimesTable({ rows }: PitchTimes): ExportTable {
  return {
    name: 'Pitch times',
    columns: [
      { header: 'Presenter', kind: 'text', width: 24 },
      { header: 'Round', kind: 'integer', width: 8 },
      { header: 'Order', kind: 'integer', width: 8 },
      { header: 'Pitch length (s)', kind: 'decimal', width: 16 },
      { header: 'Overtime (s)', kind: 'decimal', width: 14 },
      { header: 'Paused (s)', kind: 'decimal', width: 12 },
      { header: 'Pitch time set (s)', kind: 'integer', width: 18 },
      { header: 'Question time set (s)', kind: 'integer', width: 20 },
      { header: 'Live from', kind: 'time', width: 20 },
      { header: 'Live until', kind: 'time', width: 20 },
    ],
    rows: rows.map((row) => [
      escapeFormula(row.presenterName),
      row.round,
      row.order,
      seconds(row.lengthMs),
      seconds(row.overtimeMs),
      seconds(row.pausedMs),
      row.pitchSeconds,
      row.questionSeconds,
      row.startedAt,
      row.endedAt,
    ]),
  };
}
