// @vitest-environment jsdom
// One presenter's match details in the real app against the local backend: the presenter, the
// matched providers, and every loading, empty and error message.

import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firestoreEmulator } from '../support/emulators';
import { storedFinalMatch } from './support/finalMatches';
import { startNetworkProxy } from './support/networkProxy';
import { renderApp, screen, useAppTestBed } from './support/appTestBed';

const network = await startNetworkProxy(firestoreEmulator());
const { adminDb } = useAppTestBed('app-match', { network });

describe('the match details', () => {
  it('shows the presenter and the providers matched with them', async () => {
    await adminDb()
      .doc('final_matches/m1')
      .set(
        storedFinalMatch(
          'e1',
          {
            id: 'p-ada',
            first_name: 'Ada',
            last_name: 'Okafor',
            company: 'PulseLoop',
            linkedin_url: 'https://www.linkedin.com/in/ada',
          },
          [
            { id: 'o1', first_name: 'Omar', last_name: 'Diaz', email: 'omar@partner.example', company: 'MedScale' },
            { id: 'o2', first_name: '', last_name: 'Nameless', email: 'n@partner.example', company: 'Hidden Co' },
          ],
        ),
      );
    await renderApp('/match/m1');
    expect(await screen.findByRole('heading', { name: 'Ada Okafor' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('AO')).toBeTruthy();
    expect(screen.getByText('PulseLoop')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada@startup.example' }).getAttribute('href')).toBe('mailto:ada@startup.example');
    expect(screen.getByRole('link', { name: 'View LinkedIn Profile' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/in/ada',
    );
    const providers = within(screen.getByRole('list', { name: 'Matched Providers' })).getAllByRole('listitem');
    expect(providers).toHaveLength(1);
    expect(providers[0]?.textContent).toBe('Omar DiazMedScaleomar@partner.example');
  });

  it('shows the photo when the presenter has one', async () => {
    await adminDb()
      .doc('final_matches/m1')
      .set(
        storedFinalMatch(
          'e1',
          { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', profile_url: 'https://cdn.example.com/ada.jpg' },
          [],
        ),
      );
    await renderApp('/match/m1');
    expect((await screen.findByRole('img', { name: 'Photo of Ada Okafor' }, { timeout: 8000 })).getAttribute('src')).toBe(
      'https://cdn.example.com/ada.jpg',
    );
  });

  it("says 'No providers matched with this presenter.' when none did", async () => {
    await adminDb()
      .doc('final_matches/m1')
      .set(storedFinalMatch('e1', { id: 'p-lin', first_name: 'Lin', last_name: 'Chen' }, []));
    await renderApp('/match/m1');
    expect(await screen.findByText('No providers matched with this presenter.', {}, { timeout: 8000 })).toBeTruthy();
  });

  it("says 'No match data available.' for a match without a presenter", async () => {
    await adminDb().doc('final_matches/m1').set({ event_id: 'e1', presenter_id: 'p-x', matched_providers: [] });
    await renderApp('/match/m1');
    expect(await screen.findByText('No match data available.', {}, { timeout: 8000 })).toBeTruthy();
  });

  it("says 'Match details not found.' for an unknown id", async () => {
    await renderApp('/match/no-such-match');
    expect(await screen.findByText('Match details not found.', {}, { timeout: 8000 })).toBeTruthy();
  });

  it("says 'Invalid match ID.' for an id the database cannot hold", async () => {
    await renderApp('/match/__reserved__');
    expect(screen.getByText('Invalid match ID.')).toBeTruthy();
  });

  it("says 'Fetching Match Details...' while loading and 'Failed to fetch match details.' when the server is unreachable", async () => {
    network.cutOff({ refuse: true });
    await renderApp('/match/m1');
    expect(screen.getByText('Fetching Match Details...')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch match details.', {}, { timeout: 20_000 })).toBeTruthy();
  }, 30_000);
});
