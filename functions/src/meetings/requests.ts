// A person's meeting request, answered on the server: a presenter or a provider writes
// `meeting_requests/{id}` naming the pair, what they do (ask for a slot, accept, decline, cancel,
// say they met) and which side they are (firestore.rules hold them to their own side), and this
// answers it on the request itself. Only pairs of the event's final matches meet (never the
// innovation office's fallback), only while the event has meetings on; a slot is booked in the
// booking transaction (booking.ts), so no request ever double-books it.
//
// Where the settings leave it open (docs/decisions.md, "Meetings after matching"):
// - A request's place is its presenter's for the session: the one given with their first booking,
//   else the first place no other presenter was given, in the event's order (booking.ts).
// - The most meetings per person counts the meetings that hold a slot (requested or accepted).
// - Accepting or declining is for the side that did not ask; either side cancels; "We met" is for
//   an accepted meeting once its slot has started, and records who said so.

import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { meetingSettingsFrom, type MeetingSettings } from '../../../domain/meetingSettings.js';
import { slotWindow } from '../../../domain/meetings.js';
import {
  bookMeeting,
  bookingRefusals,
  isMatchedPair,
  moveMeeting,
  toMs,
  cancelMeeting,
  meetingId,
  slotHolds,
  type MeetingDocument,
} from './booking.js';

export const MEETING_ACTIONS = ['request', 'accept', 'decline', 'cancel', 'met', 'move'] as const;
export type MeetingAction = (typeof MEETING_ACTIONS)[number];
export type MeetingSide = 'presenter' | 'provider';
/** Who writes a request: one side of the pair, or an admin (the grid's move and cancel). */
export type MeetingRequester = MeetingSide | 'admin';

/** meeting_requests/{id}: what a person asks, and the server's answer once given. */
export interface MeetingRequestDocument<Time = unknown> {
  event_id: string;
  presenter_id: string;
  provider_id: string;
  action: MeetingAction;
  /** The slot asked for (0 is the first); for 'request' and 'move'. */
  slot?: number;
  /** The place to move to; for 'move' only. */
  place?: string;
  by: MeetingRequester;
  requested_at: Time;
  outcome?: MeetingRequestOutcome<Time>;
}

export interface MeetingRequestOutcome<Time = unknown> {
  state: 'done' | 'refused';
  /** What the person reads: what happened, or why not. */
  message: string;
  meeting_id: string;
  at: Time;
}

export const meetingRequestMessages = {
  requested: 'Your meeting request was sent.',
  accepted: 'The meeting is confirmed.',
  declined: 'The meeting request was declined.',
  cancelled: 'The meeting was cancelled.',
  met: 'Thank you: the meeting is marked as held.',
  meetingsOff: 'This event has no meetings.',
  notMatched: 'Only a presenter and a provider matched with each other can meet.',
  noSuchSlot: 'There is no such slot.',
  noPlace: bookingRefusals['no-place'],
  noSuchPlace: 'There is no such place.',
  moved: 'The meeting was moved.',
  nothingToMove: 'There is no meeting to move.',
  samePlace: 'The meeting is already there.',
  adminOnly: 'Only an admin moves meetings; a person asks, answers, cancels or says they met.',
  noRequest: 'There is no meeting request to answer.',
  ownRequest: 'The other side answers a request you made.',
  nothingToCancel: 'There is no meeting to cancel.',
  notAccepted: 'Only a confirmed meeting can be marked as held.',
  notStarted: 'A meeting can be marked as held once its slot has started.',
  unreadable: 'This request could not be read.',
  ...bookingRefusals,
} as const;

