// @vitest-environment happy-dom
// The events dashboard answers "what is happening?", signed in as an admin against the
// local backend with firestore.rules in force: each card's status chip (Live now, Upcoming,
// Closed, Matching done, E-mails sent, failures marked in words), its start in the browser's
// locale, its presenters and the providers who rated; live events first, then upcoming ones by
// date, then past ones, newest first; and 'Duplicate event', which asks first and then says
// which event it made, by mouse and by keyboard.

import { waitFor, within } from '@testing-library/react';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { screen, useAppTestBed, renderEventsDashboard, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { signOut } = await import('firebase/auth');

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const shown = (date: Date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
const entry = (id: string, first: string, last: string) => ({ presenter_id: id, first_name: first, last_name: last });

async function store(
  id: string,
  title: string,
  options: Parameters<typeof storedEvent>[0],
  fields: Record<string, unknown> = {},
) {
  await adminDb()
    .doc(`events/${id}`)
    .set({ ...storedEvent({ title, ...options }), ...fields });
}

async function markRaters(eventId: string, count: number) {
  for (let n = 0; n < count; n++) await adminDb().doc(`events/${eventId}/raters/u${n}`).set({ rated_at: Timestamp.now() });
}

/** Each card of the dashboard, in order: its title, status, start and counts as shown. */
async function cards() {
  const items = await screen.findAllByRole('listitem');
  return items.map((item) => ({
    item,
    title: within(item).getByRole('heading').textContent,
    text: item.textContent ?? '',
  }));
}

describe('the events dashboard at a glance', () => {
  it('shows each event’s status, start, presenters and raters: live first, then upcoming by date, then past, newest first', async () => {
    const lastWeek = inDays(-7);
    const lastMonth = inDays(-30);
    const nextWeek = inDays(7);
    const tomorrow = inDays(1);
    const at = Timestamp.fromDate(inDays(-6));
    await store(
      'mailed',
      'Mailed Session',
      { startTime: lastMonth },
      {
        matching_status: { state: 'done', at },
        emailing_status: { state: 'done', at, counts: { sent: 12, failed: 0, total: 12 } },
      },
    );
    await store('later', 'Next Week Session', { startTime: nextWeek });
    await store(
      'failed',
      'Failed Mail Session',
      { startTime: lastWeek },
      {
        matching_status: { state: 'done', at },
        emailing_status: { state: 'failed', at, reason: 'SMTP down', counts: { sent: 37, failed: 3, total: 40 } },
      },
    );
    await store('unscheduled', 'Unscheduled Session', { startTime: null, rounds: { round_1: [] } });
    await store('live', 'Live Session', {
      open: true,
      presenterIndex: 1,
      startTime: inDays(0),
      rounds: {
        round_1: [entry('p-ada', 'Ada', 'Okafor'), entry('p-lin', 'Lin', 'Chen'), entry('p-res', 'session', 'results')],
        round_2: [entry('p-sam', 'Sam', 'Rivera'), entry('p-ada', 'Ada', 'Okafor')],
      },
    });
    await store('soon', 'Tomorrow Session', { startTime: tomorrow });
    await store('matched', 'Matched Session', { startTime: inDays(-3) }, { matching_status: { state: 'done', at } });
    await markRaters('live', 2);
    await markRaters('failed', 1);
    await renderEventsDashboard();

    await waitFor(async () => expect((await cards())[0]?.text).toContain('2 providers rated'));
    const listed = await cards();
    expect(listed.map((card) => card.title)).toEqual([
      'Live Session',
      'Tomorrow Session',
      'Next Week Session',
      'Matched Session',
      'Failed Mail Session',
      'Mailed Session',
      'Unscheduled Session',
    ]);
    const card = (title: string) => {
      const found = listed.find((candidate) => candidate.title === title);
      if (!found) throw new Error(`No card for ${title}`);
      return found.item;
    };

    expect(within(card('Live Session')).getByText('Live now')).toBeTruthy();
    expect(within(card('Live Session')).getByText('3 presenters · 2 providers rated')).toBeTruthy();
    expect(within(card('Tomorrow Session')).getByText('Upcoming')).toBeTruthy();
    expect(within(card('Tomorrow Session')).getByText(shown(tomorrow))).toBeTruthy();
    expect(within(card('Tomorrow Session')).getByText('3 presenters · 0 providers rated')).toBeTruthy();
    expect(within(card('Next Week Session')).getByText(shown(nextWeek)).getAttribute('datetime')).toBe(nextWeek.toISOString());
    expect(within(card('Matched Session')).getByText('Matching done')).toBeTruthy();
    expect(within(card('Mailed Session')).getByText('E-mails sent')).toBeTruthy();
    expect(within(card('Failed Mail Session')).getByText('E-mails failed')).toBeTruthy();
    expect(within(card('Failed Mail Session')).getByText('3 of 40 e-mails failed')).toBeTruthy();
    expect(within(card('Failed Mail Session')).getByText('3 presenters · 1 provider rated')).toBeTruthy();
    expect(within(card('Unscheduled Session')).getByText('Closed')).toBeTruthy();
    expect(within(card('Unscheduled Session')).getByText('No start time')).toBeTruthy();
    expect(within(card('Unscheduled Session')).getByText('0 presenters · 0 providers rated')).toBeTruthy();
  });

  it('follows an event going live: its chip changes and it moves to the top', async () => {
    await store('a', 'Tomorrow Session', { startTime: inDays(1) });
    await store('b', 'Past Session', { startTime: inDays(-1) });
    await renderEventsDashboard();
    await waitFor(async () => expect((await cards()).map((card) => card.title)).toEqual(['Tomorrow Session', 'Past Session']));
    expect(within((await cards())[1]!.item).getByText('Closed')).toBeTruthy();

    await adminDb().doc('events/b').update({ is_event_open: true, presenter_index: 0 });
    await waitFor(async () => expect((await cards()).map((card) => card.title)).toEqual(['Past Session', 'Tomorrow Session']));
    expect(within((await cards())[0]!.item).getByText('Live now')).toBeTruthy();
  });
});

describe('Duplicate event', () => {
  it('asks first, then makes a closed copy with the presenters, says its title and shows its card', async () => {
    await store('medtech', 'Med-Tech Pitch Session', { open: true, presenterIndex: 2, startTime: inDays(-0.1) });
    const { user } = await renderEventsDashboard();
    const [card] = await cards();
    await user.click(within(card!.item).getByRole('button', { name: /^Duplicate event/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
    expect(
      within(dialog).getByText(/^Create “Copy of Med-Tech Pitch Session”, a closed event with the same settings/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    expect(
      await screen.findByText('Created “Copy of Med-Tech Pitch Session”. Open it to set its start time and details.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Duplicate event' })).toBeNull());
    await waitFor(async () =>
      expect((await cards()).map((listed) => listed.title)).toEqual(['Med-Tech Pitch Session', 'Copy of Med-Tech Pitch Session']),
    );
    const copy = (await cards())[1]!.item;
    expect(within(copy).getByText('Upcoming')).toBeTruthy();
    expect(within(copy).getByText('3 presenters · 0 providers rated')).toBeTruthy();

    const stored = (await adminDb().collection('events').where('title', '==', 'Copy of Med-Tech Pitch Session').get()).docs;
    expect(stored).toHaveLength(1);
    expect(stored[0]?.data()).toMatchObject({ is_event_open: false, round_number: 1, presenter_index: -1, is_matching: false });
  });

  it('does nothing when cancelled', async () => {
    await store('medtech', 'Med-Tech Pitch Session', {});
    const { user } = await renderEventsDashboard();
    await user.click(await screen.findByRole('button', { name: /^Duplicate event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Duplicate event' })).toBeNull());
    expect((await adminDb().collection('events').get()).size).toBe(1);
  });

  it('says so when the copy cannot be made, and makes nothing', async () => {
    await store('medtech', 'Med-Tech Pitch Session', {});
    const { user } = await renderEventsDashboard();
    await user.click(await screen.findByRole('button', { name: /^Duplicate event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
    await signOut(auth);
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('The event could not be duplicated.')).toBeTruthy();
    expect((await adminDb().collection('events').get()).size).toBe(1);
  });

  it('works from the keyboard: the button follows its card’s link, Enter asks, Enter confirms', async () => {
    await store('medtech', 'Med-Tech Pitch Session', {});
    const { user } = await renderEventsDashboard();
    const [card] = await cards();
    await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/events/medtech');
    await user.tab();
    expect(document.activeElement).toBe(
      within(card!.item).getByRole('button', { name: /^Duplicate event\s*:\s*Med-Tech Pitch Session$/ }),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Duplicate event' });
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Created “Copy of Med-Tech Pitch Session”/)).toBeTruthy();
    await waitFor(async () => expect((await adminDb().collection('events').get()).size).toBe(2));
  });
});
