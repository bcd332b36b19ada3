// Rounds of an event: their keys and order, the live and next presenter, and the admin's
// changes to a round's order (the spec's section 4). Every function returns new values.

import type { PresenterEntry, RoundKey, Rounds } from './documents.js';

/** Where an event stands: its rounds, the current round (from 1) and the live index (-1: none). */
export interface RunningOrder {
  rounds: Rounds;
  roundNumber: number;
  presenterIndex: number;
}

export function roundKey(roundNumber: number): RoundKey {
  return `round_${roundNumber}`;
}

export interface Round {
  roundNumber: number;
  key: RoundKey;
  entries: PresenterEntry[];
}

/** The rounds in numeric order (round_2 before round_10). */
export function orderedRounds(rounds: Rounds): Round[] {
  return Object.entries(rounds)
    .map(([key, entries]) => ({ roundNumber: Number(key.slice('round_'.length)), key: key as RoundKey, entries }))
    .filter((round) => Number.isInteger(round.roundNumber) && round.roundNumber > 0)
    .sort((a, b) => a.roundNumber - b.roundNumber);
}

export function currentRoundEntries(event: Pick<RunningOrder, 'rounds' | 'roundNumber'>): PresenterEntry[] {
  return event.rounds[roundKey(event.roundNumber)] ?? [];
}

/** The entry at the live index of the current round, or null ('None'). */
export function livePresenter(event: RunningOrder): PresenterEntry | null {
  return currentRoundEntries(event)[event.presenterIndex] ?? null;
}

/** The entry after the live one in the current round, or null ('None'). */
export function nextPresenter(event: RunningOrder): PresenterEntry | null {
  return currentRoundEntries(event)[event.presenterIndex + 1] ?? null;
}

/** The entries with positions a and b exchanged (both within range: callers check). */
function swap(entries: readonly PresenterEntry[], a: number, b: number): PresenterEntry[] {
  return entries.map((entry, position) => (position === a ? entries[b] : position === b ? entries[a] : entry) ?? entry);
}

/** Swaps the entry with the previous one; the first entry stays. */
export function moveUp(entries: readonly PresenterEntry[], index: number): PresenterEntry[] {
  return index > 0 && index < entries.length ? swap(entries, index, index - 1) : [...entries];
}

/** Swaps the entry with the next one; the last entry stays (there is nothing to swap with). */
export function moveDown(entries: readonly PresenterEntry[], index: number): PresenterEntry[] {
  return index >= 0 && index < entries.length - 1 ? swap(entries, index, index + 1) : [...entries];
}

export function removeAt(entries: readonly PresenterEntry[], index: number): PresenterEntry[] {
  return entries.filter((_, position) => position !== index);
}

export function isInAnyRound(rounds: Rounds, presenterId: string): boolean {
  return Object.values(rounds).some((entries) => entries.some((entry) => entry.presenter_id === presenterId));
}

/** Adds the presenter at the end of the round, unless they are already in any round (then unchanged). */
export function addToRound(rounds: Rounds, roundNumber: number, entry: PresenterEntry): Rounds {
  if (isInAnyRound(rounds, entry.presenter_id)) return rounds;
  const key = roundKey(roundNumber);
  return { ...rounds, [key]: [...(rounds[key] ?? []), entry] };
}

/** Rounds 1..count: existing rounds kept, new ones empty, rounds past the count dropped. */
export function resizeRounds(rounds: Rounds, count: number): Rounds {
  const resized: Rounds = {};
  for (let roundNumber = 1; roundNumber <= count; roundNumber++) {
    const key = roundKey(roundNumber);
    resized[key] = rounds[key] ?? [];
  }
  return resized;
}
