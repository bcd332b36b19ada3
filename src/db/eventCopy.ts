// 'Duplicate event' on the events dashboard: a new closed event with the
// original's settings, logos (copied files, not shared ones), rounds' presenters and, since the
// questionnaire is the same for every event, its questions; none of the original's progress,
// answers, matches or e-mails. What is kept and what starts afresh is src/lib/eventCopy.ts.

import { collection, doc, getDoc, setDoc, Timestamp } from 'firebase/firestore';
import { copiedEventData, copyTitle, nextSessionStart, shiftedMeetingStart } from '../lib/eventCopy';
import { LOGO_VARIANTS } from '../lib/logos';
import { toDate, toRecord } from './converters';
import { db } from './firebase';
import { copyEventLogo, deleteEventLogos } from './storage';

export interface DuplicatedEvent {
  id: string;
  title: string;
}

/**
 * A logo could not be copied (no connection, or a bucket whose CORS configuration leaves out this
 * site): no event was written and no copied file is left behind; `cause` is Storage's error.
 */
export class LogoCopyError extends Error {
  constructor(cause: unknown) {
    super(`The event's logo could not be copied: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'LogoCopyError';
  }
}

const logoField = { normal: 'normalLogo', middle: 'middleLogo' } as const;

/**
 * Duplicates an event and returns the copy's id and title. The logos are copied first and the
 * event written once with their URLs, as creating an event does. Throws LogoCopyError when a logo
 * cannot be copied, and an error when the event does not exist or a read or write fails.
 */
export async function duplicateEvent(eventId: string, now: Date = new Date()): Promise<DuplicatedEvent> {
  const snapshot = await getDoc(doc(db, 'events', eventId));
  const original = snapshot.data();
  if (!original) throw new Error(`The event ${eventId} does not exist.`);
  const copyRef = doc(collection(db, 'events'));
  const [normalLogo, middleLogo] = await copyLogos(original, copyRef.id);
  const title = copyTitle(typeof original.title === 'string' ? original.title : '');
  const start = nextSessionStart(toDate(original.start_time), now);
  const meetingStart = shiftedMeetingStart(toDate(toRecord(original.meetings).start_time), toDate(original.start_time), start);
  await setDoc(
    copyRef,
    copiedEventData(original, {
      title,
      startTime: start ? Timestamp.fromDate(start) : null,
      normalLogo: normalLogo ?? null,
      middleLogo: middleLogo ?? null,
      meetingStartTime: meetingStart ? Timestamp.fromDate(meetingStart) : null,
    }),
  );
  return { id: copyRef.id, title };
}

/** Both logos copied, or none: a copy made before the other failed is deleted again. */
async function copyLogos(original: Record<string, unknown>, toEventId: string): Promise<(string | null)[]> {
  const copies = await Promise.allSettled(
    LOGO_VARIANTS.map((variant) => {
      const url: unknown = original[logoField[variant]];
      return typeof url === 'string' && url !== '' ? copyEventLogo(url, toEventId, variant) : Promise.resolve(null);
    }),
  );
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (!failed) return copies.map((copy) => (copy.status === 'fulfilled' ? copy.value : null));
  // The new event's files are only the copies just made; the original's are never touched.
  await deleteEventLogos(toEventId).catch((error: unknown) => console.warn('A copied logo could not be deleted again.', error));
  throw new LogoCopyError(failed.reason);
}
