// A meeting after matching as the app reads it (meetings/{eventId}_{presenterId}_{providerId},
// written by the server: functions/src/meetings/booking.ts).

export type MeetingStatus = 'requested' | 'accepted' | 'declined' | 'cancelled';
export type MeetingSide = 'presenter' | 'provider';
export type MeetingAction = 'request' | 'accept' | 'decline' | 'cancel' | 'met' | 'move';

export interface Meeting {
  id: string;
  eventId: string;
  presenterId: string;
  providerId: string;
  slot: number;
  place: string;
  status: MeetingStatus;
  /** Who asked: a side, or 'schedule' for the admin's Schedule all. */
  requestedBy: MeetingSide | 'schedule';
  /** The sides that said the meeting was held. */
  metBy: MeetingSide[];
}
