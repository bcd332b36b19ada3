// An event's public meetings board (meeting_boards/{eventId}, domain/meetings.ts): its confirmed
// meetings with names and companies, for the room display. The server writes it; anyone may read
// it, as they may read the event.

import { doc, onSnapshot } from 'firebase/firestore';
import { MEETING_BOARDS_COLLECTION, type BoardMeeting } from '../../domain/meetings';
import { toArray, toNumberOr, toRecord, toStringOr } from './converters';
import { db } from './firebase';

function boardMeeting(value: unknown): BoardMeeting | null {
  const data = toRecord(value);
  const slot = toNumberOr(data.slot, -1);
  if (!Number.isInteger(slot) || slot < 0) return null;
  return {
    slot,
    place: toStringOr(data.place, ''),
    presenter: toStringOr(data.presenter, ''),
    presenter_company: toStringOr(data.presenter_company, ''),
    provider: toStringOr(data.provider, ''),
    provider_company: toStringOr(data.provider_company, ''),
  };
}

/** Follows the event's board; `callback` gets no meetings while there is none. Returns the unsubscribe function. */
export function watchMeetingBoard(
  eventId: string,
  callback: (meetings: BoardMeeting[]) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(db, MEETING_BOARDS_COLLECTION, eventId),
    (snapshot) => {
      const meetings = toArray(snapshot.data()?.meetings).map(boardMeeting);
      callback(meetings.filter((meeting): meeting is BoardMeeting => meeting !== null));
    },
    onError,
  );
}
