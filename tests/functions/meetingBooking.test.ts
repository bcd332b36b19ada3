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

const request = (presenterId: string, providerId: string, slot: number, place: string): BookingRequest => ({
  eventId: 'medtech',
  presenterId,
  providerId,
  slot,
  place,
  by: 'provider',
});

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

  it('ends 20 requests of one provider for one slot with 20 presenters in one meeting too', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bookMeeting(admin(), request(`p-${index}`, 'v-vic', 0, `Table ${index}`))),
    );
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(1);
    expect(new Set(outcomes.flatMap((outcome) => (outcome.booked ? [] : [outcome.reason])))).toEqual(new Set(['provider-busy']));
    expect(await stored()).toHaveLength(1);
  });

  it('keeps one meeting in a place per slot, and one meeting per pair', async () => {
    expect(await bookMeeting(admin(), request('p-ada', 'v-vic', 0, 'Table 1'))).toEqual({
      booked: true,
      meetingId: meetingId('medtech', 'p-ada', 'v-vic'),
    });
    expect(await bookMeeting(admin(), request('p-lin', 'v-zoe', 0, 'Table 1'))).toEqual({ booked: false, reason: 'place-taken' });
    expect(await bookMeeting(admin(), request('p-ada', 'v-vic', 1, 'Table 1'))).toEqual({
      booked: false,
      reason: 'already-booked',
    });
    expect(await bookMeeting(admin(), request('p-lin', 'v-zoe', 0, 'Table 2'))).toMatchObject({ booked: true });
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
