// The admin's event controls (the spec's sections 2 "Event control", 4 and 7: updates of
// events/{eventId}). Each control runs in a transaction against the server's current event, so two
// admins running one event never lose or double a press and a removed entry never comes back
// (DECISIONS.md, "Running an event"). Transactions never queue offline: a control that cannot
// reach the server fails within CONTROL_TIMEOUT_MS instead of landing minutes later.
// The pitch timer (domain/pitchTimer.ts) rides on the same writes: a control that changes who is
// live records the outgoing clock and starts the incoming one at the write's server time, and
// pause, resume and restart are controls of their own, so a pitch costs one write per action.

import { doc, runTransaction, serverTimestamp, type Firestore } from 'firebase/firestore';
import type { ControlChange, ControlCommand } from '../../domain/eventControl';
import { applyTimedControl, applyTimerCommand, type TimerChange, type TimerCommand } from '../../domain/pitchTimer';
import { livePresenter } from '../../domain/rounds';
import type { Event } from '../types/event';
import { eventFromData } from './eventData';
import { db } from './firebase';
import { timerUpdate } from './timerData';

/**
 * How long a control may take before it counts as not saved. The SDK retries a transaction on
 * contention and on network errors (5 attempts with backoff: about 7 s when the server is
 * unreachable), but a request on a dead connection (weak Wi-Fi) can hang far longer.
 */
export const CONTROL_TIMEOUT_MS = 10_000;

export const NOT_SAVED_OFFLINE = 'Not saved: no connection to the server.';

/** The SDK's "server unreachable" error, after its own retries (matched by code, as the SDK itself does). */
function isUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'FirebaseError' && (error as Error & { code?: unknown }).code === 'unavailable';
}

/**
 * The update for `transaction.update`: rounds by dotted path, so only the changed rounds are
 * written; the clock's times as stored (the write's own time as serverTimestamp()).
 */
function toUpdate(change: ControlChange & TimerChange): Record<string, unknown> {
  const { rounds = {}, timer, pitch_times: pitchTimes, ...fields } = change;
  return {
    ...fields,
    ...Object.fromEntries(Object.entries(rounds).map(([key, entries]) => [`rounds.${key}`, entries])),
    ...timerUpdate(
      { ...(timer === undefined ? {} : { timer }), ...(pitchTimes ? { pitch_times: pitchTimes } : {}) },
      serverTimestamp,
    ),
  };
}

/** The clock's part of the event, as the domain computes with it. */
function clockState(event: Event) {
  return {
    timer: event.timer,
    pitchTimes: event.pitchTimes,
    limits: { pitchSeconds: event.pitchSeconds, questionSeconds: event.questionSeconds },
  };
}

/**
 * Per client and event, the outcome of the last control given: the next one starts once it has
 * settled. Controls from one screen then land in the order they were given. Run side by side,
 * two transactions commit in whichever order their requests finish: Reset All and then → could
 * land as → and then Reset All, leaving nobody live where the admin had just moved to the first
 * presenter. Controls of other clients (a second admin) still interleave, each on the event as
 * it stands.
 */
const lastControls = new WeakMap<Firestore, Map<string, Promise<void>>>();

/** Settles once this client's last control of the event so far has been answered or given up on. */
function lastControlOf(firestore: Firestore, eventId: string): Promise<void> {
  return lastControls.get(firestore)?.get(eventId) ?? Promise.resolve();
}

/** Makes `outcome` the control the next one of this client and event waits for. */
function rememberControl(firestore: Firestore, eventId: string, outcome: Promise<unknown>): void {
  let controls = lastControls.get(firestore);
  if (!controls) {
    controls = new Map();
    lastControls.set(firestore, controls);
  }
  const settled = outcome.then(
    () => undefined,
    () => undefined,
  );
  controls.set(eventId, settled);
  void settled.then(() => {
    if (controls.get(eventId) === settled) controls.delete(eventId);
  });
}

