// Booking a meeting's slot on the server, in one transaction, so no slot is ever double-booked
// however many requests race for it: two people asking for the same slot at once, or a request
// racing Schedule all, end with one meeting and the others told why.
//
// The documents (docs/decisions.md, "Meetings after matching"):
// - `meetings/{eventId}_{presenterId}_{providerId}`: one per pair, so a pair meets once; its
//   `status` is 'requested' or 'accepted' while it holds its slot, 'declined' or 'cancelled' once
//   it gives it back; `sequence` rises on every change of time or place and on the cancel (the
//   calendar invite's SEQUENCE).
// - `meeting_slots/{eventId}_{slot}_{holder}`: one per person and per place in a slot they are
//   booked in (`p-` a presenter, `v-` a provider, `t-` a place), holding the meeting's id. The
//   transaction reads the three it needs and creates them only when none exists, so the first
//   commit wins and every other is retried by Firestore, reads them taken, and answers why.
// - `meeting_places/{eventId}`: the place each presenter was given for the session, by presenter
//   id. A presenter's first booking gives them one (the one Schedule all chose, else the first no
//   other presenter has, in the event's order) in the same transaction, so two presenters booked
//   at once never share a place: both read this one document, and the second commit is retried.
// - The most meetings per person: a person holds one slot document per meeting, so the
//   transaction reads the presenter's and the provider's documents of every slot and counts those
//   that exist. Two bookings racing for one person's last meeting both read the slot the other
//   creates, so the second is retried and told the person has as many as they may have (a count
//   read before the transaction let 20 requests at once book a presenter past the limit).

import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { FALLBACK_PROVIDER_ID } from '../../../domain/matching.js';
import { unplacedMessages } from '../../../domain/meetings.js';

export type MeetingStatus = 'requested' | 'accepted' | 'declined' | 'cancelled';

/** A meeting's document as stored. */
export interface MeetingDocument<Time = FieldValue> {
  event_id: string;
  presenter_id: string;
  provider_id: string;
  slot: number;
  place: string;
  status: MeetingStatus;
  /** Who asked: the presenter, the provider, or the admin's Schedule all. */
  requested_by: 'presenter' | 'provider' | 'schedule';
  sequence: number;
  updated_at: Time;
  /** Who said the meeting was held ('We met'), once its slot had started. */
  met_by?: ('presenter' | 'provider')[];
}

export interface BookingRequest {
  eventId: string;
  presenterId: string;
  providerId: string;
  slot: number;
  /** The event's places, in the order they are given to presenters. */
  places: readonly string[];
  /** How many slots the session has, and the most meetings one person may have in them. */
  slots: number;
  maxPerPerson: number;
  /** The place Schedule all chose for a presenter who has none yet; a presenter's own place wins. */
  place?: string;
  by: MeetingDocument['requested_by'];
}

/** Why a booking was refused. */
export type BookingRefusal =
  'already-booked' | 'presenter-busy' | 'provider-busy' | 'presenter-limit' | 'provider-limit' | 'place-taken' | 'no-place';

export const bookingRefusals: Record<BookingRefusal, string> = {
  'already-booked': 'These two already have a meeting.',
  'presenter-busy': 'The presenter already has a meeting in this slot.',
  'provider-busy': 'The provider already has a meeting in this slot.',
  'presenter-limit': unplacedMessages['presenter-limit'],
  'provider-limit': unplacedMessages['provider-limit'],
  'place-taken': 'This place already has a meeting in this slot.',
  'no-place': 'Every place is already a presenter’s for the session.',
};

export const MEETING_PLACES_COLLECTION = 'meeting_places';