function readRequest(data: DocumentData | undefined): MeetingRequestDocument | null {
  if (!data) return null;
  const { event_id, presenter_id, provider_id, action, by, slot, place } = data as Record<string, unknown>;
  if (typeof event_id !== 'string' || typeof presenter_id !== 'string' || typeof provider_id !== 'string') return null;
  if (!MEETING_ACTIONS.includes(action as MeetingAction) || (by !== 'presenter' && by !== 'provider' && by !== 'admin'))
    return null;
  return {
    event_id,
    presenter_id,
    provider_id,
    action: action as MeetingAction,
    by,
    requested_at: data.requested_at,
    ...(typeof slot === 'number' ? { slot } : {}),
    ...(typeof place === 'string' ? { place } : {}),
  };
}

/** Asks for a slot: the pair's meeting, requested, at the presenter's place. */
async function requestSlot(
  firestore: Firestore,
  request: MeetingRequestDocument & { by: MeetingSide },
  settings: MeetingSettings<unknown>,
): Promise<{ done: boolean; message: string }> {
  const slot = request.slot;
  if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= settings.slots) {
    return { done: false, message: meetingRequestMessages.noSuchSlot };
  }
  // The most meetings per person is checked in the booking's transaction, where racing requests cannot pass it together.
  const outcome = await bookMeeting(firestore, {
    eventId: request.event_id,
    presenterId: request.presenter_id,
    providerId: request.provider_id,
    slot,
    places: settings.places,
    slots: settings.slots,
    maxPerPerson: settings.maxPerPerson,
    by: request.by,
  });
  return outcome.booked
    ? { done: true, message: meetingRequestMessages.requested }
    : { done: false, message: meetingRequestMessages[outcome.reason] };
}

/** Accepts or declines the other side's request; a decline gives the slot back. */
async function answerRequest(
  firestore: Firestore,
  id: string,
  by: MeetingSide,
  accept: boolean,
): Promise<{ done: boolean; message: string }> {
  const ref = firestore.collection('meetings').doc(id);
  return firestore.runTransaction(async (transaction) => {
    const meeting = (await transaction.get(ref)).data() as MeetingDocument<unknown> | undefined;
    if (!meeting || meeting.status !== 'requested') return { done: false, message: meetingRequestMessages.noRequest };
    if (meeting.requested_by === by) return { done: false, message: meetingRequestMessages.ownRequest };
    if (accept) {
      transaction.update(ref, { status: 'accepted', updated_at: FieldValue.serverTimestamp() });
      return { done: true, message: meetingRequestMessages.accepted };
    }
    transaction.update(ref, { status: 'declined', sequence: meeting.sequence + 1, updated_at: FieldValue.serverTimestamp() });
    for (const hold of Object.values(slotHolds(meeting))) transaction.delete(firestore.collection('meeting_slots').doc(hold));
    return { done: true, message: meetingRequestMessages.declined };
  });
}

/** Records that one side says the meeting was held, once its slot has started. */
async function markMet(
  firestore: Firestore,
  id: string,
  by: MeetingSide,
  settings: MeetingSettings<number>,
  nowMs: number,
): Promise<{ done: boolean; message: string }> {
  const ref = firestore.collection('meetings').doc(id);
  return firestore.runTransaction(async (transaction) => {
    const meeting = (await transaction.get(ref)).data() as MeetingDocument<unknown> | undefined;
    if (!meeting || meeting.status !== 'accepted') return { done: false, message: meetingRequestMessages.notAccepted };
    const start = settings.startTime === null ? null : slotWindow(settings.startTime, settings.slotMinutes, meeting.slot).startMs;
    if (start === null || nowMs < start) return { done: false, message: meetingRequestMessages.notStarted };
    transaction.update(ref, { met_by: FieldValue.arrayUnion(by), updated_at: FieldValue.serverTimestamp() });
    return { done: true, message: meetingRequestMessages.met };
  });
}

/**
 * Answers the request `meeting_requests/{requestId}` once, on the request itself; a request
 * already answered is left as it is. Returns the answer written (null for one already answered
 * or gone).
 */
