// @vitest-environment happy-dom
// The room display (/events/:eventId/screen) with the real app against the local backend,
// firestore.rules in force and no admin signed in: the title, round, live and next presenter, the
// queue's special entries, each presenter's company from the event's roster (as the server writes
// it), the live presenter followed as an admin (firebase-admin) moves it, the
// countdown before the start, the join link and its QR code, the live presenter's pitch timer in
// each of its states, and an unknown event. Also the
// control screen's 'Room display' link, for a signed-in admin.

import { within } from '@testing-library/react';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_SETTINGS, storedMeetingSettings } from '../../domain/meetingSettings';
import { roomCode } from '../../src/lib/roomChoice';
import { eventually, storedEvent } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { loadFirestoreRules } from '../support/projectRules';
import { renderApp, screen, useAppTestBed } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
let account: TestAccount;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
});

const rounds = {
  round_1: [
    { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
    { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
  ],
  round_2: [
    { presenter_id: 'p-noor', first_name: 'Noor', last_name: 'Haddad' },
    { presenter_id: 'p-tomas', first_name: 'Tomás', last_name: 'Novak' },
    { presenter_id: 'p-break', first_name: 'announcement', last_name: 'Networking break' },
    { presenter_id: 'p-results', first_name: 'session', last_name: 'results' },
  ],
  round_3: [{ presenter_id: 'p-priya', first_name: 'Priya', last_name: 'Raman' }],
};

async function seedOpenEvent(presenterIndex: number, extra: Record<string, unknown> = {}) {
  await adminDb()
    .doc('events/medtech')
    .set({ ...storedEvent({ open: true, rounds, roundNumber: 2, presenterIndex }), ...extra });
}

async function openScreen(eventId = 'medtech') {
  return renderApp(`/events/${eventId}/screen`);
}

const liveRegion = (name: string) => screen.getByRole('region', { name });
const liveText = (name = 'Live Presenter') => liveRegion(name).querySelector('p')?.textContent;
const nextText = () => screen.getByRole('region', { name: 'Next Presenter' }).querySelector('p')?.textContent;
/** The lines under the heading of a region: the name, then the company when there is one. */
const linesOf = (name: string) => [...liveRegion(name).querySelectorAll('p')].map((line) => line.textContent);

describe('the room display', () => {
  it('shows the logos, the title, the round, the live presenter and the next one, without an admin session', async () => {
    await seedOpenEvent(0, { normalLogo: '/logos/medtech.png', middleLogo: '/logos/partner.png' });
    await openScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Med-Tech Pitch Session' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Round 2 of 3')).toBeTruthy();
    expect(within(liveRegion('Live Presenter')).getByText('Noor Haddad')).toBeTruthy();
    expect(nextText()).toBe('Tomás Novak');
    expect(screen.getByRole('img', { name: 'Polytechnic Innovation Office' }).getAttribute('src')).toMatch(
      /polytechnic-logo\.svg$/,
    );
    expect(screen.getByRole('img', { name: 'Med-Tech Pitch Session logo' }).getAttribute('src')).toBe('/logos/medtech.png');
    expect(screen.getByRole('img', { name: 'Med-Tech Pitch Session partner logo' }).getAttribute('src')).toBe(
      '/logos/partner.png',
    );
  });

  it('follows the live presenter as an admin moves it, announcements and the session results included', async () => {
    await seedOpenEvent(0);
    await openScreen();
    await screen.findByRole('region', { name: 'Live Presenter' }, { timeout: 10_000 });

    await adminDb().doc('events/medtech').update({ presenter_index: 1 });
    await eventually(() => expect(liveText()).toBe('Tomás Novak'));
    expect(nextText()).toBe('Announcement: Networking break');

    await adminDb().doc('events/medtech').update({ presenter_index: 2 });
    await eventually(() => expect(liveText('Announcement')).toBe('Networking break'));
    expect(nextText()).toBe('Session Results');

    await adminDb().doc('events/medtech').update({ presenter_index: 3 });
    await eventually(() => expect(liveText('Session Results')).toBe('Explore potential session connections'));
    expect(nextText()).toBe('None');

    await adminDb().doc('events/medtech').update({ round_number: 3, presenter_index: 0 });
    await eventually(() => expect(liveText()).toBe('Priya Raman'));
    expect(screen.getByText('Round 3 of 3')).toBeTruthy();
  });

  it("shows each presenter's company from the event's roster, and names alone until the server has written it", async () => {
    await seedOpenEvent(0);
    await openScreen();
    await screen.findByRole('region', { name: 'Live Presenter' }, { timeout: 10_000 });
    expect(linesOf('Live Presenter')).toEqual(['Noor Haddad']);
    expect(linesOf('Next Presenter')).toEqual(['Tomás Novak']);

    // As the server writes it (domain/roster.ts); Tomás gave no company.
    await adminDb()
      .doc('rosters/medtech')
      .set({ companies: { 'p-noor': 'Haddad Medical', 'p-tomas': '', 'p-ada': 'PulseLoop' } });
    await eventually(() => expect(linesOf('Live Presenter')).toEqual(['Noor Haddad', 'Haddad Medical']));
    expect(linesOf('Next Presenter')).toEqual(['Tomás Novak']);

    await adminDb().doc('rosters/medtech').update({ 'companies.p-tomas': 'Novak Robotics' });
    await eventually(() => expect(linesOf('Next Presenter')).toEqual(['Tomás Novak', 'Novak Robotics']));

    // An announcement has no company.
    await adminDb().doc('events/medtech').update({ presenter_index: 2 });
    await eventually(() => expect(linesOf('Announcement')).toEqual(['Networking break']));
  });

  it("counts down with 'Event Starting In' before the event opens, with the location", async () => {
    await adminDb()
      .doc('events/medtech')
      .set(storedEvent({ open: false, rounds, startTime: new Date(Date.now() + 2 * 3600_000) }));
    await openScreen();
    expect(await screen.findByRole('heading', { name: 'Event Starting In' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^(1|2) hours, \d+ minutes, \d+ seconds$/);
    expect(screen.getByText('Innovation Hub')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Live Presenter' })).toBeNull();

    await adminDb().doc('events/medtech').update({ is_event_open: true, presenter_index: 0 });
    await eventually(() => expect(liveText()).toBe('Ada Okafor'));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("prints the room's join link (its short room code) under its QR code", async () => {
    await seedOpenEvent(0);
    await openScreen();
    const join = await screen.findByRole('complementary', { name: 'Scan to join' }, { timeout: 10_000 });
    const link = `${window.location.origin}/join/${roomCode('medtech')}`;
    expect(within(join).getByText(link)).toBeTruthy();
    expect(within(join).getByRole('img', { name: `QR code for ${link}` })).toBeTruthy();
  });

  it('shows the meetings board during the meetings after matching: now and next by place, and the time to the next change', async () => {
    // The session's second slot of ten minutes started 5 minutes ago: Table 1 now, Table 2 next.
    const start = Date.now() - 15 * 60_000;
    await adminDb()
      .doc('events/medtech')
      .set({
        ...storedEvent({ open: false, rounds }),
        meetings: {
          ...storedMeetingSettings(DEFAULT_MEETING_SETTINGS),
          enabled: true,
          start_time: Timestamp.fromMillis(start),
          slots: 3,
        },
      });
    const meeting = (slot: number, place: string, presenter: string, provider: string) => ({
      slot,
      place,
      presenter,
      presenter_company: 'PulseLoop',
      provider,
      provider_company: '',
    });
    await openScreen();
    // No board yet: the event as before.
    expect(await screen.findByRole('heading', { name: /^Event (Starting|Closed)/ }, { timeout: 10_000 })).toBeTruthy();

    await adminDb()
      .doc('meeting_boards/medtech')
      .set({
        event_id: 'medtech',
        meetings: [
          meeting(0, 'Table 3', 'Lin Chen', 'Earlier Person'),
          meeting(1, 'Table 1', 'Ada Okafor', 'Bo Lind'),
          meeting(2, 'Table 2', 'Ada Okafor', 'Cy Park'),
        ],
      });
    const now = await screen.findByRole('region', { name: /^Now · / }, { timeout: 10_000 });
    expect(within(now).getByRole('listitem').textContent).toBe('Table 1Ada Okafor (PulseLoop) meets Bo Lind');
    expect(within(screen.getByRole('region', { name: /^Next · / })).getByRole('listitem').textContent).toBe(
      'Table 2Ada Okafor (PulseLoop) meets Cy Park',
    );
    expect(screen.queryByText(/Earlier Person/)).toBeNull();
    const timer = screen.getByRole('timer', { name: 'Next change in' });
    expect(within(timer).getByTestId('meetings-board-clock').textContent).toMatch(/^[45]:\d\d$/);
    expect(screen.queryByRole('heading', { name: /^Event (Starting|Closed)/ })).toBeNull();
  });

  it('says so when the event does not exist', async () => {
    await openScreen('no-such-event');
    expect(
      await screen.findByRole('heading', { name: 'This event does not exist. It may have been deleted.' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});

describe("the room display's pitch timer", () => {
  /** Noor's clock, started `agoMs` before now by the server's clock (paused `pausedAfterMs` after its start). */
  const clockStarted = (agoMs: number, pausedAfterMs: number | null = null) => {
    const started = Date.now() - agoMs;
    return {
      presenter_id: 'p-noor',
      started_at: Timestamp.fromMillis(started),
      paused_ms: 0,
      paused_at: pausedAfterMs === null ? null : Timestamp.fromMillis(started + pausedAfterMs),
      resumed_at: null,
    };
  };
  const clock = () => screen.getByRole('timer', { name: 'Pitch timer' });
  const label = () => screen.getByTestId('pitch-clock-label').textContent;
  const digits = () => screen.getByTestId('pitch-clock-digits').textContent;

  it('shows the time left beside the live presenter, in words, and stands still while paused', async () => {
    await seedOpenEvent(0, { timer: clockStarted(60_000, 19_000) });
    await openScreen();
    await screen.findByRole('timer', { name: 'Pitch timer' }, { timeout: 10_000 });
    expect(within(liveRegion('Live Presenter')).getByRole('timer')).toBe(clock());
    expect(label()).toBe('Paused');
    expect(digits()).toBe('2:41');
    expect(clock().dataset.state).toBe('paused');
  });

  it('counts down calm, asks to wrap up in the last 30 seconds, then says the time is up and counts the overtime', async () => {
    await seedOpenEvent(0, { timer: clockStarted(10_000) });
    await openScreen();
    await screen.findByRole('timer', { name: 'Pitch timer' }, { timeout: 10_000 });
    expect(label()).toBe('Time left');
    expect(digits()).toMatch(/^2:[45]\d$/);
    const shown = digits();
    await eventually(() => expect(digits()).not.toBe(shown), 4_000);

    await adminDb()
      .doc('events/medtech')
      .update({ timer: clockStarted(165_000) });
    await eventually(() => expect(label()).toBe('Wrap up'));
    expect(clock().dataset.state).toBe('warning');
    expect(digits()).toMatch(/^0:1\d$/);

    await adminDb()
      .doc('events/medtech')
      .update({ timer: clockStarted(200_000) });
    await eventually(() => expect(label()).toBe("Time's up"));
    expect(clock().dataset.state).toBe('overtime');
    expect(digits()).toMatch(/^\+0:2\d$/);
  });

  it('uses the event’s pitch length, and shows no clock for an announcement', async () => {
    await seedOpenEvent(0, {
      pitch_seconds: 300,
      timer: clockStarted(60_000, 30_000),
    });
    await openScreen();
    await screen.findByRole('timer', { name: 'Pitch timer' }, { timeout: 10_000 });
    expect(digits()).toBe('4:30');

    await adminDb().doc('events/medtech').update({ presenter_index: 2, timer: null });
    await eventually(() => expect(liveText('Announcement')).toBe('Networking break'));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe("the control screen's way to the room display", () => {
  it("links 'Room display' to the event's room display in a new tab", async () => {
    await seedOpenEvent(0);
    const auth = await (await import('../../src/db/auth')).getAppAuth();
    const firebaseAuth = await import('firebase/auth');
    await firebaseAuth.signInWithEmailAndPassword(auth, account.email, account.password);
    try {
      await renderApp('/events/medtech');
      const link = await screen.findByRole('link', { name: 'Room display' }, { timeout: 10_000 });
      expect(link.getAttribute('href')).toBe('/events/medtech/screen');
      expect(link.getAttribute('target')).toBe('_blank');
    } finally {
      await firebaseAuth.signOut(auth);
    }
  });
});
