// An event's public roster (rosters/{eventId}, domain/roster.ts): each presenter's company, for
// the room display. The server writes it; anyone may read it, as they may read the event.

import { doc, onSnapshot } from 'firebase/firestore';
import { ROSTERS_COLLECTION } from '../../domain/roster';
import { toRecord } from './converters';
import { db } from './firebase';

/** Each presenter's company by presenter id ('' for none); empty until the server has built the roster. */
export type Companies = ReadonlyMap<string, string>;

/** Follows the event's roster; `callback` gets an empty map while there is none. Returns the unsubscribe function. */
export function watchCompanies(
  eventId: string,
  callback: (companies: Companies) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(db, ROSTERS_COLLECTION, eventId),
    (snapshot) => {
      const companies = Object.entries(toRecord(snapshot.data()?.companies)).filter(
        (pair): pair is [string, string] => typeof pair[1] === 'string',
      );
      callback(new Map(companies));
    },
    onError,
  );
}
