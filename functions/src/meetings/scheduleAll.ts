// The admin's Schedule all, on the server: `meeting_schedules/{eventId}` asked for (the admin's
// uid and the server's time, firestore.rules), answered on the same document. Every pair of the
// event's final matches (never the innovation office's fallback) that has no meeting yet gets a
// slot and a place from the shared scheduler (domain/meetings.ts), best match score first; the
// meetings already requested or accepted stay as they are, and a pair that was declined or
// cancelled is not booked again. Each new meeting is booked in the booking transaction
// (booking.ts), so a request racing Schedule all ends in one meeting, and the pair that lost is
// listed with the reason, as the pairs that did not fit are.

import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { FALLBACK_PROVIDER_ID } from '../../../domain/matching.js';
import { meetingSettingsFrom } from '../../../domain/meetingSettings.js';
import { scheduleMeetings, unplacedMessages, type MeetingPair, type PlacedMeeting } from '../../../domain/meetings.js';
import {
  bookMeeting,
  bookingRefusals,
  givenPlaces,
  holdsSlot,
  MEETING_PLACES_COLLECTION,
  toMs,
  type MeetingDocument,
} from './booking.js';

/** A pair Schedule all left out, with the sentence the admin reads. */
export interface UnplacedPair {
  presenter_id: string;
  provider_id: string;
  reason: string;
}

/** What the server writes on meeting_schedules/{eventId}. */
export interface ScheduleOutcome<Time = FieldValue> {
  state: 'done' | 'failed';
  /** How many meetings it booked. */
  placed: number;
  unplaced: UnplacedPair[];
  /** Why it could not run (state 'failed'). */
  reason?: string;
  at: Time;
}

export const scheduleMessages = {
  meetingsOff: 'This event has no meetings: switch them on in Edit Event first.',
  noMatches: 'This event has no matches yet: run the matching first.',
} as const;

/** Whether the schedule document asks for a run the server has not answered yet. */
export function scheduleDue(data: Record<string, unknown> | undefined): boolean {
  return data?.requested_at !== undefined && data.state === undefined;
}

/** Runs Schedule all for the event and writes the outcome on its schedule document. */
export async function scheduleAll(firestore: Firestore, eventId: string): Promise<ScheduleOutcome> {
  const outcome = await run(firestore, eventId);
  await firestore.collection('meeting_schedules').doc(eventId).set(outcome, { merge: true });
  return outcome;
}

async function run(firestore: Firestore, eventId: string): Promise<ScheduleOutcome> {
  const failed = (reason: string): ScheduleOutcome => ({
    state: 'failed',
    placed: 0,
    unplaced: [],
    reason,
    at: FieldValue.serverTimestamp(),
  });
  const [event, matches, reasons, meetings, placesDoc] = await Promise.all([
    firestore.collection('events').doc(eventId).get(),
    firestore.collection('final_matches').where('event_id', '==', eventId).get(),
    firestore.collection('match_reasons').where('event_id', '==', eventId).get(),
    firestore.collection('meetings').where('event_id', '==', eventId).get(),
    firestore.collection(MEETING_PLACES_COLLECTION).doc(eventId).get(),
  ]);
  const settings = meetingSettingsFrom(event.get('meetings'), toMs);
  if (!event.exists || !settings.enabled) return failed(scheduleMessages.meetingsOff);
  if (matches.empty) return failed(scheduleMessages.noMatches);

  const scoreOf = new Map<string, number>();
  for (const doc of reasons.docs) {
    for (const provider of (doc.get('providers') as { provider_id?: unknown; score?: unknown }[] | undefined) ?? []) {
      if (typeof provider.provider_id === 'string' && typeof provider.score === 'number') {
        scoreOf.set(`${String(doc.get('presenter_id'))}\u0000${provider.provider_id}`, provider.score);
      }
    }
  }
  const stored = meetings.docs.map((doc) => doc.data() as MeetingDocument<unknown>);
  // Any meeting, held or given back, means the pair has had its chance: declined and cancelled
  // pairs are not booked again behind their backs.
  const hadMeeting = new Set(stored.map((meeting) => `${meeting.presenter_id}\u0000${meeting.provider_id}`));
  const pairs: MeetingPair[] = [];
  for (const doc of matches.docs) {
    const presenterId = doc.get('presenter_id');
    if (typeof presenterId !== 'string') continue;
    for (const provider of (doc.get('matched_providers') as { provider_id?: unknown }[] | undefined) ?? []) {
      if (typeof provider.provider_id !== 'string' || provider.provider_id === FALLBACK_PROVIDER_ID) continue;
      const key = `${presenterId}\u0000${provider.provider_id}`;
      if (hadMeeting.has(key)) continue;
      pairs.push({ presenterId, providerId: provider.provider_id, score: scoreOf.get(key) ?? 0 });
    }
  }
  const kept: PlacedMeeting[] = stored
    .filter((meeting) => holdsSlot(meeting.status))
    .map((meeting) => ({
      presenterId: meeting.presenter_id,
      providerId: meeting.provider_id,
      slot: meeting.slot,
      place: meeting.place,
    }));

  const schedule = scheduleMeetings({
    slots: settings.slots,
    places: settings.places,
    given: givenPlaces(placesDoc.data()),
    maxPerPerson: settings.maxPerPerson,
    pairs,
    kept,
  });
  const unplaced: UnplacedPair[] = schedule.unplaced.map(({ pair, reason }) => ({
    presenter_id: pair.presenterId,
    provider_id: pair.providerId,
    reason: unplacedMessages[reason],
  }));
  let placed = 0;
  // One at a time: each booking's transaction reads the slots the one before took.
  for (const meeting of schedule.added) {
    const booked = await bookMeeting(firestore, {
      eventId,
      ...meeting,
      places: settings.places,
      slots: settings.slots,
      maxPerPerson: settings.maxPerPerson,
      by: 'schedule',
    });
    if (booked.booked) placed += 1;
    else
      unplaced.push({
        presenter_id: meeting.presenterId,
        provider_id: meeting.providerId,
        reason: bookingRefusals[booked.reason],
      });
  }
  return { state: 'done', placed, unplaced, at: FieldValue.serverTimestamp() };
}
