// @vitest-environment happy-dom
// The control screen's Meetings panel, signed in as an admin against the local backend with
// firestore.rules in force, its ask answered by the server's own code (as the
// onMeetingScheduleWritten function does): Schedule all books the pairs that fit and names the
// pairs it left out with the reason, and asking again keeps what was booked; the grid shows the
// meeting in its slot and place, and the admin moves and cancels it, from the keyboard too (the
// requests answered by the server's own code, as onMeetingRequested does).

import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { unplacedMessages } from '../../domain/meetings';
import { meetingRequestMessages } from '../../functions/src/meetings/requests';
import { storedEvent } from '../db/appDb';
import { serveMeetingRequests, serveScheduleAll } from '../support/meetingServer';
import { storedFinalMatch } from './support/finalMatches';
import { screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: false });
const { AppProviders } = await import('../../src/app/AppProviders');
const { MeetingsPanel, meetingsPanelMessages } = await import('../../src/features/events/control/MeetingsPanel');
const { meetingsGridMessages } = await import('../../src/features/events/control/MeetingsGrid');

const answering: Promise<unknown>[] = [];
let stopServing: (() => void) | null = null;
afterEach(async () => {
  stopServing?.();
  stopServing = null;
  await Promise.all(answering.splice(0));
});

const START = Date.UTC(2030, 4, 1, 20);
/** The event's meeting settings, as the control screen passes them. */
const SETTINGS = {
  enabled: true,
  startTime: new Date(START),
  slotMinutes: 10,
  slots: 3,
  places: ['Table 1', 'Table 2'],
  maxPerPerson: 1,
};
const slotTime = (slot: number) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(START + slot * 10 * 60_000));

describe('the Meetings panel', () => {
  it('schedules every pair that fits, names the pairs left out, keeps them on a second run, and moves and cancels a meeting in the grid', async () => {
    await adminDb()
      .doc('events/e1')
      .set({
        ...storedEvent(),
        meetings: {
          enabled: true,
          start_time: Timestamp.fromMillis(Date.UTC(2030, 4, 1, 20)),
          slot_minutes: 10,
          slots: 3,
          places: ['Table 1', 'Table 2'],
          max_per_person: 1,
        },
      });
    await adminDb()
      .doc('final_matches/e1_p-ada')
      .set(
        storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, [
          { id: 'v-bo', first_name: 'Bo', last_name: 'Park', email: 'bo@partner.example' },
          { id: 'v-cy', first_name: 'Cy', last_name: 'Diaz', email: 'cy@partner.example' },
        ]),
      );
    stopServing = serveScheduleAll(adminDb(), 'e1', answering);
    render(
      <AppProviders>
        <MeetingsPanel eventId="e1" settings={SETTINGS} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Schedule all' });
    expect(screen.getByText(meetingsPanelMessages.intro)).toBeTruthy();
    await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(false);

    await user.click(button);
    expect(await screen.findByText('Booked 1 meeting.')).toBeTruthy();
    const leftOut = await screen.findByRole('region', { name: 'Pairs left out' });
    // Bo and Cy have no scores: the tie goes by provider id, so Bo is placed and Cy left out.
    expect(await screen.findByText(`Ada Okafor and Cy Diaz: ${unplacedMessages['presenter-limit']}`)).toBeTruthy();
    expect(leftOut.querySelectorAll('li')).toHaveLength(1);
    expect((await adminDb().doc('meetings/e1_p-ada_v-bo').get()).data()).toMatchObject({ status: 'accepted', place: 'Table 1' });

    await user.click(button);
    expect(await screen.findByText('Booked 0 meetings.')).toBeTruthy();
    expect((await adminDb().collection('meetings').get()).size).toBe(1);

    // The grid: the meeting in its cell; chosen with the keyboard, put down with Escape, moved, cancelled.
    const stopRequests = serveMeetingRequests(adminDb(), answering);
    try {
      const grid = await screen.findByRole('table', { name: meetingsGridMessages.caption });
      const rowOf = (slot: number) => within(grid).getByRole('row', { name: new RegExp(`^${slotTime(slot)}`) });
      const meeting = within(rowOf(0)).getByRole('button', { name: 'Ada Okafor and Bo Park · Confirmed' });
      meeting.focus();
      await user.keyboard('{Enter}');
      expect(meeting.getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByText(meetingsGridMessages.moving('Ada Okafor and Bo Park'))).toBeTruthy();
      await user.keyboard('{Escape}');
      expect(meeting.getAttribute('aria-pressed')).toBe('false');
      expect(within(grid).queryByRole('button', { name: /^Move here/ })).toBeNull();

      await user.keyboard('{Enter}');
      await user.click(within(grid).getByRole('button', { name: `Move here: Table 2 at ${slotTime(2)}` }));
      await expect
        .poll(() => within(rowOf(2)).queryByRole('button', { name: 'Ada Okafor and Bo Park · Confirmed' }), { timeout: 15_000 })
        .not.toBeNull();
      expect(within(rowOf(0)).queryByRole('button', { name: /Ada Okafor/ })).toBeNull();
      expect((await adminDb().doc('meetings/e1_p-ada_v-bo').get()).data()).toMatchObject({
        slot: 2,
        place: 'Table 2',
        sequence: 1,
      });
      // The grid takes a new change once the server has answered the last.
      expect(await screen.findByText(meetingRequestMessages.moved, {}, { timeout: 15_000 })).toBeTruthy();

      await user.click(within(rowOf(2)).getByRole('button', { name: 'Ada Okafor and Bo Park · Confirmed' }));
      await user.click(screen.getByRole('button', { name: 'Cancel meeting' }));
      await expect
        .poll(() => screen.queryByRole('table', { name: meetingsGridMessages.caption }), { timeout: 15_000 })
        .toBeNull();
      expect((await adminDb().doc('meetings/e1_p-ada_v-bo').get()).get('status')).toBe('cancelled');
    } finally {
      stopRequests();
    }
  });
});
