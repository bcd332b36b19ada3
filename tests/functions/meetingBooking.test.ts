// Booking meetings on the server (functions/src/meetings/booking.ts) with firebase-admin on the
// local backend: requests racing for one slot end in exactly one meeting, the others told why;
// a pair meets once; a cancel gives the slot back and raises the invite's sequence.

import { describe, expect, it } from 'vitest';
import {
  bookMeeting,
  cancelMeeting,
  meetingId,
  type BookingRequest,
  type MeetingDocument,
} from '../../functions/src/meetings/booking';
import { useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('meeting-booking');
const admin = useAdminDb(projectId);

/** The event's places: Table 0 to Table 20. */
const PLACES = Array.from({ length: 21 }, (_, index) => `Table ${index}`);
const SLOTS = 4;
const MAX_PER_PERSON = 3;

const request = (presenterId: string, providerId: string, slot: number, place?: string): BookingRequest => ({
  eventId: 'medtech',
  presenterId,
  providerId,
  slot,
  places: PLACES,
  slots: SLOTS,
  maxPerPerson: MAX_PER_PERSON,
  ...(place === undefined ? {} : { place }),
  by: 'provider',
});

const placesGiven = async () => (await admin().doc('meeting_places/medtech').get()).get('presenters') as Record<string, string>;

const stored = async () => (await admin().collection('meetings').get()).docs.map((doc) => doc.data() as MeetingDocument<unknown>);
const holds = async () => (await admin().collection('meeting_slots').get()).size;

describe('booking a meeting', () => {
  it('ends 20 requests for one presenter’s slot, sent at once, in exactly one meeting', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bookMeeting(admin(), request('p-ada', `v-${index}`, 2, 'Table 4'))),
    );
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.booked).map((outcome) => !outcome.booked && outcome.reason)).toEqual(
      Array.from({ length: 19 }, () => 'presenter-busy'),
    );
    const meetings = await stored();
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({ presenter_id: 'p-ada', slot: 2, place: 'Table 4', status: 'requested', sequence: 0 });
    expect(await holds()).toBe(3);
  });

  it('ends 20 requests for one presenter over every slot, sent at once, at the most meetings one person may have', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bookMeeting(admin(), request('p-ada', `v-${index}`, index % SLOTS, 'Table 4'))),
    );
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(MAX_PER_PERSON);
    expect(new Set(outcomes.flatMap((outcome) => (outcome.booked ? [] : [outcome.reason])))).toEqual(
      new Set(['presenter-busy', 'presenter-limit']),
    );
    const meetings = await stored();
    expect(meetings).toHaveLength(MAX_PER_PERSON);
    expect(new Set(meetings.map((meeting) => meeting.slot)).size).toBe(MAX_PER_PERSON);
    expect(await holds()).toBe(3 * MAX_PER_PERSON);
    // A meeting cancelled gives its place in the count back.
    await cancelMeeting(admin(), meetingId('medtech', 'p-ada', meetings[0]?.provider_id ?? ''));
    const lastSlot = [...Array(SLOTS).keys()].find((slot) => !meetings.some((meeting) => meeting.slot === slot)) ?? 0;
    expect(await bookMeeting(admin(), request('p-ada', 'v-new', lastSlot, 'Table 4'))).toMatchObject({ booked: true });
  });

  it('ends 20 requests of one provider for one slot with 20 presenters in one meeting too', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bookMeeting(admin(), request(`p-${index}`, 'v-vic', 0, `Table ${index}`))),
    );
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(1);
    expect(new Set(outcomes.flatMap((outcome) => (outcome.booked ? [] : [outcome.reason])))).toEqual(new Set(['provider-busy']));
    expect(await stored()).toHaveLength(1);
  });

  it('keeps one meeting per pair, and each presenter at the place of their own for the session', async () => {
    expect(await bookMeeting(admin(), request('p-ada', 'v-vic', 0, 'Table 1'))).toEqual({
      booked: true,
      meetingId: meetingId('medtech', 'p-ada', 'v-vic'),
    });
    expect(await bookMeeting(admin(), request('p-ada', 'v-vic', 1, 'Table 1'))).toEqual({
      booked: false,
      reason: 'already-booked',
    });
    // Another presenter's wish for Ada's place gets the first place nobody has; Ada's later
    // meetings stay at hers, whatever Schedule all wished.
    expect(await bookMeeting(admin(), request('p-lin', 'v-zoe', 0, 'Table 1'))).toMatchObject({ booked: true });
    expect(await bookMeeting(admin(), request('p-ada', 'v-zoe', 1, 'Table 7'))).toMatchObject({ booked: true });
    expect(
      Object.fromEntries((await stored()).map((meeting) => [`${meeting.presenter_id} ${meeting.provider_id}`, meeting.place])),
    ).toEqual({
      'p-ada v-vic': 'Table 1',
      'p-lin v-zoe': 'Table 0',
      'p-ada v-zoe': 'Table 1',
    });
    expect(await placesGiven()).toEqual({ 'p-ada': 'Table 1', 'p-lin': 'Table 0' });
  });

  it('gives ten presenters booked at once for the first time ten places', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => bookMeeting(admin(), request(`p-${index}`, `v-${index}`, index))),
    );
    expect(outcomes.every((outcome) => outcome.booked)).toBe(true);
    const places = (await stored()).map((meeting) => meeting.place);
    expect(new Set(places).size).toBe(10);
    expect(new Set(Object.values(await placesGiven()))).toEqual(new Set(places));
  });

  it('refuses a presenter new to the session when every place is another presenter’s', async () => {
    const few = (presenterId: string, providerId: string, slot: number): BookingRequest => ({
      ...request(presenterId, providerId, slot),
      places: ['Table 1'],
    });
    expect(await bookMeeting(admin(), few('p-ada', 'v-vic', 0))).toMatchObject({ booked: true });
    expect(await bookMeeting(admin(), few('p-lin', 'v-zoe', 1))).toEqual({ booked: false, reason: 'no-place' });
  });

  it('gives the slot back on a cancel, with a higher sequence, and books the pair again later', async () => {
    const id = meetingId('medtech', 'p-ada', 'v-vic');
    await bookMeeting(admin(), request('p-ada', 'v-vic', 0, 'Table 1'));
    expect(await cancelMeeting(admin(), id)).toBe(true);
    expect(await cancelMeeting(admin(), id)).toBe(false);
    expect(await holds()).toBe(0);
    expect((await stored())[0]).toMatchObject({ status: 'cancelled', sequence: 1 });
    // The slot is free again for anyone, and the pair may book another.
    expect(await bookMeeting(admin(), request('p-lin', 'v-vic', 0, 'Table 2'))).toMatchObject({ booked: true });
    expect(await bookMeeting(admin(), request('p-ada', 'v-vic', 1, 'Table 1'))).toMatchObject({ booked: true });
    expect((await admin().doc(`meetings/${id}`).get()).data()).toMatchObject({ status: 'requested', slot: 1, sequence: 2 });
  });

  it('books a meeting placed by Schedule all as accepted', async () => {
    await bookMeeting(admin(), { ...request('p-ada', 'v-vic', 3, 'Table 1'), by: 'schedule' });
    expect((await stored())[0]).toMatchObject({ status: 'accepted', requested_by: 'schedule' });
  });
});
