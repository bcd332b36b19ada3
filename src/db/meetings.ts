// A person's meetings after matching (docs/decisions.md, "Meetings after matching"): followed live
// from `meetings` (the rules let each read the ones they are in), and changed only through a
// request the server answers (`meeting_requests`, functions/src/meetings/requests.ts): this
// writes the request for the signed-in person's own side and waits for the server's sentence.

import { addDoc, collection, doc, getDocs, onSnapshot, query, serverTimestamp, where } from 'firebase/firestore';
import { toArray, toNumberOr, toStringOr } from './converters';
import { db } from './firebase';
import type { Meeting, MeetingAction, MeetingSide, MeetingStatus } from '../types/meeting';

export type { Meeting, MeetingAction, MeetingSide, MeetingStatus };

const STATUSES: readonly MeetingStatus[] = ['requested', 'accepted', 'declined', 'cancelled'];

export function toMeeting(id: string, data: Record<string, unknown>): Meeting {
  const status = STATUSES.includes(data.status as MeetingStatus) ? (data.status as MeetingStatus) : 'cancelled';
  const requestedBy = data.requested_by === 'presenter' || data.requested_by === 'provider' ? data.requested_by : 'schedule';
  return {
    id,
    eventId: toStringOr(data.event_id, ''),
    presenterId: toStringOr(data.presenter_id, ''),
    providerId: toStringOr(data.provider_id, ''),
    slot: toNumberOr(data.slot, 0),
    place: toStringOr(data.place, ''),
    status,
    requestedBy,
    metBy: toArray(data.met_by).filter((side): side is MeetingSide => side === 'presenter' || side === 'provider'),
  };
}

/**
 * Follows the event's meetings the signed-in person `uid` is in, as a provider or as a presenter,
 * by slot. Returns the unsubscribe function.
 */
export function watchMyMeetings(
  eventId: string,
  uid: string,
  onChange: (meetings: Meeting[]) => void,
  onError: (error: unknown) => void,
): () => void {
  const sides: Record<MeetingSide, Meeting[] | null> = { presenter: null, provider: null };
  const publish = () => {
    if (sides.presenter === null || sides.provider === null) return;
    onChange([...sides.presenter, ...sides.provider].sort((a, b) => a.slot - b.slot || a.place.localeCompare(b.place)));
  };
  const follow = (side: MeetingSide) =>
    onSnapshot(
      query(collection(db, 'meetings'), where(`${side}_id`, '==', uid), where('event_id', '==', eventId)),
      (snapshot) => {
        sides[side] = snapshot.docs.map((meeting) => toMeeting(meeting.id, meeting.data()));
        publish();
      },
      onError,
    );
  const stops = [follow('presenter'), follow('provider')];
  return () => stops.forEach((stop) => stop());
}

const eventMeetings = (eventId: string) => query(collection(db, 'meetings'), where('event_id', '==', eventId));

/** Whether a meeting holds its slot (requested or confirmed); a declined or cancelled one gave it back. */
export const holdsSlot = (meeting: Pick<Meeting, 'status'>): boolean =>
  meeting.status === 'requested' || meeting.status === 'accepted';

/** Every meeting of the event, once (admins: firestore.rules let only them read others' meetings). */
export async function getEventMeetings(eventId: string): Promise<Meeting[]> {
  const snapshot = await getDocs(eventMeetings(eventId));
  return snapshot.docs.map((meeting) => toMeeting(meeting.id, meeting.data()));
}

/** Follows every meeting of the event (admins), by slot and then place. Returns the unsubscribe function. */
export function watchEventMeetings(
  eventId: string,
  onChange: (meetings: Meeting[]) => void,
  onError: (error: unknown) => void,
): () => void {
  return onSnapshot(
    eventMeetings(eventId),
    (snapshot) =>
      onChange(
        snapshot.docs
          .map((meeting) => toMeeting(meeting.id, meeting.data()))
          .sort((a, b) => a.slot - b.slot || a.place.localeCompare(b.place)),
      ),
    onError,
  );
}

export interface MeetingRequestInput {
  eventId: string;
  presenterId: string;
  providerId: string;
  action: MeetingAction;
  /** The signed-in person's side of the pair, or 'admin' for the grid's move and cancel. */
  by: MeetingSide | 'admin';
  /** For 'request' and 'move': the slot. */
  slot?: number;
  /** For 'move': the place. */
  place?: string;
}

export interface MeetingAnswer {
  done: boolean;
  /** The server's sentence for the person. */
  message: string;
}

/** How long a request waits for the server's answer before the page says it did not come. */
const ANSWER_WAIT_MS = 30_000;

export const meetingRequestErrors = {
  noAnswer: 'The meeting request got no answer. Check your connection and try again.',
} as const;

/** Writes the request and resolves with the server's answer (rejects when none comes in time). */
export async function sendMeetingRequest(input: MeetingRequestInput): Promise<MeetingAnswer> {
  const ref = await addDoc(collection(db, 'meeting_requests'), {
    event_id: input.eventId,
    presenter_id: input.presenterId,
    provider_id: input.providerId,
    action: input.action,
    by: input.by,
    ...(input.action === 'request' || input.action === 'move' ? { slot: input.slot ?? 0 } : {}),
    ...(input.action === 'move' ? { place: input.place ?? '' } : {}),
    requested_at: serverTimestamp(),
  });
  return new Promise<MeetingAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(meetingRequestErrors.noAnswer));
    }, ANSWER_WAIT_MS);
    const stop = onSnapshot(
      doc(db, 'meeting_requests', ref.id),
      (snapshot) => {
        const outcome = snapshot.get('outcome') as { state?: unknown; message?: unknown } | undefined;
        if (!outcome) return;
        clearTimeout(timer);
        stop();
        resolve({ done: outcome.state === 'done', message: toStringOr(outcome.message, '') });
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
