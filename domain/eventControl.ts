// The admin's event controls (the spec's sections 2 "Event control" and 4 "States and
// transitions") as pure changes: given where the event stands, which stored fields a control
// changes. The data layer applies them to the server's current state inside a transaction, so
// two admins running one event never lose or double a press (DECISIONS.md, "Running an event").
//
// Round edits address entries by presenter id, not by position: a command built from a stale
// screen still does the right thing. A move or remove of a presenter no longer in that round
// changes nothing (no removed entry comes back); adding a presenter already in any round changes
// nothing.
//
// Where the spec is silent:
// - The live presenter stays the same person when the order of the current round changes under
//   them: when a move or remove changes the live entry's position, presenter_index follows it.
//   Removing the live entry itself keeps the index (the next entry becomes live). The index never
//   exceeds the round's length (past the end: every presenter done). Changes to other rounds never
//   touch the index.
// - Round selection saves round_number, as the spec says, and keeps presenter_index, clamped to
//   the new round's length so that it stays a valid place in that round.
// - Start sets presenter_index to 0 when it was -1 even in an empty round (the spec's words); 0 is
//   then past the end of that round, so nobody shows as live.
// - Controls on a round the event does not have change nothing.

import { NO_PRESENTER_INDEX } from './constants.js';
import type { PresenterEntry, Rounds } from './documents.js';
import { addToRound, moveDown, moveUp, orderedRounds, removeAt, resizeRounds, roundKey, type RunningOrder } from './rounds.js';

export interface ControlState extends RunningOrder {
  isEventOpen: boolean;
}

export type ControlCommand =
  | { kind: 'start' }
  | { kind: 'stop' }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'reset' }
  | { kind: 'complete' }
  | { kind: 'selectRound'; roundNumber: number }
  | { kind: 'add'; roundNumber: number; entry: PresenterEntry }
  | { kind: 'moveUp'; roundNumber: number; presenterId: string }
  | { kind: 'moveDown'; roundNumber: number; presenterId: string }
  | { kind: 'remove'; roundNumber: number; presenterId: string };

/** The stored fields a command changes: only those that differ; {} when nothing changes. */
export interface ControlChange {
  is_event_open?: boolean;
  presenter_index?: number;
  round_number?: number;
  /** Only the rounds that change, by key (round_1...). */
  rounds?: Partial<Rounds>;
}

const NO_CHANGE: ControlChange = {};

function openChange(state: ControlState, open: boolean): ControlChange {
  return state.isEventOpen === open ? NO_CHANGE : { is_event_open: open };
}

function indexChange(state: ControlState, index: number): ControlChange {
  return state.presenterIndex === index ? NO_CHANGE : { presenter_index: index };
}

/** The round's entries, or null when the event has no such round. */
function roundEntries(state: ControlState, roundNumber: number): PresenterEntry[] | null {
  return state.rounds[roundKey(roundNumber)] ?? null;
}

/** The new order of one round, with presenter_index following the live entry when it is the current round. */
function reorder(state: ControlState, roundNumber: number, before: PresenterEntry[], after: PresenterEntry[]): ControlChange {
  const change: ControlChange = { rounds: { [roundKey(roundNumber)]: after } };
  if (roundNumber !== state.roundNumber || state.presenterIndex < 0) return change;
  const live = before[state.presenterIndex];
  const followed = live ? after.findIndex((entry) => entry.presenter_id === live.presenter_id) : -1;
  const index = followed >= 0 ? followed : Math.min(state.presenterIndex, after.length);
  return { ...change, ...indexChange(state, index) };
}

function moveOrRemove(state: ControlState, command: Extract<ControlCommand, { presenterId: string }>): ControlChange {
  const entries = roundEntries(state, command.roundNumber);
  if (!entries) return NO_CHANGE;
  const position = entries.findIndex((entry) => entry.presenter_id === command.presenterId);
  if (position < 0) return NO_CHANGE;
  if (command.kind === 'moveUp' && position === 0) return NO_CHANGE;
  if (command.kind === 'moveDown' && position === entries.length - 1) return NO_CHANGE;
  const after =
    command.kind === 'moveUp'
      ? moveUp(entries, position)
      : command.kind === 'moveDown'
        ? moveDown(entries, position)
        : removeAt(entries, position);
  return reorder(state, command.roundNumber, entries, after);
}

/** What one control changes, computed against `state` (the server's current event). */
export function applyControl(state: ControlState, command: ControlCommand): ControlChange {
  const current = roundEntries(state, state.roundNumber) ?? [];
  switch (command.kind) {
    case 'start':
      return {
        ...openChange(state, true),
        ...(state.presenterIndex === NO_PRESENTER_INDEX ? { presenter_index: 0 } : NO_CHANGE),
      };
    case 'stop':
      return openChange(state, false);
    case 'next':
      return state.presenterIndex < current.length - 1 ? { presenter_index: state.presenterIndex + 1 } : NO_CHANGE;
    case 'previous':
      return state.presenterIndex > 0 ? { presenter_index: state.presenterIndex - 1 } : NO_CHANGE;
    case 'reset':
      return indexChange(state, NO_PRESENTER_INDEX);
    case 'complete':
      return indexChange(state, current.length);
    case 'selectRound': {
      const entries = roundEntries(state, command.roundNumber);
      if (!entries || command.roundNumber === state.roundNumber) return NO_CHANGE;
      return { round_number: command.roundNumber, ...indexChange(state, Math.min(state.presenterIndex, entries.length)) };
    }
    case 'add': {
      if (!roundEntries(state, command.roundNumber)) return NO_CHANGE;
      const key = roundKey(command.roundNumber);
      const rounds = addToRound(state.rounds, command.roundNumber, command.entry);
      return rounds === state.rounds ? NO_CHANGE : { rounds: { [key]: rounds[key] } };
    }
    case 'moveUp':
    case 'moveDown':
    case 'remove':
      return moveOrRemove(state, command);
  }
}

/**
 * For the Edit Event form: rounds 1..count (existing kept, new empty, extra dropped), the
 * presenters that the dropped rounds held (they return to the unassigned pool), and a
 * round_number / presenter_index that stay valid (round_number clamped to count; when the current
 * round is dropped the index becomes -1).
 */
export function changeRoundCount(
  state: RunningOrder,
  count: number,
): { rounds: Rounds; roundNumber: number; presenterIndex: number; dropped: PresenterEntry[] } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`An event has at least one round (got ${count}).`);
  const currentDropped = state.roundNumber > count;
  return {
    rounds: resizeRounds(state.rounds, count),
    roundNumber: currentDropped ? count : state.roundNumber,
    presenterIndex: currentDropped ? NO_PRESENTER_INDEX : state.presenterIndex,
    dropped: orderedRounds(state.rounds)
      .filter((round) => round.roundNumber > count)
      .flatMap((round) => round.entries),
  };
}
