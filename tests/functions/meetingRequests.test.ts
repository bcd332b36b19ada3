// Meeting requests answered on the server (functions/src/meetings/requests.ts) with firebase-admin
// on the local backend: a provider asks, the presenter accepts or declines, either side cancels or
// says they met; only matched pairs of an event with meetings on, at the presenter's place for
// the session, within the limits, each request answered once on itself.

import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MeetingDocument } from '../../functions/src/meetings/booking';
import { answerMeetingRequest, meetingRequestMessages, type MeetingRequestDocument } from '../../functions/src/meetings/requests';
import { useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('meeting-requests');
const admin = useAdminDb(projectId);

const FIRST_SLOT = Date.UTC(2030, 4, 1, 20, 0);
const SLOT_MS = 10 * 60_000;

async function clear(collection: string) {
  const docs = (await admin().collection(collection).get()).docs;
  await Promise.all(docs.map((doc) => doc.ref.delete()));
}

async function seed(meetings: Record<string, unknown> = {}) {
  await Promise.all(['meetings', 'meeting_slots', 'meeting_requests'].map(clear));
  const db = admin();
  await db.doc('events/medtech').set({
    title: 'Med-Tech Pitch Session',
    meetings: {
      enabled: true,
      start_time: Timestamp.fromMillis(FIRST_SLOT),
      slot_minutes: 10,
      slots: 3,
      places: ['Table 1', 'Table 2'],
      max_per_person: 2,
      ...meetings,
    },
  });
  const matched = (...ids: string[]) => ids.map((provider_id) => ({ provider_id, provider_details: {} }));
  await db
    .doc('final_matches/medtech_p-ada')
    .set({ event_id: 'medtech', presenter_id: 'p-ada', matched_providers: matched('v-bo', 'v-cy', 'innovation-office') });
  await db
    .doc('final_matches/medtech_p-lin')
    .set({ event_id: 'medtech', presenter_id: 'p-lin', matched_providers: matched('v-bo', 'v-cy') });
  await db
    .doc('final_matches/medtech_p-sam')
    .set({ event_id: 'medtech', presenter_id: 'p-sam', matched_providers: matched('v-bo') });
}

type Ask = Pick<MeetingRequestDocument, 'action' | 'by'> & Partial<MeetingRequestDocument>;

/** Writes a request as the page does and answers it as the trigger does; gives the answer. */
async function ask(request: Ask, nowMs = FIRST_SLOT - 3_600_000) {
  const ref = await admin()
    .collection('meeting_requests')
    .add({ event_id: 'medtech', presenter_id: 'p-ada', provider_id: 'v-bo', requested_at: Timestamp.now(), ...request });
  await answerMeetingRequest(admin(), ref.id, nowMs);
  const outcome = (await ref.get()).get('outcome') as { state: string; message: string };
  return { state: outcome.state, message: outcome.message, id: ref.id };
}

const meeting = async (presenter = 'p-ada', provider = 'v-bo') =>
  (await admin().doc(`meetings/medtech_${presenter}_${provider}`).get()).data() as MeetingDocument<unknown> | undefined;
const holds = async () => (await admin().collection('meeting_slots').get()).size;

beforeEach(() => seed());

describe('meeting requests', () => {
  it('books a provider’s request at the presenter’s place; the presenter accepts; asking again is refused', async () => {
    expect(await ask({ action: 'request', by: 'provider', slot: 1 })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.requested,
    });
    expect(await meeting()).toMatchObject({ slot: 1, place: 'Table 1', status: 'requested', requested_by: 'provider' });
    expect(await ask({ action: 'accept', by: 'presenter' })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.accepted,
    });
    expect((await meeting())?.status).toBe('accepted');
    expect(await ask({ action: 'request', by: 'presenter', slot: 2 })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages['already-booked'],
    });
  });

  it('lets only the other side answer a request; a decline gives the slot back to the next request', async () => {
    await ask({ action: 'request', by: 'provider', slot: 0 });
    expect(await ask({ action: 'accept', by: 'provider' })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages.ownRequest,
    });
    expect(await ask({ action: 'decline', by: 'presenter' })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.declined,
    });
    expect((await meeting())?.status).toBe('declined');
    expect(await holds()).toBe(0);
    expect(await ask({ action: 'request', by: 'presenter', provider_id: 'v-cy', slot: 0 })).toMatchObject({ state: 'done' });
    expect(await ask({ action: 'accept', by: 'presenter' })).toMatchObject({ message: meetingRequestMessages.noRequest });
  });

  it('gives each presenter a place of their own for the session, and says so when none is left', async () => {
    await ask({ action: 'request', by: 'provider', slot: 2 });
    await ask({ action: 'request', by: 'provider', presenter_id: 'p-lin', provider_id: 'v-cy', slot: 2 });
    await ask({ action: 'request', by: 'provider', provider_id: 'v-cy', slot: 0 });
    expect((await meeting('p-lin', 'v-cy'))?.place).toBe('Table 2');
    expect((await meeting('p-ada', 'v-cy'))?.place).toBe('Table 1');
    expect(await ask({ action: 'request', by: 'provider', presenter_id: 'p-sam', slot: 0 })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages.noPlace,
    });
  });

  it('gives two presenters asked at once for the first time a place each', async () => {
    const [forAda, forLin] = await Promise.all([
      ask({ action: 'request', by: 'provider', slot: 0 }),
      ask({ action: 'request', by: 'provider', presenter_id: 'p-lin', provider_id: 'v-cy', slot: 1 }),
    ]);
    expect([forAda.state, forLin.state]).toEqual(['done', 'done']);
    expect(new Set([(await meeting())?.place, (await meeting('p-lin', 'v-cy'))?.place])).toEqual(new Set(['Table 1', 'Table 2']));
  });

  it('refuses a busy provider, a person at the limit, a slot that does not exist, and says which', async () => {
    await ask({ action: 'request', by: 'provider', slot: 0 });
    expect(await ask({ action: 'request', by: 'provider', presenter_id: 'p-lin', slot: 0 })).toMatchObject({
      message: meetingRequestMessages['provider-busy'],
    });
    await ask({ action: 'request', by: 'provider', presenter_id: 'p-lin', slot: 1 });
    expect(await ask({ action: 'request', by: 'provider', presenter_id: 'p-sam', slot: 2 })).toMatchObject({
      message: meetingRequestMessages['provider-limit'],
    });
    expect(await ask({ action: 'request', by: 'provider', provider_id: 'v-cy', slot: 3 })).toMatchObject({
      message: meetingRequestMessages.noSuchSlot,
    });
    expect(await holds()).toBe(6);
  });

  it('refuses pairs outside the final matches, the innovation office and an event without meetings', async () => {
    expect(await ask({ action: 'request', by: 'provider', presenter_id: 'p-sam', provider_id: 'v-cy', slot: 0 })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages.notMatched,
    });
    expect(await ask({ action: 'request', by: 'presenter', provider_id: 'innovation-office', slot: 0 })).toMatchObject({
      message: meetingRequestMessages.notMatched,
    });
    await seed({ enabled: false, start_time: null });
    expect(await ask({ action: 'request', by: 'provider', slot: 0 })).toMatchObject({
      message: meetingRequestMessages.meetingsOff,
    });
    expect(await holds()).toBe(0);
  });

  it('cancels from either side and gives the slot back; says so when there is nothing to cancel', async () => {
    await ask({ action: 'request', by: 'provider', slot: 0 });
    await ask({ action: 'accept', by: 'presenter' });
    expect(await ask({ action: 'cancel', by: 'presenter' })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.cancelled,
    });
    expect(await meeting()).toMatchObject({ status: 'cancelled', sequence: 1 });
    expect(await holds()).toBe(0);
    expect(await ask({ action: 'cancel', by: 'provider' })).toMatchObject({ message: meetingRequestMessages.nothingToCancel });
  });

  it('marks a confirmed meeting as held once its slot has started, with who said so', async () => {
    await ask({ action: 'request', by: 'provider', slot: 1 });
    expect(await ask({ action: 'met', by: 'provider' }, FIRST_SLOT + 2 * SLOT_MS)).toMatchObject({
      message: meetingRequestMessages.notAccepted,
    });
    await ask({ action: 'accept', by: 'presenter' });
    expect(await ask({ action: 'met', by: 'provider' }, FIRST_SLOT + SLOT_MS - 1)).toMatchObject({
      message: meetingRequestMessages.notStarted,
    });
    expect(await ask({ action: 'met', by: 'provider' }, FIRST_SLOT + SLOT_MS)).toMatchObject({ state: 'done' });
    await ask({ action: 'met', by: 'presenter' }, FIRST_SLOT + 3 * SLOT_MS);
    expect((await meeting())?.met_by).toEqual(['provider', 'presenter']);
  });

  it('answers a request once, and an unreadable one with a message', async () => {
    const { id } = await ask({ action: 'request', by: 'provider', slot: 0 });
    expect(await answerMeetingRequest(admin(), id)).toBeNull();
    const broken = await admin().collection('meeting_requests').add({ event_id: 'medtech', action: 'dance', by: 'provider' });
    await answerMeetingRequest(admin(), broken.id);
    expect((await broken.get()).get('outcome')).toMatchObject({ state: 'refused', message: meetingRequestMessages.unreadable });
  });

  it('moves a meeting for an admin to a free slot and place, keeping its state and raising its sequence; only an admin moves', async () => {
    await ask({ action: 'request', by: 'provider', slot: 0 });
    await ask({ action: 'accept', by: 'presenter' });
    await ask({ action: 'request', by: 'provider', presenter_id: 'p-lin', slot: 1 });

    expect(await ask({ action: 'move', by: 'provider', slot: 2, place: 'Table 2' })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages.adminOnly,
    });
    expect(await ask({ action: 'accept', by: 'admin' })).toMatchObject({ message: meetingRequestMessages.adminOnly });
    // Bo meets Lin in slot 1: Ada and Bo cannot move there.
    expect(await ask({ action: 'move', by: 'admin', slot: 1, place: 'Table 1' })).toMatchObject({
      state: 'refused',
      message: meetingRequestMessages['provider-busy'],
    });
    expect(await ask({ action: 'move', by: 'admin', slot: 3, place: 'Table 1' })).toMatchObject({
      message: meetingRequestMessages.noSuchSlot,
    });
    expect(await ask({ action: 'move', by: 'admin', slot: 2, place: 'Table 9' })).toMatchObject({
      message: meetingRequestMessages.noSuchPlace,
    });

    expect(await ask({ action: 'move', by: 'admin', slot: 2, place: 'Table 2' })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.moved,
    });
    expect(await meeting()).toMatchObject({ slot: 2, place: 'Table 2', status: 'accepted', sequence: 1 });
    // Slot 0 is free again: Cy and Ada can meet there, at Ada's place.
    expect(await ask({ action: 'request', by: 'provider', provider_id: 'v-cy', slot: 0 })).toMatchObject({ state: 'done' });
    expect(await holds()).toBe(9);
    expect(await ask({ action: 'cancel', by: 'admin' })).toMatchObject({
      state: 'done',
      message: meetingRequestMessages.cancelled,
    });
    expect(await holds()).toBe(6);
  });
});
