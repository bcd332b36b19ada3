// @vitest-environment happy-dom
// The 'Edit Event' dialog as the control screen opens it (with the live event), signed in as an
// admin against the local backend, firestore.rules in force: its fields prefilled, Update Event's
// enabling rule and save, the matching settings and 'Share feedback with presenters'
// shown and saved, the warning before
// fewer rounds drop presenters, 'Error updating event' kept in the dialog, and Delete Event
// through 'Confirm Deletion' back to /events.

import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../../src/types/event';
import { storedEvent } from '../db/appDb';
import { screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { signOut } = await import('firebase/auth');
const { createMemoryRouter, RouterProvider, useParams } = await import('react-router-dom');
const { AppProviders } = await import('../../src/app/AppProviders');
const { watchEvent } = await import('../../src/db/events');
const { EventFormDialog } = await import('../../src/features/events/EventFormDialog');

const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
const lin = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };
const sam = { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' };

beforeEach(async () => {
  await adminDb()
    .doc('events/medtech')
    .set({
      ...storedEvent({ rounds: { round_1: [ada], round_2: [lin, sam] }, startTime: new Date(2030, 4, 1, 11, 15) }),
      normalLogo: 'https://logos.example/normal.png',
    });
});

/** The control screen's part: the live event and an edit button that opens the dialog. */
function EditEventHost() {
  const { eventId = '' } = useParams();
  const [event, setEvent] = useState<Event | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => watchEvent(eventId, setEvent, () => undefined), [eventId]);
  if (!event) return null;
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit</button>
      <EventFormDialog open={open} onClose={() => setOpen(false)} event={event} />
    </>
  );
}

