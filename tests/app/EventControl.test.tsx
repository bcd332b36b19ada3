// @vitest-environment happy-dom
// The event control screen (/events/:eventId) with the real app signed in as an admin against the
// local backend, firestore.rules in force: the left panel's texts and controls, the running order
// and its Options menu, the round selector, the keyboard shortcuts, the confirms and toasts of
// Start Matching and Send Emails, the reactions' progress, the pitch timer's controls and the
// sync marker.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { storedEvent } from '../db/appDb';
import { storedPresenter } from '../support/fixtures';
import { startReactions } from '../support/reactions';
import { ratedResults } from './support/finalMatches';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });

// The admin frame's and the control screen's code, loaded once before the first test: the router
// loads them on demand, and on a busy machine that first load (every module of the screen
// transformed) outlasted the first test's wait for the screen.
beforeAll(async () => {
  await import('../../src/app/routes/AdminRoute');
  await import('../../src/app/routes/EventRoute');
});

const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
const lin = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };
const sam = { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' };
const kim = { presenter_id: 'p-kim', first_name: 'Kim', last_name: 'Park' };

beforeEach(async () => {
  const batch = adminDb().batch();
  for (const person of [ada, lin, sam, kim]) {
    const { first_name, last_name } = person;
    batch.set(
      adminDb().doc(`presenters/${person.presenter_id}`),
      storedPresenter({ first_name, last_name, email: `${first_name.toLowerCase()}@example.com` }),
    );
  }
  await batch.commit();
});

async function seedEvent(options: Parameters<typeof storedEvent>[0] = {}, extra: Record<string, unknown> = {}) {
  await adminDb()
    .doc('events/medtech')
    .set({ ...storedEvent({ rounds: { round_1: [ada, lin, sam], round_2: [] }, ...options }), ...extra });
}

/** The event's matches and answers, and the Cloud Functions that answer Send Emails' review. */
async function seedResults() {
  const batch = adminDb().batch();
  for (const [path, data] of Object.entries(ratedResults('medtech'))) batch.set(adminDb().doc(path), data);
  await batch.commit();
  const worker = await startReactions(projectId, { from: 'innovation@example.edu', organisation: 'Innovation Office' });
  onTestFinished(() => worker.stop());
}

async function openControl() {
  await renderApp('/events/medtech');
  await screen.findByRole('heading', { name: 'Manage Presenters' }, { timeout: 10_000 });
  return userEvent.setup();
}

const stored = async () => (await adminDb().doc('events/medtech').get()).data() ?? {};
const live = () => screen.getByTestId('live-presenter').textContent;
const next = () => screen.getByTestId('next-presenter').textContent;

describe("the control screen's pitch timer", () => {
  const timer = () => screen.getByRole('timer', { name: 'Pitch timer' });

  it('starts with the live presenter, beside them, and pauses, resumes and restarts with buttons', async () => {
    await seedEvent();
    const user = await openControl();
    expect(screen.queryByRole('timer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start Event' }));
    await waitFor(() => expect(timer().textContent).toMatch(/Time left(3:00|2:5\d)/));
    const started = (await stored()).timer as { started_at: Timestamp };
    // What the clock shows after each change of the page: a new clock (a pause, a resume, a
    // restart) is read as it arrives, never a blank clock while its first tick is pending.
    const shown: string[] = [];
    const watching = new MutationObserver(() => shown.push(timer().textContent ?? ''));
    watching.observe(timer(), { subtree: true, childList: true, characterData: true });

    await user.click(screen.getByRole('button', { name: 'Pause timer' }));
    await waitFor(() => expect(timer().textContent).toMatch(/^Paused/));
    // The pressed button stays where it was, focused, as its label turns: the clock's change does
    // not take the controls off the page for a render (a keyboard user would lose their place).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume timer' }));
    expect(((await stored()).timer as { paused_at: unknown }).paused_at).toBeInstanceOf(Timestamp);
    await user.click(screen.getByRole('button', { name: 'Resume timer' }));
    await waitFor(() => expect(timer().textContent).toMatch(/^Time left/));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pause timer' }));
    expect(((await stored()).timer as { resumed_at: unknown }).resumed_at).toBeInstanceOf(Timestamp);

    await user.click(screen.getByRole('button', { name: 'Restart timer' }));
    await waitFor(async () =>
      expect(((await stored()).timer as { started_at: Timestamp }).started_at.toMillis()).toBeGreaterThan(
        started.started_at.toMillis(),
      ),
    );
    expect((await stored()).timer).toMatchObject({ presenter_id: 'p-ada', paused_ms: 0, paused_at: null, resumed_at: null });
    watching.disconnect();
    expect(shown.filter((text) => text === '')).toEqual([]);
  });

  it('pauses and resumes with T and restarts with R; Next starts the next presenter’s clock', async () => {
    await seedEvent();
    const user = await openControl();
    await user.keyboard('s');
    await waitFor(() => expect(timer().textContent).toMatch(/^Time left/));
    await user.keyboard('t');
    await waitFor(() => expect(timer().textContent).toMatch(/^Paused/));
    await user.keyboard('t');
    await waitFor(() => expect(timer().textContent).toMatch(/^Time left/));
    await user.keyboard('r');
    await waitFor(async () => expect(((await stored()).timer as { resumed_at: unknown }).resumed_at).toBeNull());
    await user.keyboard('n');
    await waitFor(() => expect(live()).toBe('Lin Chen'));
    await waitFor(async () => expect((await stored()).timer).toMatchObject({ presenter_id: 'p-lin' }));
    expect(Object.keys((await stored()).pitch_times as object)).toEqual(['p-ada']);
    expect(screen.getByText(/T pause\/resume timer · R restart timer/)).toBeTruthy();
  });
});

