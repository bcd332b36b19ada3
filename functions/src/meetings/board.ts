// The public meetings board of an event (meeting_boards/{eventId}, domain/meetings.ts), which the
// room display shows during the meetings after matching: its confirmed meetings with the two
// people's names and companies, nothing else (no address, no status, no request). Rebuilt from the
// meetings as they are now, in one transaction, whenever a confirmed meeting appears, moves or
// goes, so two rebuilds at once leave the later state; a repeated trigger writes the same board.

import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { MEETING_BOARDS_COLLECTION, type BoardMeeting, type MeetingBoardDocument } from '../../../domain/meetings.js';
import { record, text } from '../values.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const nameOf = (details: DocumentData) => [text(details.first_name), text(details.last_name)].filter(Boolean).join(' ');

/** Rebuilds the event's board; resolves with how many meetings it shows (0 after deleting it: the event is gone). */
export async function rebuildMeetingBoard(firestore: Firestore, eventId: string): Promise<number> {
  const boardRef = firestore.collection(MEETING_BOARDS_COLLECTION).doc(eventId);
  const confirmed = firestore.collection('meetings').where('event_id', '==', eventId).where('status', '==', 'accepted');
  const matches = firestore.collection('final_matches').where('event_id', '==', eventId);
  const eventRef = firestore.collection('events').doc(eventId);
  return firestore.runTransaction(async (transaction) => {
    const [event, meetings, finals] = await Promise.all([
      transaction.get(eventRef),
      transaction.get(confirmed),
      transaction.get(matches),
    ]);
    // An event being deleted loses its meetings first: no board outlives it.
    if (!event.exists) {
      transaction.delete(boardRef);
      return 0;
    }
    const presenters = new Map<string, DocumentData>();
    const providers = new Map<string, DocumentData>();
    for (const match of finals.docs) {
      presenters.set(text(match.get('presenter_id')), record(match.get('presenter_details')));
      const matched: unknown = match.get('matched_providers');
      for (const provider of Array.isArray(matched) ? matched : []) {
        providers.set(text(record(provider).provider_id), record(record(provider).provider_details));
      }
    }
    const shown: BoardMeeting[] = meetings.docs
      .map((meeting) => {
        const presenter = presenters.get(text(meeting.get('presenter_id'))) ?? {};
        const provider = providers.get(text(meeting.get('provider_id'))) ?? {};
        return {
          slot: Number(meeting.get('slot')),
          place: text(meeting.get('place')),
          presenter: nameOf(presenter),
          presenter_company: text(presenter.company),
          provider: nameOf(provider),
          provider_company: text(provider.company),
        };
      })
      .filter((meeting) => Number.isInteger(meeting.slot) && meeting.slot >= 0)
      .sort((a, b) => a.slot - b.slot || byText(a.place, b.place) || byText(a.presenter, b.presenter));
    const board: MeetingBoardDocument = { event_id: eventId, meetings: shown };
    transaction.set(boardRef, board);
    return shown.length;
  });
}
