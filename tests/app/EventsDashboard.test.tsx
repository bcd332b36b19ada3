// @vitest-environment happy-dom
// The events dashboard (/events) signed in as an admin against the local backend, firestore.rules
// in force: one card per event (logos, title, description) that links to /events/{id} by mouse
// and keyboard, and the round '+' button's 'Create New Event' dialog: its enabling rule, refused
// logo files, creating an event (toast, the new card) and a failed save.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newTwoRoundEvent, storedEvent } from '../db/appDb';
import { PNG_1X1 } from '../support/fixtures';
import { screen, spoken, useAppTestBed, renderEventsDashboard, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { signOut } = await import('firebase/auth');
const { LOGO_MAX_BYTES } = await import('../../src/config/constants');

async function openCreateDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create New Event' }));
  return screen.findByRole('dialog', { name: 'Create New Event' });
}

async function typeStartTime(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const field = within(dialog).getByRole('group', { name: 'Start Time' });
  await user.click(within(field).getByRole('spinbutton', { name: 'Month' }));
  await user.keyboard('050120301115AM');
}

const createButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create Event' }) as HTMLButtonElement;

describe('the events dashboard', () => {
  it('shows one card per event with its logos, title and description, linking to the event', async () => {
    await adminDb()
      .doc('events/late')
      .set({
        ...storedEvent({ title: 'AgriTech Session', startTime: new Date('2030-06-01T09:00:00Z') }),
        description: 'Farm robots.',
        normalLogo: 'https://logos.example/normal.png',
        middleLogo: 'https://logos.example/middle.png',
      });
    await adminDb()
      .doc('events/early')
      .set(storedEvent({ title: 'Med-Tech Pitch Session', startTime: new Date('2030-04-01T09:00:00Z') }));
    const { router, user } = await renderEventsDashboard({ applyAccept: false });

    expect(screen.getByRole('heading', { name: 'Events Dashboard' })).toBeTruthy();
    const cards = await screen.findAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/events/early', '/events/late']);
    const agri = screen.getByRole('link', { name: spoken('AgriTech Session', 'Farm robots.') });
    expect([...agri.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://logos.example/normal.png',
      'https://logos.example/middle.png',
    ]);
    expect(
      screen.getByRole('link', { name: spoken('Med-Tech Pitch Session', 'Three-minute pitches.') }).querySelector('img'),
    ).toBeNull();

    await user.click(agri);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/late'));
  });

  it('opens an event from the keyboard', async () => {
    await adminDb().doc('events/medtech').set(storedEvent());
    const { router, user } = await renderEventsDashboard({ applyAccept: false });
    await screen.findByRole('link', { name: spoken('Med-Tech Pitch Session', 'Three-minute pitches.') });
    await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/events/medtech');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/medtech'));
  });

  it('follows new and deleted events live', async () => {
    await renderEventsDashboard({ applyAccept: false });
    expect(await screen.findByText('No events yet. Create one with the + button.')).toBeTruthy();
    await adminDb().doc('events/medtech').set(storedEvent());
    expect(await screen.findByRole('link', { name: spoken('Med-Tech Pitch Session', 'Three-minute pitches.') })).toBeTruthy();
    await adminDb().doc('events/medtech').delete();
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});

describe('Create New Event', () => {
  it('enables Create Event only once the title, description and start time are filled', async () => {
    const { user } = await renderEventsDashboard({ applyAccept: false });
    const dialog = await openCreateDialog(user);
    for (const label of ['Title', 'Description', 'Location'])
      expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Normal Logo/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Middle Logo (optional)')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Number of Rounds' }).textContent).toBe('1');

    expect(createButton(dialog).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Med-Tech Pitch Session');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Three-minute pitches.');
    expect(createButton(dialog).disabled).toBe(true);
    await typeStartTime(user, dialog);
    expect(createButton(dialog).disabled).toBe(false);
    await user.clear(within(dialog).getByRole('textbox', { name: /^Title/ }));
    expect(createButton(dialog).disabled).toBe(true);
  });

  it('explains a logo that is not a raster image or is 5 MB or more, before any upload', async () => {
    const { user } = await renderEventsDashboard({ applyAccept: false });
    const dialog = await openCreateDialog(user);
    const normal = within(dialog).getByLabelText(/^Normal Logo/) as HTMLInputElement;

    await user.upload(normal, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(within(dialog).getByText('The logo must be a PNG, JPEG, GIF, WebP or AVIF image.')).toBeTruthy();
    expect(normal.getAttribute('aria-invalid')).toBe('true');

    const middle = within(dialog).getByLabelText('Middle Logo (optional)') as HTMLInputElement;
    await user.upload(middle, new File([new Uint8Array(LOGO_MAX_BYTES)], 'huge.png', { type: 'image/png' }));
    expect(within(dialog).getByText('The logo must be smaller than 5 MB.')).toBeTruthy();

    await user.upload(normal, new File([PNG_1X1], 'logo.png', { type: 'image/png' }));
    expect(within(dialog).queryByText('The logo must be a PNG, JPEG, GIF, WebP or AVIF image.')).toBeNull();
    expect(await within(dialog).findByRole('img', { name: /^Normal Logo.* preview$/ })).toBeTruthy();
  });

  // The logo upload itself is proven in tests/db/eventAdmin.test.ts: the SDK's Node build that
  // jsdom tests load cannot send a jsdom File.
  it('creates a closed event with its rounds, says so and shows its card', async () => {
    const { user } = await renderEventsDashboard({ applyAccept: false });
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Med-Tech Pitch Session');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Three-minute pitches.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Innovation Hub');
    await typeStartTime(user, dialog);
    await user.click(within(dialog).getByRole('combobox', { name: 'Number of Rounds' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.click(createButton(dialog));

    expect(await screen.findByText('Event saved successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Event' })).toBeNull());
    const card = await screen.findByRole('link', { name: spoken('Med-Tech Pitch Session', 'Three-minute pitches.') });
    const eventId = card.getAttribute('href')?.split('/').at(-1) ?? '';

    const stored = (await adminDb().doc(`events/${eventId}`).get()).data();
    expect(stored).toMatchObject({
      location: 'Innovation Hub',
      ...newTwoRoundEvent,
      normalLogo: null,
      middleLogo: null,
    });
    expect(stored?.start_time.toDate()).toEqual(new Date(2030, 4, 1, 11, 15));
  });

  it('says so when the event cannot be saved, keeping the form', async () => {
    const { user } = await renderEventsDashboard({ applyAccept: false });
    const dialog = await openCreateDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Med-Tech Pitch Session');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Three-minute pitches.');
    await typeStartTime(user, dialog);
    await signOut(auth);
    await user.click(createButton(dialog));

    expect(await screen.findByText('An error occurred while saving the event.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create New Event' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe('Med-Tech Pitch Session');
    expect(createButton(dialog).disabled).toBe(false);
    expect((await adminDb().collection('events').get()).size).toBe(0);
  });
});
