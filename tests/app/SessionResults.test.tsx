// @vitest-environment happy-dom
// The session results in the real app against the local backend: the viewer's own matches and
// the potential ones, 10 at a time, and the dialog a card opens.

import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, storedEvent } from '../db/appDb';
import { defined } from '../support/defined';
import { storedFinalMatch } from './support/finalMatches';
import { renderApp, screen, storeProfile, useAppTestBed } from './support/appTestBed';

const { adminDb, network } = await useAppTestBed();

beforeEach(async () => {
  await adminDb().doc('events/e1').set(storedEvent());
});

const viewer = { id: 'me', email: 'Grace@Example.com', first_name: 'Grace', last_name: 'Hopper', company: 'Navy Labs' };
const other = { id: 'o1', email: 'omar@partner.example', first_name: 'Omar', last_name: 'Diaz', company: 'MedScale' };

async function seed(matches: Record<string, Record<string, unknown>>) {
  const batch = adminDb().batch();
  for (const [id, data] of Object.entries(matches)) batch.set(adminDb().doc(`final_matches/${id}`), data);
  await batch.commit();
}

async function openResults() {
  const app = await renderApp('/results');
  await screen.findByRole('region', { name: 'Potential Matches' }, { timeout: 10_000 });
  return app;
}

describe('the session results', () => {
  it('shows a visitor without a profile every match as potential, with a link to create a profile', async () => {
    await seed({
      m1: storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, [viewer, other]),
      m2: storedFinalMatch('e1', { id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }, [other]),
    });
    const app = await openResults();
    expect(app.location()).toBe('/results');
    expect(screen.queryByRole('region', { name: 'Your Matches' })).toBeNull();
    const potential = screen.getByRole('region', { name: 'Potential Matches' });
    expect(
      within(potential)
        .getAllByRole('listitem')
        .map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['Ada Okafor', 'Lin Chen']);
    await userEvent.click(screen.getByRole('link', { name: 'Create your profile' }));
    await eventually(() => expect(app.location()).toBe('/profile'));
  });

  it('says it is fetching the results while they are on their way', async () => {
    storeProfile();
    network.cutOff();
    await renderApp('/results');
    expect(await screen.findByText('Fetching Match Results...', {}, { timeout: 8000 })).toBeTruthy();
    network.restore();
  });

  it("lists the viewer's own matches under Your Matches and the rest under Potential Matches", async () => {
    storeProfile();
    await seed({
      m1: storedFinalMatch(
        'e1',
        { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', linkedin_url: 'https://www.linkedin.com/in/ada' },
        [viewer, other],
      ),
      m2: storedFinalMatch('e1', { id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }, [other]),
      m3: storedFinalMatch('e1', { id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' }, [
        viewer,
        { id: 'office', email: 'innovation@example.edu' },
      ]),
    });
    await openResults();
    expect(screen.getByRole('heading', { name: 'Session Results' })).toBeTruthy();
    expect(screen.getByText('Explore potential session connections')).toBeTruthy();
    const yours = screen.getByRole('region', { name: 'Your Matches' });
    expect(within(yours).getAllByRole('listitem')).toHaveLength(1);
    expect(within(yours).getByRole('button', { name: /^Ada Okafor\s*,.*,\s*2 Matches$/ })).toBeTruthy();
    expect(within(yours).getByText('ada@startup.example')).toBeTruthy();
    expect(within(yours).getByRole('link', { name: 'LinkedIn profile of Ada Okafor' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/in/ada',
    );
    const potential = screen.getByRole('region', { name: 'Potential Matches' });
    expect(
      within(potential)
        .getAllByRole('listitem')
        .map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['Lin Chen', 'Sam Rivera']);
    expect(screen.queryByRole('link', { name: 'My meetings' })).toBeNull();
  });

  it('links the viewer with matches to My meetings when the event has meetings', async () => {
    await adminDb()
      .doc('events/e1')
      .update({
        meetings: { enabled: true, start_time: null, slot_minutes: 10, slots: 6, places: ['Table 1'], max_per_person: 3 },
      });
    storeProfile();
    await seed({ m1: storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, [viewer]) });
    await openResults();
    expect((await screen.findByRole('link', { name: 'My meetings' })).getAttribute('href')).toBe('/meetings/e1');
  });

  it('leaves out Your Matches when the viewer has none, and says when there are no other matches', async () => {
    storeProfile({ email: 'nobody@example.com' });
    await openResults();
    expect(screen.queryByRole('region', { name: 'Your Matches' })).toBeNull();
    expect(screen.getByText('No other potential matches found.')).toBeTruthy();
  });

  it('shows 10 cards per list and more with Load More', async () => {
    storeProfile();
    const matches: Record<string, Record<string, unknown>> = {};
    for (let index = 10; index < 22; index++) {
      matches[`mine-${index}`] = storedFinalMatch(
        'e1',
        { id: `pm-${index}`, first_name: `Mine${index}`, last_name: 'Presenter' },
        [viewer],
      );
      matches[`other-${index}`] = storedFinalMatch(
        'e1',
        { id: `po-${index}`, first_name: `Other${index}`, last_name: 'Presenter' },
        [other],
      );
    }
    await seed(matches);
    const user = userEvent.setup();
    await openResults();
    const yours = screen.getByRole('region', { name: 'Your Matches' });
    const potential = screen.getByRole('region', { name: 'Potential Matches' });
    expect(within(yours).getAllByRole('listitem')).toHaveLength(10);
    expect(within(potential).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(yours).getByRole('button', { name: 'Load More Your Matches' }));
    expect(within(yours).getAllByRole('listitem')).toHaveLength(12);
    expect(within(yours).queryByRole('button', { name: 'Load More Your Matches' })).toBeNull();
    await user.click(within(potential).getByRole('button', { name: 'Load More Other Matches' }));
    expect(within(potential).getAllByRole('listitem')).toHaveLength(12);
  });

  it('opens a dialog with the matched providers, the viewer highlighted with a 1.5 s flash', async () => {
    storeProfile();
    await seed({
      m1: storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' }, [
        other,
        viewer,
        { id: 'incomplete', email: 'x@partner.example', company: '' },
      ]),
    });
    await openResults();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: /^Ada Okafor\s*,.*,\s*2 Matches$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Okafor' });
    expect(within(dialog).getByText('PulseLoop')).toBeTruthy();
    const providers = within(dialog).getAllByRole('listitem');
    expect(providers.map((item) => item.textContent)).toEqual([
      'Omar DiazMedScale · omar@partner.example',
      'Grace Hopper (You)Navy Labs · Grace@Example.com',
    ]);
    const you = defined(providers[1], "The viewer's own entry");
    expect(you.getAttribute('aria-current')).toBe('true');
    expect(you.getAttribute('data-flashing')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(you.getAttribute('data-flashing')).toBeNull();
    expect(you.getAttribute('aria-current')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'No matches found for {name}.' when a presenter has no listed providers", async () => {
    storeProfile();
    await seed({ m1: storedFinalMatch('e1', { id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }, []) });
    const user = userEvent.setup();
    await openResults();
    await user.click(screen.getByRole('button', { name: /^Lin Chen\s*,.*,\s*0 Matches$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lin Chen' });
    expect(within(dialog).getByText('No matches found for Lin Chen.')).toBeTruthy();
  });
});