export async function answerMeetingRequest(
  firestore: Firestore,
  requestId: string,
  nowMs: number = Date.now(),
): Promise<MeetingRequestOutcome<FieldValue> | null> {
  const requestRef = firestore.collection('meeting_requests').doc(requestId);
  const snapshot = await requestRef.get();
  if (!snapshot.exists || snapshot.get('outcome') !== undefined) return null;
  const request = readRequest(snapshot.data());
  const id = request ? meetingId(request.event_id, request.presenter_id, request.provider_id) : '';
  const answer = request
    ? await decide(firestore, request, id, nowMs)
    : { done: false, message: meetingRequestMessages.unreadable };
  const outcome: MeetingRequestOutcome<FieldValue> = {
    state: answer.done ? 'done' : 'refused',
    message: answer.message,
    meeting_id: id,
    at: FieldValue.serverTimestamp(),
  };
  await requestRef.update({ outcome });
  return outcome;
}

async function decide(
  firestore: Firestore,
  request: MeetingRequestDocument,
  id: string,
  nowMs: number,
): Promise<{ done: boolean; message: string }> {
  const [event, match] = await Promise.all([
    firestore.collection('events').doc(request.event_id).get(),
    firestore.collection('final_matches').doc(`${request.event_id}_${request.presenter_id}`).get(),
  ]);
  const settings = meetingSettingsFrom(event.get('meetings'), toMs);
  if (!event.exists || !settings.enabled) return { done: false, message: meetingRequestMessages.meetingsOff };
  const isPair = isMatchedPair(match.data(), request.event_id, request.provider_id);
  // A cancel is always answered: a pair whose match was taken back still frees its slot.
  if (!isPair && request.action !== 'cancel') return { done: false, message: meetingRequestMessages.notMatched };
  // An admin moves and cancels; a person asks, answers, cancels and says they met (the rules hold
  // each writer to this too).
  const side = request.by === 'admin' ? null : request.by;
  const adminAction = request.action === 'move' || request.action === 'cancel';
  if ((side === null && !adminAction) || (side !== null && request.action === 'move')) {
    return { done: false, message: meetingRequestMessages.adminOnly };
  }
  switch (request.action) {
    case 'request':
      return side === null
        ? { done: false, message: meetingRequestMessages.adminOnly }
        : requestSlot(firestore, { ...request, by: side }, settings);
    case 'accept':
    case 'decline':
      return side === null
        ? { done: false, message: meetingRequestMessages.adminOnly }
        : answerRequest(firestore, id, side, request.action === 'accept');
    case 'cancel':
      return (await cancelMeeting(firestore, id))
        ? { done: true, message: meetingRequestMessages.cancelled }
        : { done: false, message: meetingRequestMessages.nothingToCancel };
    case 'met':
      return side === null
        ? { done: false, message: meetingRequestMessages.adminOnly }
        : markMet(firestore, id, side, settings, nowMs);
    case 'move':
      return moveTo(firestore, id, request, settings);
  }
}

/** The admin's move of a meeting to a slot and place of the session. */
async function moveTo(
  firestore: Firestore,
  id: string,
  request: MeetingRequestDocument,
  settings: MeetingSettings<number>,
): Promise<{ done: boolean; message: string }> {
  const slot = request.slot;
  if (slot === undefined || !Number.isInteger(slot) || slot < 0 || slot >= settings.slots) {
    return { done: false, message: meetingRequestMessages.noSuchSlot };
  }
  if (request.place === undefined || !settings.places.includes(request.place)) {
    return { done: false, message: meetingRequestMessages.noSuchPlace };
  }
  const outcome = await moveMeeting(firestore, id, { slot, place: request.place });
  if (outcome.moved) return { done: true, message: meetingRequestMessages.moved };
  const reasons: Record<typeof outcome.reason, string> = {
    ...bookingRefusals,
    'nothing-to-move': meetingRequestMessages.nothingToMove,
    'same-place': meetingRequestMessages.samePlace,
  };
  return { done: false, message: reasons[outcome.reason] };
}
