// @vitest-environment happy-dom
// One presenter's match details in the real app against the local backend with firestore.rules
// in force: the presenter, the matched providers, and every loading, empty and error message; a
// signed-in admin also sees why each provider matched (match_reasons), an anonymous viewer does
// not, and reasons that cannot be loaded leave the matches on screen with a note.

import { within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { officeReasons, providerReasons, storedMatchReasons } from '../support/fixtures';
import { loadFirestoreRules } from '../support/projectRules';
import { storedFinalMatch } from './support/finalMatches';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb, network } = await useAppTestBed();

beforeAll(async () => {
  await loadFirestoreRules(projectId);
});

const OMAR = { id: 'o1', first_name: 'Omar', last_name: 'Diaz', email: 'omar@partner.example', company: 'MedScale' };
const ADA = { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' };

/** Ada's match with Omar, and why (as the matching reaction writes them). */
async function seedMatchWithReasons() {
  await adminDb()
    .doc('final_matches/m1')
    .set(storedFinalMatch('e1', ADA, [OMAR]));
  await adminDb()
    .doc('match_reasons/m1')
    .set(
      storedMatchReasons('e1', 'p-ada', [
        providerReasons('o1', 4.5, 2, [
          ['q-market', 'Market fit', 5],
          ['q-team', 'Team support', 4],
        ]),
      ]),
    );
}

const matchedProviders = async () =>
  within(await screen.findByRole('list', { name: 'Matched Providers' }, { timeout: 8000 })).getAllByRole('listitem');

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

describe('why matched', () => {
  it('is not shown to an anonymous viewer, even when the reasons are stored', async () => {
    await seedMatchWithReasons();
    await renderApp('/match/m1');
    const providers = await matchedProviders();
    expect(providers).toHaveLength(1);
    expect(providers[0]?.textContent).toBe('Omar DiazMedScaleomar@partner.example');
    expect(screen.queryByText(/Why matched/)).toBeNull();
    expect(screen.queryByText('Why these providers matched could not be loaded.')).toBeNull();
  });

  describe('for a signed-in admin', () => {
    const adminAccount = useSignedInAdmin(projectId, { each: true });

    it("shows each provider's score and the questions with their stars", async () => {
      await seedMatchWithReasons();
      await renderApp('/match/m1');
      expect(await screen.findByText('Why matched: score 4.5 of 5', {}, { timeout: 8000 })).toBeTruthy();
      const ratings = within(screen.getByRole('list', { name: "Omar Diaz's ratings that made the match" })).getAllByRole(
        'listitem',
      );
      expect(ratings.map((rating) => rating.textContent)).toEqual(['Market fit ★ 5 of 5 stars', 'Team support ★ 4 of 5 stars']);
      expect(screen.getByRole('link', { name: 'omar@partner.example' })).toBeTruthy();
    });

    it("says a fallback match is the innovation office's contact, as nobody reached the minimum score", async () => {
      const office = { id: 'innovation-office', first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu' };
      await adminDb()
        .doc('final_matches/m2')
        .set(storedFinalMatch('e1', ADA, [office]));
      await adminDb()
        .doc('match_reasons/m2')
        .set(storedMatchReasons('e1', 'p-ada', [officeReasons], true));
      await renderApp('/match/m2');
      expect(
        await screen.findByText(
          "Why matched: the innovation office's contact, as no provider reached the minimum score.",
          {},
          { timeout: 8000 },
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/score 0/)).toBeNull();
    });

    it('still shows the matches, with a note, when the reasons cannot be loaded', async () => {
      const auth = await (await import('../../src/db/auth')).getAppAuth();
      const { signInWithEmailAndPassword, signOut } = await import('firebase/auth');
      await seedMatchWithReasons();
      // The match is on screen for a viewer who is not yet an admin; the admin signs in once the
      // server is out of reach.
      await signOut(auth);
      await renderApp('/match/m1');
      await matchedProviders();
      network.cutOff({ refuse: true });
      await signInWithEmailAndPassword(auth, adminAccount().email, adminAccount().password);

      expect(await screen.findByText('Why these providers matched could not be loaded.', {}, { timeout: 20_000 })).toBeTruthy();
      const providers = within(screen.getByRole('list', { name: 'Matched Providers' })).getAllByRole('listitem');
      expect(providers.map((provider) => provider.textContent)).toEqual(['Omar DiazMedScaleomar@partner.example']);
    }, 30_000);
  });
});
