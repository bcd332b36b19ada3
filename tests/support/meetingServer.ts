// The meeting functions' work done in a test's own process, with the same server code the
// functions run (onMeetingRequested, onMeetingScheduleWritten, onMeetingWritten's board): for the
// page and browser tests of meetings, which need the answers but not the Functions emulator
// (tests/functions/functionsEmulator.test.ts runs the functions themselves).

import type { Firestore } from 'firebase-admin/firestore';
import { rebuildMeetingBoard } from '../../functions/src/meetings/board';
import { answerMeetingRequest } from '../../functions/src/meetings/requests';
import { scheduleAll, scheduleDue } from '../../functions/src/meetings/scheduleAll';

/** Answers every meeting request written from now on; each answer goes into `answering`. Returns the stop function. */
export function serveMeetingRequests(db: Firestore, answering: Promise<unknown>[]): () => void {
  return db.collection('meeting_requests').onSnapshot((snapshot) => {
    for (const change of snapshot.docChanges()) {
      if (change.type === 'added') answering.push(answerMeetingRequest(db, change.doc.id));
    }
  });
}

/** Answers the event's Schedule all asks. Returns the stop function. */
export function serveScheduleAll(db: Firestore, eventId: string, answering: Promise<unknown>[]): () => void {
  return db.doc(`meeting_schedules/${eventId}`).onSnapshot((snapshot) => {
    if (snapshot.exists && scheduleDue(snapshot.data())) answering.push(scheduleAll(db, eventId));
  });
}

/** Rebuilds the event's meetings board on every change of its meetings. Returns the stop function. */
export function serveMeetingBoard(db: Firestore, eventId: string, answering: Promise<unknown>[]): () => void {
  return db
    .collection('meetings')
    .where('event_id', '==', eventId)
    .onSnapshot((snapshot) => {
      if (snapshot.docChanges().length > 0) answering.push(rebuildMeetingBoard(db, eventId));
    });
}
