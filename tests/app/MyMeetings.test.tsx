// @vitest-environment happy-dom
// "My meetings" (/meetings/:eventId) in the real app against the local backend with
// firestore.rules in force, its requests answered by the server's own code (as the
// onMeetingRequested function does): a provider sees the presenter's request with time, place and
// who, accepts it, says they met once the slot has started and cancels, each change live; a
// visitor with no meeting reads that there is none.

import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { bookMeeting } from '../../functions/src/meetings/booking';
import { meetingRequestMessages } from '../../functions/src/meetings/requests';
import { storedEvent } from '../db/appDb';
import { defined } from '../support/defined';
import { serveMeetingRequests } from '../support/meetingServer';
import { storedFinalMatch } from './support/finalMatches';
import { renderApp, screen, useAppTestBed } from './support/appTestBed';

const { adminDb } = await useAppTestBed();
const { ensureSignedIn } = await import('../../src/db/session');
const { myMeetingsMessages } = await import('../../src/features/meetings/MyMeetings');

/** The first slot started ten minutes ago, so a confirmed meeting in it can be marked as held. */
const FIRST_SLOT = Date.now() - 10 * 60_000;

async function seedEvent() {
  await adminDb()
    .doc('events/e1')
    .set({
      ...storedEvent({ title: 'Med-Tech Pitch Session' }),
      meetings: {
        enabled: true,
        start_time: Timestamp.fromMillis(FIRST_SLOT),
        slot_minutes: 15,
        slots: 4,
        places: ['Table 1', 'Table 2'],
        max_per_person: 2,
      },
    });
}

const answering: Promise<unknown>[] = [];

/** The event, and the signed-in visitor matched as a provider with Ada; gives the visitor's uid. */
async function seedMatchedProvider(): Promise<string> {
  const { uid } = await ensureSignedIn();
  await seedEvent();
  await adminDb()
    .doc('final_matches/e1_p-ada')
    .set(
      storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' }, [
        { id: uid, first_name: 'Kim', last_name: 'Lee', email: 'kim@partner.example' },
      ]),
    );
  return uid;
}

let stopServing: (() => void) | null = null;
afterEach(async () => {
  stopServing?.();
  stopServing = null;
  // Every answer given before the next test's data set: a failed one fails this test.
  await Promise.all(answering.splice(0));
});

describe('My meetings', () => {
  it('shows the presenter’s request, and lets the provider accept it, say they met and cancel, live', async () => {
    const uid = await seedMatchedProvider();
    await bookMeeting(adminDb(), {
      eventId: 'e1',
      presenterId: 'p-ada',
      providerId: uid,
      slot: 0,
      places: ['Table 1'],
      place: 'Table 1',
      slots: 4,
      maxPerPerson: 4,
      by: 'presenter',
    });
    stopServing = serveMeetingRequests(adminDb(), answering);
    const user = userEvent.setup();
    await renderApp('/meetings/e1');

    const card = await screen.findByRole('article', { name: 'Meeting with Ada Okafor' }, { timeout: 8000 });
    expect(screen.getByRole('heading', { name: 'My meetings' })).toBeTruthy();
    expect(card.textContent).toContain('Table 1');
    expect(card.textContent).toContain('With Ada Okafor, PulseLoop');
    expect(within(card).getByText('Ada Okafor asks to meet')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'We met' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(meetingRequestMessages.accepted)).toBeTruthy();
    expect(await within(card).findByText('Confirmed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'We met' }));
    expect(await screen.findByText(meetingRequestMessages.met)).toBeTruthy();
    expect(await within(card).findByText('You said you met.')).toBeTruthy();
    expect(within(card).getByText('Held')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Cancel meeting' }));
    expect(await within(card).findByText('Cancelled')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect((await adminDb().doc(`meetings/e1_p-ada_${uid}`).get()).data()).toMatchObject({
      status: 'cancelled',
      met_by: ['provider'],
    });
  });

  it('lets a provider ask a match for a slot they have free, and shows the request waiting for an answer', async () => {
    const uid = await seedMatchedProvider();
    stopServing = serveMeetingRequests(adminDb(), answering);
    const user = userEvent.setup();
    await renderApp('/meetings/e1');

    const ask = await screen.findByRole('article', { name: 'Ask Ada Okafor to meet' }, { timeout: 8000 });
    expect(ask.textContent).toContain('Ada Okafor, PulseLoop');
    await user.click(within(ask).getByRole('combobox', { name: 'Slot with Ada Okafor' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(4);
    await user.click(defined(options[2], 'The third slot'));
    await user.click(within(ask).getByRole('button', { name: 'Ask to meet' }));

    expect(await screen.findByText(meetingRequestMessages.requested)).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Meeting with Ada Okafor' });
    expect(within(card).getByText('Waiting for Ada Okafor to answer')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Ask Ada Okafor to meet' })).toBeNull();
    expect((await adminDb().doc(`meetings/e1_p-ada_${uid}`).get()).data()).toMatchObject({
      slot: 2,
      place: 'Table 1',
      status: 'requested',
      requested_by: 'provider',
    });
  });

  it('says there is none to a visitor with no meeting at the event', async () => {
    await ensureSignedIn();
    await seedEvent();
    await renderApp('/meetings/e1');
    expect(await screen.findByText(myMeetingsMessages.none, {}, { timeout: 8000 })).toBeTruthy();
  });
});