async function openEditDialog() {
  const router = createMemoryRouter(
    [
      { path: '/events', element: <p>Events list</p> },
      { path: '/events/:eventId', element: <EditEventHost /> },
    ],
    { initialEntries: ['/events/medtech'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
  return { router, user, dialog };
}

const textbox = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
const updateButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Update Event' }) as HTMLButtonElement;
const stored = async () => (await adminDb().doc('events/medtech').get()).data();

async function chooseRounds(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, count: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Number of Rounds' }));
  await user.click(await screen.findByRole('option', { name: count }));
}

describe('Edit Event', () => {
  it("shows the event's values in its fields", async () => {
    const { dialog } = await openEditDialog();
    expect(textbox(dialog, 'Event Title').value).toBe('Med-Tech Pitch Session');
    expect(textbox(dialog, 'Event Description').value).toBe('Three-minute pitches.');
    expect(textbox(dialog, 'Event Description').tagName).toBe('TEXTAREA');
    expect(textbox(dialog, 'Event Location').value).toBe('Innovation Hub');
    const startTime = within(dialog).getByRole('group', { name: 'Start Time' });
    expect(within(startTime).getByRole('spinbutton', { name: 'Month' }).textContent).toBe('05');
    expect(within(startTime).getByRole('spinbutton', { name: 'Hours' }).textContent).toBe('11');
    expect(within(dialog).getByRole('combobox', { name: 'Number of Rounds' }).textContent).toBe('2');
    expect(within(dialog).getByLabelText(/^Update Normal Logo/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Update Middle Logo (optional)')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('img', { name: /^Update Normal Logo.* preview$/ })
        .getAttribute('src'),
    ).toBe('https://logos.example/normal.png');
    expect(within(dialog).getByRole('button', { name: 'Delete Event' })).toBeTruthy();
  });

  it('enables Update Event only with a title and a description, and saves the changes', async () => {
    const { user, dialog } = await openEditDialog();
    expect(updateButton(dialog).disabled).toBe(false);
    await user.clear(textbox(dialog, 'Event Title'));
    expect(updateButton(dialog).disabled).toBe(true);
    await user.type(textbox(dialog, 'Event Title'), 'Health Pitch Night');
    await user.clear(textbox(dialog, 'Event Description'));
    expect(updateButton(dialog).disabled).toBe(true);
    await user.type(textbox(dialog, 'Event Description'), 'Pitches and matches.');
    await user.clear(textbox(dialog, 'Event Location'));
    await user.type(textbox(dialog, 'Event Location'), 'Hall B');
    await chooseRounds(user, dialog, '3');
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).toBeNull());
    expect(await stored()).toMatchObject({
      title: 'Health Pitch Night',
      description: 'Pitches and matches.',
      location: 'Hall B',
      number_of_rounds: 3,
      rounds: { round_1: [ada], round_2: [lin, sam], round_3: [] },
      normalLogo: 'https://logos.example/normal.png',
    });
  });

  it('shows the matching settings with their defaults for an event that has none, and saves them', async () => {
    const { user, dialog } = await openEditDialog();
    const fair = within(dialog).getByRole('switch', { name: 'Correct for lenient and harsh raters' }) as HTMLInputElement;
    const conflicts = within(dialog).getByRole('switch', {
      name: 'Exclude conflicts of interest from matching',
    }) as HTMLInputElement;
    expect(fair.checked).toBe(false);
    expect(conflicts.checked).toBe(true);
    expect(fair.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/weighs each provider's stars against how they rate everyone/).id).toBe(
      fair.getAttribute('aria-describedby'),
    );
    expect(within(dialog).getByText(/same company or e-mail domain as a presenter is never matched/).id).toBe(
      conflicts.getAttribute('aria-describedby'),
    );

    await user.click(fair);
    await user.click(conflicts);
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    expect(await stored()).toMatchObject({ fair_scores: true, exclude_conflicts: false, title: 'Med-Tech Pitch Session' });
  });

  it('shows the pitch length (3:00) and no question time for an event without them, and saves new ones in seconds', async () => {
    const { user, dialog } = await openEditDialog();
    const pitch = textbox(dialog, 'Pitch length');
    const questions = textbox(dialog, 'Question time');
    expect([pitch.value, questions.value]).toEqual(['3:00', '0:00']);

    await user.clear(pitch);
    await user.type(pitch, '0:05');
    expect(within(dialog).getByText('Enter the pitch length as m:ss, from 0:10 to 60:00.')).toBeTruthy();
    expect(updateButton(dialog).disabled).toBe(true);
    await user.clear(pitch);
    await user.type(pitch, '4:30');
    await user.clear(questions);
    await user.type(questions, '1:00');
    expect(updateButton(dialog).disabled).toBe(false);
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    expect(await stored()).toMatchObject({ pitch_seconds: 270, question_seconds: 60 });
  });

  it('switches meetings on with the first slot two hours after the start, says what is wrong, and saves the settings', async () => {
    const { user, dialog } = await openEditDialog();
    const meetings = within(dialog).getByRole('switch', { name: 'Meetings after matching' }) as HTMLInputElement;
    expect(meetings.checked).toBe(false);
    expect(within(dialog).queryByRole('textbox', { name: /^Places/ })).toBeNull();

    await user.click(meetings);
    const first = within(dialog).getByRole('group', { name: /^First meeting starts/ });
    const shown = (name: string) => within(first).getByRole('spinbutton', { name }).textContent;
    expect([shown('Day'), shown('Hours'), shown('Minutes'), shown('Meridiem')]).toEqual(['01', '01', '15', 'PM']);
    expect(textbox(dialog, 'Places').value).toBe('Table 1\nTable 2\nTable 3\nTable 4\nTable 5\nTable 6');
    await user.clear(textbox(dialog, 'Slot length'));
    await user.type(textbox(dialog, 'Slot length'), '15');
    await user.clear(textbox(dialog, 'Number of slots'));
    await user.type(textbox(dialog, 'Number of slots'), '2');
    expect(within(dialog).getByText('At least 1, and no more than the number of slots.')).toBeTruthy();
    expect(updateButton(dialog).disabled).toBe(true);
    await user.clear(textbox(dialog, 'Number of slots'));
    await user.type(textbox(dialog, 'Number of slots'), '4');
    await user.clear(textbox(dialog, 'Places'));
    await user.type(textbox(dialog, 'Places'), ' Table 1 {Enter}{Enter}Garden bench');
    await user.clear(textbox(dialog, 'Most meetings per person'));
    await user.type(textbox(dialog, 'Most meetings per person'), '2');
    expect(updateButton(dialog).disabled).toBe(false);
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    const saved = (await stored())?.meetings as Record<string, unknown> & { start_time: { toDate(): Date } };
    expect(saved).toMatchObject({
      enabled: true,
      slot_minutes: 15,
      slots: 4,
      places: ['Table 1', 'Garden bench'],
      max_per_person: 2,
    });
    expect(saved.start_time.toDate()).toEqual(new Date(2030, 4, 1, 13, 15));
  });

  it("shows the event's own matching settings, and leaves them as they are when only a text changes", async () => {
    await adminDb().doc('events/medtech').update({ fair_scores: true, exclude_conflicts: false });
    const { user, dialog } = await openEditDialog();
    const fair = within(dialog).getByRole('switch', { name: 'Correct for lenient and harsh raters' }) as HTMLInputElement;
    const conflicts = within(dialog).getByRole('switch', {
      name: 'Exclude conflicts of interest from matching',
    }) as HTMLInputElement;
    expect([fair.checked, conflicts.checked]).toEqual([true, false]);

    await user.type(textbox(dialog, 'Event Location'), ', 2nd floor');
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    expect(await stored()).toMatchObject({ location: 'Innovation Hub, 2nd floor', fair_scores: true, exclude_conflicts: false });
  });

  it("shows 'Share feedback with presenters' off for an event without it, says what it does, and saves it on", async () => {
    const { user, dialog } = await openEditDialog();
    const share = within(dialog).getByRole('switch', { name: 'Share feedback with presenters' }) as HTMLInputElement;
    expect(share.checked).toBe(false);
    expect(within(dialog).getByText(/without the providers’ names; a question with fewer than 3 ratings/).id).toBe(
      share.getAttribute('aria-describedby'),
    );

    await user.click(share);
    await user.click(updateButton(dialog));
    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    expect(await stored()).toMatchObject({ share_feedback: true });

    // Opened again, it shows the event's own setting.
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Event' });
    const shared = within(again).getByRole('switch', { name: 'Share feedback with presenters' }) as HTMLInputElement;
    await waitFor(() => expect(shared.checked).toBe(true));
  });

  it('warns before fewer rounds drop presenters, then returns them to the pool', async () => {
    const { user, dialog } = await openEditDialog();
    expect(within(dialog).queryByText(/unassigned pool/)).toBeNull();
    await chooseRounds(user, dialog, '1');
    expect(
      within(dialog).getByText(
        'Round 2 has 2 presenters. Saving with 1 round removes it, and its presenters return to the unassigned pool.',
      ),
    ).toBeTruthy();
    await user.click(updateButton(dialog));

    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    const event = await stored();
    expect(event?.number_of_rounds).toBe(1);
    expect(event?.rounds).toEqual({ round_1: [ada] });
  });

  it("shows 'Error updating event' in the dialog and keeps the form when the save fails", async () => {
    const { user, dialog } = await openEditDialog();
    await user.clear(textbox(dialog, 'Event Title'));
    await user.type(textbox(dialog, 'Event Title'), 'Renamed');
    await signOut(auth);
    await user.click(updateButton(dialog));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error updating event');
    expect(textbox(dialog, 'Event Title').value).toBe('Renamed');
    expect(updateButton(dialog).disabled).toBe(false);
    expect((await stored())?.title).toBe('Med-Tech Pitch Session');
  });
});

describe('Delete Event', () => {
  it("asks in 'Confirm Deletion', keeps the event on Cancel and deletes it on Delete, then goes to /events", async () => {
    const { router, user, dialog } = await openEditDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm.textContent).toContain('Are you sure you want to delete this event? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).toBeNull());
    expect(await stored()).toBeDefined();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(await screen.findByText('Events list')).toBeTruthy();
    expect(await stored()).toBeUndefined();
  });

  it("says 'Error deleting event' when the deletion fails, keeping the event", async () => {
    const { router, user, dialog } = await openEditDialog();
    await signOut(auth);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Error deleting event')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/events/medtech');
    expect(await stored()).toBeDefined();
  });
});
