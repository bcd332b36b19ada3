// Schedule all on the server (functions/src/meetings/scheduleAll.ts) with firebase-admin on the
// local backend: every matched pair without a meeting booked, best scores first, nobody in two
// places at once, the kept meetings as they are, declined pairs and the fallback left alone, the
// pairs that do not fit listed with the reason; and a request racing it ends in one meeting.

import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { unplacedMessages } from '../../domain/meetings';
import { bookMeeting, type MeetingDocument } from '../../functions/src/meetings/booking';
import { scheduleAll, scheduleMessages } from '../../functions/src/meetings/scheduleAll';
import { useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('meeting-schedule');
const admin = useAdminDb(projectId);

async function clear(collection: string) {
  const docs = (await admin().collection(collection).get()).docs;
  await Promise.all(docs.map((doc) => doc.ref.delete()));
}

/** Three presenters and their matches with scores; slots and places as given. */
async function seed(meetings: Record<string, unknown> = {}) {
  await Promise.all(['meetings', 'meeting_slots', 'meeting_schedules', 'final_matches', 'match_reasons'].map(clear));
  const db = admin();
  await db.doc('events/medtech').set({
    title: 'Med-Tech Pitch Session',
    meetings: {
      enabled: true,
      start_time: Timestamp.fromMillis(Date.UTC(2030, 4, 1, 20)),
      slot_minutes: 10,
      slots: 2,
      places: ['Table 1', 'Table 2', 'Table 3'],
      max_per_person: 2,
      ...meetings,
    },
  });
  const matches: Record<string, [string, number][]> = {
    'p-ada': [
      ['v-bo', 4.8],
      ['v-cy', 4.5],
      ['v-dee', 4.2],
    ],
    'p-lin': [
      ['v-bo', 4.9],
      ['v-cy', 4.1],
    ],
    'p-sam': [['innovation-office', 0]],
  };
  for (const [presenter, providers] of Object.entries(matches)) {
    await db.doc(`final_matches/medtech_${presenter}`).set({
      event_id: 'medtech',
      presenter_id: presenter,
      matched_providers: providers.map(([provider_id]) => ({ provider_id, provider_details: {} })),
    });
    await db.doc(`match_reasons/medtech_${presenter}`).set({
      event_id: 'medtech',
      presenter_id: presenter,
      fallback: presenter === 'p-sam',
      providers: providers.map(([provider_id, score]) => ({ provider_id, score, questions_answered: 3, reasons: [] })),
    });
  }
}

const meetings = async () =>
  (await admin().collection('meetings').get()).docs
    .map((doc) => doc.data() as MeetingDocument<unknown>)
    .map(({ presenter_id, provider_id, slot, place, status }) => `${slot} ${place} ${presenter_id}+${provider_id} ${status}`)
    .sort();

beforeEach(() => seed());

describe('Schedule all', () => {
  it('books every matched pair that fits, best scores first, each presenter at one place, and lists the rest', async () => {
    const outcome = await scheduleAll(admin(), 'medtech');
    // Lin–Bo (4.9) first: Lin takes the first place; Ada–Bo (4.8) the next place and the slot Bo
    // has free; Ada–Cy (4.5) fits; Ada then has two, so Ada–Dee (4.2) does not; Lin–Cy (4.1)
    // takes the slot both still have free.
    expect(await meetings()).toEqual([
      '0 Table 1 p-lin+v-bo accepted',
      '0 Table 2 p-ada+v-cy accepted',
      '1 Table 1 p-lin+v-cy accepted',
      '1 Table 2 p-ada+v-bo accepted',
    ]);
    expect(outcome).toMatchObject({
      state: 'done',
      placed: 4,
      unplaced: [{ presenter_id: 'p-ada', provider_id: 'v-dee', reason: unplacedMessages['presenter-limit'] }],
    });
    expect((await admin().doc('meeting_schedules/medtech').get()).data()).toMatchObject({ state: 'done', placed: 4 });
  });

  it('keeps requested and accepted meetings, and books no pair that was declined or cancelled', async () => {
    await bookMeeting(admin(), {
      eventId: 'medtech',
      presenterId: 'p-ada',
      providerId: 'v-dee',
      slot: 1,
      places: ['Table 1', 'Table 2', 'Table 3'],
      place: 'Table 3',
      slots: 2,
      maxPerPerson: 2,
      by: 'provider',
    });
    await admin().doc('meetings/medtech_p-lin_v-cy').set({
      event_id: 'medtech',
      presenter_id: 'p-lin',
      provider_id: 'v-cy',
      slot: 0,
      place: 'Table 1',
      status: 'declined',
      requested_by: 'presenter',
      sequence: 1,
      updated_at: Timestamp.now(),
    });
    const outcome = await scheduleAll(admin(), 'medtech');
    const booked = await meetings();
    expect(booked).toContain('1 Table 3 p-ada+v-dee requested');
    expect(booked).toContain('0 Table 1 p-lin+v-cy declined');
    expect(booked.filter((meeting) => meeting.startsWith('0 Table 3') || meeting.includes('p-ada+v-bo'))).toEqual([
      '0 Table 3 p-ada+v-bo accepted',
    ]);
    expect(outcome.unplaced.map((pair) => `${pair.presenter_id}+${pair.provider_id}`)).toEqual(['p-ada+v-cy']);
  });

  it('gives the same schedule for the same matches, run after run', async () => {
    await scheduleAll(admin(), 'medtech');
    const first = await meetings();
    await Promise.all(['meetings', 'meeting_slots'].map(clear));
    await scheduleAll(admin(), 'medtech');
    expect(await meetings()).toEqual(first);
  });

  it('ends a request racing it in one meeting for the slot, and lists the pair that lost', async () => {
    const [outcome, request] = await Promise.all([
      scheduleAll(admin(), 'medtech'),
      bookMeeting(admin(), {
        eventId: 'medtech',
        presenterId: 'p-ada',
        providerId: 'v-dee',
        slot: 0,
        places: ['Table 1', 'Table 2', 'Table 3'],
        place: 'Table 1',
        slots: 2,
        maxPerPerson: 2,
        by: 'provider',
      }),
    ]);
    const booked = await meetings();
    const inSlot0AtTable1 = booked.filter((meeting) => meeting.startsWith('0 Table 1'));
    expect(inSlot0AtTable1).toHaveLength(1);
    expect(outcome.placed + (request.booked ? 1 : 0)).toBe(booked.length);
  });

  it('says why it cannot run: meetings off, or no matches yet', async () => {
    await seed({ enabled: false });
    expect(await scheduleAll(admin(), 'medtech')).toMatchObject({ state: 'failed', reason: scheduleMessages.meetingsOff });
    await seed();
    await clear('final_matches');
    expect(await scheduleAll(admin(), 'medtech')).toMatchObject({ state: 'failed', reason: scheduleMessages.noMatches });
    expect(await meetings()).toEqual([]);
  });
});