describe('the event control screen', () => {
  it("shows the title, a red 'Closed' chip and 'None' for the live and next presenter of an event not started", async () => {
    await seedEvent();
    await openControl();
    expect(screen.getByRole('heading', { name: 'Med-Tech Pitch Session' })).toBeTruthy();
    expect(screen.getByText('Closed').closest('.MuiChip-root')?.className).toContain('colorError');
    expect(live()).toBe('None');
    expect(next()).toBe('Ada Okafor');
    expect(screen.getByText('0 / 3', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite' }).getAttribute('href')).toBe('/invite');
  });

  it("shows the placeholder 'Event Title' for an event without a title", async () => {
    await seedEvent({}, { title: '' });
    await openControl();
    expect(screen.getByRole('heading', { name: 'Event Title' })).toBeTruthy();
  });

  it('starts the event at the first presenter, then Next and Previous move the live presenter', async () => {
    await seedEvent();
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Start Event' }));
    await waitFor(() => expect(screen.getByText('Open').closest('.MuiChip-root')?.className).toContain('colorSuccess'));
    await waitFor(() => expect(live()).toBe('Ada Okafor'));
    expect(next()).toBe('Lin Chen');
    expect(await stored()).toMatchObject({ is_event_open: true, presenter_index: 0 });

    await user.click(screen.getByRole('button', { name: 'Next presenter' }));
    await waitFor(() => expect(live()).toBe('Lin Chen'));
    expect(screen.getByText('2 / 3', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous presenter' }));
    await waitFor(() => expect(live()).toBe('Ada Okafor'));

    await user.click(screen.getByRole('button', { name: 'Stop Event' }));
    await waitFor(() => expect(screen.getByText('Closed')).toBeTruthy());
    expect(await stored()).toMatchObject({ is_event_open: false, presenter_index: 0 });
  });

  it('Reset All sets the index to -1 and Complete All past the last presenter', async () => {
    await seedEvent({ open: true, presenterIndex: 1 });
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Complete All' }));
    await waitFor(async () => expect((await stored()).presenter_index).toBe(3));
    await waitFor(() => expect(live()).toBe('None'));
    await user.click(screen.getByRole('button', { name: 'Reset All' }));
    await waitFor(async () => expect((await stored()).presenter_index).toBe(-1));
  });

  it('runs the event from the keyboard: → or N next, ← or P previous, S start/stop, but not while typing', async () => {
    await seedEvent();
    const user = await openControl();
    await user.keyboard('s');
    await waitFor(() => expect(live()).toBe('Ada Okafor'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(live()).toBe('Lin Chen'));
    await user.keyboard('n');
    await waitFor(() => expect(live()).toBe('Sam Rivera'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(live()).toBe('Lin Chen'));
    await user.keyboard('p');
    await waitFor(() => expect(live()).toBe('Ada Okafor'));
    await user.keyboard('s');
    await waitFor(() => expect(screen.getByText('Closed')).toBeTruthy());
    expect(screen.getByText(/Shortcuts: → or N next/)).toBeTruthy();
  });

  it('leaves the shortcuts to an open menu, and takes them back once it closes', async () => {
    await seedEvent({ open: true, presenterIndex: 1 });
    const user = await openControl();
    screen.getByRole('button', { name: 'Options for Sam Rivera' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Move Up' });
    await user.keyboard('n');
    expect((await stored()).presenter_index).toBe(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Sam moved up before Lin, who stays live at the new position (wait for the saved order: Lin
    // was live before the move too).
    await waitFor(async () => expect((await stored()).presenter_index).toBe(2));
    expect(live()).toBe('Lin Chen');
    await user.keyboard('p');
    await waitFor(() => expect(live()).toBe('Sam Rivera'));
  });

  it('adds the chosen presenter to the end of the current round; presenters already in a round cannot be chosen', async () => {
    await seedEvent();
    const user = await openControl();
    const add = screen.getByRole('button', { name: 'Add Presenter to Round 1' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Presenter' }));
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Ada Okafor (Round 1)' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(within(options).getByRole('option', { name: 'Kim Park' }));
    await user.click(add);
    const list = screen.getByRole('list', { name: 'Round 1 presenters' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toContain('4.Kim Park'),
    );
    expect(((await stored()).rounds as Record<string, unknown[]>).round_1).toEqual([ada, lin, sam, kim]);
  });

  it('moves and removes entries from their Options menu', async () => {
    await seedEvent();
    const user = await openControl();
    const names = () =>
      within(screen.getByRole('list', { name: 'Round 1 presenters' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^\d+\./, ''));

    await user.click(screen.getByRole('button', { name: 'Options for Lin Chen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move Up' }));
    await waitFor(() => expect(names()).toEqual(['Lin Chen', 'Ada Okafor', 'Sam Rivera']));

    await user.click(screen.getByRole('button', { name: 'Options for Lin Chen' }));
    expect((await screen.findByRole('menuitem', { name: 'Move Up' })).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'Move Down' }));
    await waitFor(() => expect(names()).toEqual(['Ada Okafor', 'Lin Chen', 'Sam Rivera']));

    await user.click(screen.getByRole('button', { name: 'Options for Sam Rivera' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['Ada Okafor', 'Lin Chen']));
    expect(((await stored()).rounds as Record<string, unknown[]>).round_1).toEqual([ada, lin]);
  });

  it('switches the current round with the round selector and saves round_number', async () => {
    await seedEvent();
    const user = await openControl();
    expect(screen.getByRole('button', { name: 'Round 1' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Round 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Round 2' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('No presenters in Round 2 yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Presenter to Round 2' })).toBeTruthy();
    expect((await stored()).round_number).toBe(2);
  });

  it("asks before starting matching, then sets is_matching and says 'Started matching...'", async () => {
    await seedEvent();
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Start Matching' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to start matching?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await stored()).is_matching).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Start Matching' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start Matching' }));
    expect(await screen.findByText('Started matching...')).toBeTruthy();
    expect((await stored()).is_matching).toBe(true);
    expect(await screen.findByText('Matching: started, waiting for the server…')).toBeTruthy();
  });

  it("asks before sending e-mails, then sets is_emailing and says 'Started emailing...'", async () => {
    await seedEvent();
    await seedResults();
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Send Emails' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to send emails?')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send Emails' });
    // Send waits for the server's list of recipients.
    await waitFor(() => expect(send).toHaveProperty('disabled', false), { timeout: 20_000 });
    await user.click(send);
    expect(await screen.findByText('Started emailing...')).toBeTruthy();
    expect((await stored()).is_emailing).toBe(true);
  });

  it('follows the server reactions live: running, done with counts, failed with the reason', async () => {
    await seedEvent({}, { is_matching: true });
    await openControl();
    const at = Timestamp.fromDate(new Date());
    await adminDb()
      .doc('events/medtech')
      .update({ matching_status: { state: 'running', at } });
    expect(await screen.findByText(/^Matching: running since/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start Matching' }) as HTMLButtonElement).disabled).toBe(true);
    await adminDb()
      .doc('events/medtech')
      .update({ matching_status: { state: 'done', at, counts: { presenters: 3 } } });
    expect(await screen.findByText(/^Matching: done at .* \(presenters: 3\)$/)).toBeTruthy();
    await adminDb()
      .doc('events/medtech')
      .update({ is_emailing: true, emailing_status: { state: 'failed', at, reason: 'SMTP server unreachable' } });
    expect(await screen.findByText(/^E-mails failed at .*: SMTP server unreachable$/)).toBeTruthy();
  });

  it("says 'Failed to start matching!' and 'Failed to start email!' when the server refuses, and marks controls not saved", async () => {
    // A document the rules refuse to update (a title longer than 200 characters): every write fails.
    await seedEvent({}, { title: 'x'.repeat(201) });
    await seedResults();
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Start Matching' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start Matching' }));
    expect(await screen.findByText('Failed to start matching!', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send Emails' }));
    const send = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Emails' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false), { timeout: 20_000 });
    await user.click(send);
    expect(await screen.findByText('Failed to start email!', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByRole('status').textContent).toBe('All changes saved');
    await user.click(screen.getByRole('button', { name: 'Next presenter' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Not saved: try again'), { timeout: 10_000 });
  });

  it('says so when the event does not exist', async () => {
    await renderApp('/events/missing');
    expect(await screen.findByText('This event does not exist. It may have been deleted.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Events Dashboard' }).getAttribute('href')).toBe('/events');
  });
});
