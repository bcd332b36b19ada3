// @vitest-environment happy-dom
// The presenters screen with the real app against the local backend: who gets sent to the
// profile, the countdown and Event Closed pages, the live queue in its groups and the pitch timer on
// the live card (small for a provider, large on the presenter's own phone). With two open
// events (parallel rooms): the room chooser first, then the chosen room's queue, kept
// on the device, and a switch back to the list.

import { act, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { eventually, storedEvent } from '../db/appDb';
import { renderApp, screen, spoken, storeProfile, useAppTestBed } from './support/appTestBed';

const { adminDb } = await useAppTestBed();
const { EventCountdown } = await import('../../src/features/presenters/EventCountdown');
const { LiveDot } = await import('../../src/features/presenters/LiveDot');

const queueRounds = {
  round_1: [
    { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
    { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
    { presenter_id: 'p-note', first_name: 'announcement', last_name: 'Coffee break' },
    { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' },
    { presenter_id: 'p-results', first_name: 'session', last_name: 'results' },
  ],
};

describe('the presenters screen with two rooms open', () => {
  it('asks which room the provider is in, shows the chosen room, remembers it and lets them switch', async () => {
    storeProfile();
    await adminDb()
      .doc('events/room-a')
      .set({ ...storedEvent({ open: true, presenterIndex: 0, title: 'Med-Tech Room A' }), location: 'Hall A' });
    await adminDb()
      .doc('events/room-b')
      .set({
        ...storedEvent({ open: true, presenterIndex: 1, title: 'Bio-Tech Room B' }),
        location: 'Hall B',
        rounds: { round_1: [{ presenter_id: 'p-kofi', first_name: 'Kofi', last_name: 'Mensah' }, ...queueRounds.round_1] },
      });
    await renderApp('/presenters');
    expect(await screen.findByRole('heading', { name: 'Which room are you in?' }, { timeout: 8000 })).toBeTruthy();
    const roomB = screen.getByRole('button', { name: /^Bio-Tech Room B/ });
    expect(within(roomB).getByText('Hall B')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /^Med-Tech Room A/ })).getByText('Hall A')).toBeTruthy();

    await userEvent.click(roomB);
    const live = await screen.findByRole('region', { name: 'Live' }, { timeout: 8000 });
    expect(within(live).getByText(/Ada Okafor/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bio-Tech Room B', level: 1 })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('room') ?? '{}')).toMatchObject({ eventId: 'room-b' });

    await userEvent.click(screen.getByRole('button', { name: 'Switch room' }));
    expect(await screen.findByRole('heading', { name: 'Which room are you in?' }, { timeout: 8000 })).toBeTruthy();
    const current = await screen.findByRole('button', { name: /^Bio-Tech Room B/ }, { timeout: 8000 });
    expect(current.getAttribute('aria-current')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: /^Med-Tech Room A/ }));
    expect(await screen.findByRole('heading', { name: 'Med-Tech Room A', level: 1 }, { timeout: 8000 })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('room') ?? '{}')).toMatchObject({ eventId: 'room-a' });
  });
});

describe('the presenters screen', () => {
  it('sends a visitor without a profile to the profile form', async () => {
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: true, presenterIndex: 0 }));
    const app = await renderApp('/presenters');
    expect(await screen.findByRole('heading', { name: 'Provider Profile' }, { timeout: 8000 })).toBeTruthy();
    expect(app.location()).toBe('/profile');
  });

  it('counts down to the start, with the location and the developers, before the event opens', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: false, startTime: new Date(Date.now() + 2 * 3600_000) }));
    await renderApp('/presenters');
    expect(await screen.findByRole('heading', { name: 'Event Starting In' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^(1|2) hours/);
    expect(screen.getByText('Innovation Hub')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dev One' }).getAttribute('href')).toBe('https://www.linkedin.com/in/dev-one');
  });

  it('shows Event Closed, with the results and the contact address, when there is no start time', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: false, startTime: null }));
    await renderApp('/presenters');
    expect(await screen.findByRole('heading', { name: 'Event Closed' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Results' }).getAttribute('href')).toBe('/results');
    expect(screen.getByRole('link', { name: 'innovation@example.edu' }).getAttribute('href')).toBe(
      'mailto:innovation@example.edu',
    );
  });

  it('groups the open event into Live, Up Next and Finished, and follows the live presenter', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: true, presenterIndex: 1, rounds: queueRounds }));
    await renderApp('/presenters');
    const live = await screen.findByRole('region', { name: 'Live' }, { timeout: 8000 });
    expect(
      within(live)
        .getByRole('link', { name: spoken('Lin Chen', 'Live') })
        .getAttribute('href'),
    ).toBe('/questions/p-lin');
    const finished = screen.getByRole('region', { name: 'Finished' });
    expect(within(finished).getByRole('link', { name: spoken('Ada Okafor', 'Finished') })).toBeTruthy();
    const upNext = screen.getByRole('region', { name: 'Up Next' });
    expect(within(upNext).getAllByRole('listitem')).toHaveLength(3);

    await adminDb().doc('events/e1').update({ presenter_index: 3 });
    await eventually(() =>
      expect(
        within(screen.getByRole('region', { name: 'Live' })).getByRole('link', { name: spoken('Sam Rivera', 'Live') }),
      ).toBeTruthy(),
    );
    expect(await screen.findByText('New Live Presenter!')).toBeTruthy();
  });

  it('opens the results for the session results entry and does nothing for an announcement', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: true, presenterIndex: 0, rounds: queueRounds }));
    const app = await renderApp('/presenters');
    const upNext = await screen.findByRole('region', { name: 'Up Next' }, { timeout: 8000 });
    expect(within(upNext).queryByRole('link', { name: /announcement/i })).toBeNull();
    expect(within(upNext).getByText('announcement Coffee break')).toBeTruthy();
    await userEvent.setup().click(within(upNext).getByRole('link', { name: spoken('session results', 'Up Next') }));
    await eventually(() => expect(app.location()).toBe('/results'));
  });

  it('shows a finished presenter the provider has rated as Completed', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: true, presenterIndex: 2, rounds: queueRounds }));
    await renderApp('/presenters');
    await screen.findByRole('region', { name: 'Finished' }, { timeout: 8000 });
    const { saveResponses } = await import('../../src/db/responses');
    const outcome = await saveResponses('e1', 'p-ada', [
      { question_id: 'q1', type: 'stars', rating: 5, comment: null, response: null },
    ]);
    await outcome.synced;
    const completed = await screen.findByRole('region', { name: 'Completed' }, { timeout: 8000 });
    expect(within(completed).getByRole('link', { name: spoken('Ada Okafor', 'Completed') })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Finished' })).queryByText('Ada Okafor')).toBeNull();
  });
});