/**
 * Runs `decide` on the event's stored fields inside a transaction and writes what it returns
 * (nothing when it is empty), after this client's earlier controls of the event have settled.
 * Resolves whether it wrote; rejects when the event is missing, the write is refused, or the
 * server cannot be reached within CONTROL_TIMEOUT_MS of the call (a control waiting behind one
 * that cannot reach the server is not saved either).
 */
function updateEventOn(
  firestore: Firestore,
  eventId: string,
  decide: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<boolean> {
  const ref = doc(firestore, 'events', eventId);
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(NOT_SAVED_OFFLINE));
    }, CONTROL_TIMEOUT_MS);
  });
  // The wait behind an earlier control is at most its own deadline, which started before this one.
  const committed = lastControlOf(firestore, eventId).then(() => {
    if (timedOut) return Promise.reject(new Error(NOT_SAVED_OFFLINE));
    return runTransaction(firestore, async (transaction) => {
      const snapshot = await transaction.get(ref);
      // A retry after the caller was told "not saved" must not write after all. (A commit already
      // sent when the time ran out may still land; the screen's live event then shows it.)
      if (timedOut) throw new Error(NOT_SAVED_OFFLINE);
      const data = snapshot.data();
      if (!data) throw new Error(`Event ${eventId} does not exist.`);
      const update = decide(data);
      if (Object.keys(update).length === 0) return false;
      transaction.update(ref, update);
      return true;
    });
  });
  const offline = committed.catch((error: unknown) => {
    throw isUnavailable(error) ? new Error(NOT_SAVED_OFFLINE, { cause: error }) : error;
  });
  const outcome = Promise.race([offline, deadline]).finally(() => clearTimeout(timer));
  rememberControl(firestore, eventId, outcome);
  return outcome;
}

/** controlEvent() on a given Firestore instance (a second admin's client in tests). */
export function controlEventOn(firestore: Firestore, eventId: string, command: ControlCommand): Promise<boolean> {
  return updateEventOn(firestore, eventId, (data) => {
    const event = eventFromData(eventId, data);
    const state = {
      rounds: event.rounds,
      roundNumber: event.roundNumber,
      presenterIndex: event.presenterIndex,
      isEventOpen: event.isEventOpen,
      ...clockState(event),
    };
    return toUpdate(applyTimedControl(state, command));
  });
}

/** controlTimer() on a given Firestore instance (a second admin's client in tests). */
export function controlTimerOn(firestore: Firestore, eventId: string, command: TimerCommand): Promise<boolean> {
  return updateEventOn(firestore, eventId, (data) => {
    const event = eventFromData(eventId, data);
    return toUpdate(applyTimerCommand(event.timer, livePresenter(event), command));
  });
}

/**
 * Pauses, resumes or restarts the live presenter's clock against the server's current event, at
 * the server's time. Resolves false when there was nothing to change (pause while paused, no one
 * live with a clock); throws as controlEvent() does.
 */
export function controlTimer(eventId: string, command: TimerCommand): Promise<boolean> {
  return controlTimerOn(db, eventId, command);
}

/**
 * Runs one control against the server's current event inside a transaction (retried by the SDK
 * on contention). Resolves true when it changed the event, false when there was nothing to change
 * (e.g. Next at the last presenter). Throws when it cannot be saved (offline, denied, event missing).
 */
export function controlEvent(eventId: string, command: ControlCommand): Promise<boolean> {
  return controlEventOn(db, eventId, command);
}

/**
 * Start Matching (the spec's section 4, after the screen's confirm): sets is_matching true.
 * Throws on failure. Written through a transaction too, so that offline it fails instead of
 * waiting in the device's queue.
 */
export async function startMatching(eventId: string): Promise<void> {
  await updateEventOn(db, eventId, () => ({ is_matching: true }));
}

/** Send Emails (the spec's section 4, after the screen's confirm): sets is_emailing true. Throws on failure. */
export async function startEmailing(eventId: string): Promise<void> {
  await updateEventOn(db, eventId, () => ({ is_emailing: true }));
}
