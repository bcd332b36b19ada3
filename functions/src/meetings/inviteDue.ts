// Which calendar mail a change of a meeting's document asks for (meetingMails.ts sends it): a
// module of its own, so the trigger decides that without loading the mails' rendering, which
// only a change that sends one needs (functions/src/index.ts).

import type { MeetingDocument } from './booking.js';

/** What a change of a meeting's document asks to send, or null for nothing. */
export interface InviteDue {
  method: 'request' | 'cancel';
  sequence: number;
}

type StoredMeeting = Pick<MeetingDocument<unknown>, 'status' | 'slot' | 'place' | 'sequence'>;

const confirmed = (meeting: StoredMeeting | undefined): boolean => meeting?.status === 'accepted';

/** The mail a change from `before` to `after` (either absent: created, deleted) asks for. */
export function inviteDue(before: StoredMeeting | undefined, after: StoredMeeting | undefined): InviteDue | null {
  if (after && confirmed(after)) {
    const unchanged =
      before !== undefined &&
      confirmed(before) &&
      before.slot === after.slot &&
      before.place === after.place &&
      before.sequence === after.sequence;
    return unchanged ? null : { method: 'request', sequence: after.sequence };
  }
  if (before && confirmed(before)) {
    // A cancel supersedes the request it takes back, whatever the document says now.
    return { method: 'cancel', sequence: Math.max(before.sequence + 1, after?.sequence ?? 0) };
  }
  return null;
}