describe('the pitch timer on the live card', () => {
  /** A clock paused 19 s into the pitch: it shows 2:41 whenever it is read. */
  const pausedClock = (presenterId: string) => {
    const started = Date.now() - 60_000;
    return {
      presenter_id: presenterId,
      started_at: Timestamp.fromMillis(started),
      paused_ms: 0,
      paused_at: Timestamp.fromMillis(started + 19_000),
      resumed_at: null,
    };
  };

  it('shows a provider one small line on the live card, and nothing on the others', async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set({ ...storedEvent({ open: true, presenterIndex: 1, rounds: queueRounds }), timer: pausedClock('p-lin') });
    await renderApp('/presenters');
    const live = await screen.findByRole('region', { name: 'Live' }, { timeout: 8000 });
    const timer = await within(live).findByRole('timer', { name: 'Pitch timer' }, { timeout: 8000 });
    expect(timer.textContent).toBe('Paused · 2:41 left');
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    // The clock is beside the card's link, not in its name.
    expect(within(live).getByRole('link', { name: spoken('Lin Chen', 'Live') })).toBeTruthy();

    await adminDb()
      .doc('events/e1')
      .update({ timer: { ...pausedClock('p-lin'), started_at: Timestamp.fromMillis(Date.now() - 19_500), paused_at: null } });
    await eventually(() => expect(within(live).getByRole('timer').textContent).toMatch(/^2:(4\d|39) left$/));
  });

  it("shows the clock large on the live presenter's own phone", async () => {
    storeProfile();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ open: true, presenterIndex: 0, rounds: queueRounds }));
    await renderApp('/presenters');
    await screen.findByRole('region', { name: 'Live' }, { timeout: 8000 });
    const { startedAuth } = await import('../../src/db/auth');
    let uid = '';
    await eventually(() => {
      uid = startedAuth()?.currentUser?.uid ?? '';
      expect(uid).not.toBe('');
    });
    // The presenter signed up through an invite: their presenter id is this phone's uid.
    const own = { presenter_id: uid, first_name: 'Grace', last_name: 'Hopper' };
    await adminDb()
      .doc('events/e1')
      .update({ 'rounds.round_1': [own, ...queueRounds.round_1], timer: pausedClock(uid) });
    const timer = await screen.findByRole('timer', { name: 'Your pitch timer' }, { timeout: 8000 });
    expect(timer.textContent).toBe('Paused2:41');
  });
});

describe('the countdown', () => {
  it("counts down every second and says 'Event Starting Soon' at the start time", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-05-01T10:00:00Z'));
    render(<EventCountdown startTime={new Date('2030-05-01T11:15:02Z')} location="Innovation Hub" developers={[]} />);
    expect(screen.getByRole('heading', { name: 'Event Starting In' })).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('1 hours, 15 minutes, 2 seconds');
    expect(screen.getByRole('timer').textContent).toBe('01Hours15Minutes02Seconds');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('1 hours, 15 minutes, 1 seconds');
    act(() => vi.advanceTimersByTime(75 * 60_000 + 1_000));
    expect(screen.getByRole('heading', { name: 'Event Starting Soon' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('the live dot', () => {
  it('blinks once a second', () => {
    vi.useFakeTimers();
    const { container } = render(<LiveDot />);
    const dot = container.querySelector('[data-lit]') as HTMLElement;
    expect(dot.dataset.lit).toBe('true');
    act(() => vi.advanceTimersByTime(1_000));
    expect(dot.dataset.lit).toBe('false');
    act(() => vi.advanceTimersByTime(1_000));
    expect(dot.dataset.lit).toBe('true');
  });
});
