// 'Duplicate event' on the events dashboard (issue 24, point 3): a new closed event with the
// original's settings, logos (copied files, not shared ones), rounds' presenters and, since the
// questionnaire is the same for every event, its questions; none of the original's progress,
// answers, matches or e-mails. What is kept and what starts afresh is src/lib/eventCopy.ts.

import { collection, doc, getDoc, setDoc, Timestamp } from 'firebase/firestore';
import { copiedEventData, copyTitle, nextSessionStart } from '../lib/eventCopy';
import { LOGO_VARIANTS } from '../lib/logos';
import { toDate } from './converters';
import { db } from './firebase';
import { copyEventLogo } from './storage';

export interface DuplicatedEvent {
  id: string;
  title: string;
}

const logoField = { normal: 'normalLogo', middle: 'middleLogo' } as const;

/**
 * Duplicates an event and returns the copy's id and title. The logos are copied first and the
 * event written once with their URLs, as creating an event does. Throws when the event does not
 * exist or a read or write fails.
 */
export async function duplicateEvent(eventId: string, now: Date = new Date()): Promise<DuplicatedEvent> {
  const snapshot = await getDoc(doc(db, 'events', eventId));
  const original = snapshot.data();
  if (!original) throw new Error(`The event ${eventId} does not exist.`);
  const copyRef = doc(collection(db, 'events'));
  const [normalLogo, middleLogo] = await Promise.all(
    LOGO_VARIANTS.map((variant) => {
      const url: unknown = original[logoField[variant]];
      return typeof url === 'string' && url !== '' ? copyEventLogo(url, copyRef.id, variant) : null;
    }),
  );
  const title = copyTitle(typeof original.title === 'string' ? original.title : '');
  const start = nextSessionStart(toDate(original.start_time), now);
  await setDoc(
    copyRef,
    copiedEventData(original, {
      title,
      startTime: start ? Timestamp.fromDate(start) : null,
      normalLogo: normalLogo ?? null,
      middleLogo: middleLogo ?? null,
    }),
  );
  return { id: copyRef.id, title };
}