/** The places given to presenters for the session, by presenter id, as `meeting_places/{eventId}` holds them. */
export function givenPlaces(data: DocumentData | undefined): Record<string, string> {
  const presenters: unknown = data?.presenters;
  if (typeof presenters !== 'object' || presenters === null) return {};
  return Object.fromEntries(
    Object.entries(presenters as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The presenter's place for the session: the one they were given, else `wanted` when no other
 * presenter has it, else the first place of the event no presenter has; null when none is left.
 */
export function placeFor(
  given: Readonly<Record<string, string>>,
  presenterId: string,
  places: readonly string[],
  wanted?: string,
): string | null {
  const own = given[presenterId];
  if (own !== undefined) return own;
  const taken = new Set(Object.values(given));
  if (wanted !== undefined && places.includes(wanted) && !taken.has(wanted)) return wanted;
  return places.find((place) => !taken.has(place)) ?? null;
}

export type BookingOutcome = { booked: true; meetingId: string } | { booked: false; reason: BookingRefusal };

export const meetingId = (eventId: string, presenterId: string, providerId: string): string =>
  `${eventId}_${presenterId}_${providerId}`;

/** The ids of the slot documents a meeting holds: its presenter's, its provider's and its place's. */
export function slotHolds(meeting: Pick<MeetingDocument, 'event_id' | 'presenter_id' | 'provider_id' | 'slot' | 'place'>) {
  const prefix = `${meeting.event_id}_${meeting.slot}_`;
  return {
    presenter: `${prefix}p-${meeting.presenter_id}`,
    provider: `${prefix}v-${meeting.provider_id}`,
    // A place's name may hold any character; its code points keep the id a valid document id.
    place: `${prefix}t-${Buffer.from(meeting.place, 'utf8').toString('hex')}`,
  };
}

/** Whether a meeting in this status holds its slot (requested or accepted). */
export const holdsSlot = (status: unknown): boolean => status === 'requested' || status === 'accepted';

/**
 * Whether the provider is one of the presenter's final matches for the event (`match` is the
 * presenter's final_matches document), never the innovation office's fallback contact: only such
 * pairs meet.
 */
export function isMatchedPair(match: DocumentData | undefined, eventId: string, providerId: string): boolean {
  const matched = (match?.matched_providers as { provider_id?: unknown }[] | undefined) ?? [];
  return (
    providerId !== FALLBACK_PROVIDER_ID &&
    match?.event_id === eventId &&
    Array.isArray(matched) &&
    matched.some((provider) => provider.provider_id === providerId)
  );
}

/** A stored Timestamp in ms, or null for anything else. */
export const toMs = (value: unknown): number | null =>
  typeof value === 'object' && value !== null && typeof (value as { toMillis?: unknown }).toMillis === 'function'
    ? (value as { toMillis(): number }).toMillis()
    : null;

/**
 * Books the slot for the pair, at the presenter's place for the session, when nobody of the three
 * (presenter, provider, place) has it and neither person has as many meetings as they may have;
 * gives the presenter their place with their first booking.
 */
export async function bookMeeting(firestore: Firestore, request: BookingRequest): Promise<BookingOutcome> {
  const id = meetingId(request.eventId, request.presenterId, request.providerId);
  const meetingRef = firestore.collection('meetings').doc(id);
  const placesRef = firestore.collection(MEETING_PLACES_COLLECTION).doc(request.eventId);
  const slots = firestore.collection('meeting_slots');
  return firestore.runTransaction(async (transaction: Transaction): Promise<BookingOutcome> => {
    // Every slot of the session (and the one asked for, should it lie outside), so the people's
    // meetings are counted from what this transaction read.
    const numbers = [...new Set([...Array.from({ length: request.slots }, (_, slot) => slot), request.slot])];
    const people = numbers.map((slot) =>
      slotHolds({
        event_id: request.eventId,
        presenter_id: request.presenterId,
        provider_id: request.providerId,
        slot,
        place: '',
      }),
    );
    const [existing, placesDoc, ...read] = await transaction.getAll(
      meetingRef,
      placesRef,
      ...people.flatMap((holds) => [slots.doc(holds.presenter), slots.doc(holds.provider)]),
    );
    const held = (side: 0 | 1) => numbers.filter((_, index) => read[2 * index + side]?.exists === true);
    const presenterSlots = held(0);
    const providerSlots = held(1);
    if (existing?.exists && holdsSlot(existing.get('status'))) return { booked: false, reason: 'already-booked' };
    if (presenterSlots.includes(request.slot)) return { booked: false, reason: 'presenter-busy' };
    if (providerSlots.includes(request.slot)) return { booked: false, reason: 'provider-busy' };
    if (presenterSlots.length >= request.maxPerPerson) return { booked: false, reason: 'presenter-limit' };
    if (providerSlots.length >= request.maxPerPerson) return { booked: false, reason: 'provider-limit' };
    const given = givenPlaces(placesDoc?.data());
    const place = placeFor(given, request.presenterId, request.places, request.place);
    if (place === null) return { booked: false, reason: 'no-place' };
    const meeting: Omit<MeetingDocument, 'sequence' | 'updated_at'> = {
      event_id: request.eventId,
      presenter_id: request.presenterId,
      provider_id: request.providerId,
      slot: request.slot,
      place,
      status: request.by === 'schedule' ? 'accepted' : 'requested',
      requested_by: request.by,
    };
    const holds = slotHolds(meeting);
    if ((await transaction.get(slots.doc(holds.place))).exists) return { booked: false, reason: 'place-taken' };
    const sequence = existing?.exists ? Number(existing.get('sequence') ?? 0) + 1 : 0;
    transaction.set(meetingRef, { ...meeting, sequence, updated_at: FieldValue.serverTimestamp() });
    for (const hold of Object.values(holds)) transaction.create(slots.doc(hold), { event_id: request.eventId, meeting_id: id });
    if (given[request.presenterId] !== place) {
      transaction.set(placesRef, { event_id: request.eventId, presenters: { [request.presenterId]: place } }, { merge: true });
    }
    return { booked: true, meetingId: id };
  });
}

/** Cancels a meeting that holds a slot and gives the slot back; false when there was none to cancel. */
export async function cancelMeeting(firestore: Firestore, id: string): Promise<boolean> {
  const meetingRef = firestore.collection('meetings').doc(id);
  return firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(meetingRef);
    const data = snapshot.data() as MeetingDocument<unknown> | undefined;
    if (!data || !holdsSlot(data.status)) return false;
    transaction.update(meetingRef, {
      status: 'cancelled',
      sequence: data.sequence + 1,
      updated_at: FieldValue.serverTimestamp(),
    });
    for (const hold of Object.values(slotHolds(data))) transaction.delete(firestore.collection('meeting_slots').doc(hold));
    return true;
  });
}

/** Why a move was refused, besides the booking's own reasons for the new slot and place. */
export type MoveRefusal = BookingRefusal | 'nothing-to-move' | 'same-place';

/**
 * Moves a meeting that holds a slot to another slot or place (the admin's grid), in one
 * transaction: the new holds are taken only when nobody else has them (the meeting's own count as
 * free), the old ones not kept are given back, and the SEQUENCE rises so calendars update the
 * entry. A requested meeting stays requested, a confirmed one confirmed.
 */
export async function moveMeeting(
  firestore: Firestore,
  id: string,
  to: { slot: number; place: string },
): Promise<{ moved: true } | { moved: false; reason: MoveRefusal }> {
  const meetingRef = firestore.collection('meetings').doc(id);
  return firestore.runTransaction(async (transaction) => {
    const meeting = (await transaction.get(meetingRef)).data() as MeetingDocument<unknown> | undefined;
    if (!meeting || !holdsSlot(meeting.status)) return { moved: false, reason: 'nothing-to-move' } as const;
    if (meeting.slot === to.slot && meeting.place === to.place) return { moved: false, reason: 'same-place' } as const;
    const before = slotHolds(meeting);
    const after = slotHolds({ ...meeting, ...to });
    const slots = firestore.collection('meeting_slots');
    const [presenter, provider, place] = await transaction.getAll(
      slots.doc(after.presenter),
      slots.doc(after.provider),
      slots.doc(after.place),
    );
    const takenByOther = (hold: typeof presenter) => hold?.exists === true && hold.get('meeting_id') !== id;
    if (takenByOther(presenter)) return { moved: false, reason: 'presenter-busy' } as const;
    if (takenByOther(provider)) return { moved: false, reason: 'provider-busy' } as const;
    if (takenByOther(place)) return { moved: false, reason: 'place-taken' } as const;
    const kept = new Set(Object.values(after));
    for (const hold of Object.values(before)) if (!kept.has(hold)) transaction.delete(slots.doc(hold));
    const mine = new Set(Object.values(before));
    for (const hold of Object.values(after)) {
      if (!mine.has(hold)) transaction.create(slots.doc(hold), { event_id: meeting.event_id, meeting_id: id });
    }
    transaction.update(meetingRef, {
      slot: to.slot,
      place: to.place,
      sequence: meeting.sequence + 1,
      updated_at: FieldValue.serverTimestamp(),
    });
    return { moved: true } as const;
  });
}
