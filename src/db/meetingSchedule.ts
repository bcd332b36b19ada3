// The admin's Schedule all (docs/decisions.md, "Meetings after matching"): asked for on
// `meeting_schedules/{eventId}` with the admin's uid at the server's time, answered there by the
// server (functions/src/meetings/scheduleAll.ts) with the meetings it booked and the pairs it left
// out, each with the reason.

import { doc, onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { toArray, toDate, toNumberOr, toRecord, toStringOr } from './converters';
import { db } from './firebase';

export interface UnplacedPair {
  presenterId: string;
  providerId: string;
  reason: string;
}

export type ScheduleAll =
  | { state: 'none' }
  | { state: 'running' }
  | { state: 'done'; placed: number; unplaced: UnplacedPair[] }
  | { state: 'failed'; reason: string };

/** The stored ask and answer, read defensively. */
export function scheduleAllFromData(data: Record<string, unknown> | undefined): ScheduleAll {
  if (!data) return { state: 'none' };
  if (data.state === undefined) return toDate(data.requested_at) === null ? { state: 'none' } : { state: 'running' };
  if (data.state !== 'done') return { state: 'failed', reason: toStringOr(data.reason, 'Schedule all could not run.') };
  return {
    state: 'done',
    placed: toNumberOr(data.placed, 0),
    unplaced: toArray(data.unplaced).map((value) => {
      const pair = toRecord(value);
      return {
        presenterId: toStringOr(pair.presenter_id, ''),
        providerId: toStringOr(pair.provider_id, ''),
        reason: toStringOr(pair.reason, ''),
      };
    }),
  };
}

/** Asks the server to schedule the event's pairs: the last answer is replaced by the ask. `uid` is the admin's. */
export async function requestScheduleAll(eventId: string, uid: string): Promise<void> {
  await setDoc(doc(db, 'meeting_schedules', eventId), { requested_at: serverTimestamp(), requested_by: uid });
}

/** Follows the event's Schedule all. Returns the unsubscribe function. */
export function watchScheduleAll(
  eventId: string,
  callback: (schedule: ScheduleAll) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(db, 'meeting_schedules', eventId),
    (snapshot) => callback(snapshot.metadata.hasPendingWrites ? { state: 'running' } : scheduleAllFromData(snapshot.data())),
    onError,
  );
}
