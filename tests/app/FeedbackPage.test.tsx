// @vitest-environment happy-dom
// The feedback page (/feedback/:eventId) in the real app against the local backend with
// firestore.rules in force: the signed-in presenter reads their own (the question with too few
// raters says so), a visitor with none reads that there is none yet, and 'could not be loaded'
// when the server is unreachable; an admin previews a presenter's from the match details (the
// link is shown to admins only) and reads when none was written.

import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_SETTINGS, storedMeetingSettings } from '../../domain/meetingSettings';
import { storedEvent } from '../db/appDb';
import { storedFeedback } from '../support/fixtures';
import { storedFinalMatch } from './support/finalMatches';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb, network } = await useAppTestBed();
const { ensureSignedIn } = await import('../../src/db/session');
const { feedbackMessages } = await import('../../src/features/feedback/FeedbackPage');

describe('the feedback page for the presenter it is for', () => {
  it('shows their mean, how the ratings spread and the comments, and says which question had too few raters', async () => {
    const { uid } = await ensureSignedIn();
    await adminDb()
      .doc(`events/e1/feedback/${uid}`)
      .set(storedFeedback(uid, { event_id: 'e1' }));
    await renderApp('/feedback/e1');

    expect(await screen.findByRole('heading', { name: 'Your pitch feedback' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Ada Okafor · Med-Tech Pitch Session')).toBeTruthy();
    const market = screen.getByRole('region', { name: 'Market access' });
    expect(market.textContent).toContain('4.3 of 5 from 3 ratings');
    const spread = within(within(market).getByRole('list', { name: 'How the ratings spread' })).getAllByRole('listitem');
    expect(spread.map((row) => row.textContent)).toEqual([
      '5 stars: 1 rating1',
      '4 stars: 2 ratings2',
      '3 stars: 0 ratings0',
      '2 stars: 0 ratings0',
      '1 star: 0 ratings0',
    ]);
    expect(within(within(market).getByRole('list', { name: 'Comments' })).getByRole('listitem').textContent).toBe('Clear ask.');
    expect(within(screen.getByRole('region', { name: 'Team' })).getByText('Not enough ratings to share')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeTruthy();
    // The event (not stored here) has no meetings after matching.
    expect(screen.queryByRole('link', { name: 'My meetings' })).toBeNull();
  });

  it('leads a presenter of an event with meetings after matching to My meetings', async () => {
    const { uid } = await ensureSignedIn();
    await adminDb()
      .doc('events/e2')
      .set({
        ...storedEvent({ title: 'Med-Tech Pitch Session' }),
        meetings: { ...storedMeetingSettings(DEFAULT_MEETING_SETTINGS), enabled: true },
      });
    await adminDb()
      .doc(`events/e2/feedback/${uid}`)
      .set(storedFeedback(uid, { event_id: 'e2' }));
    await renderApp('/feedback/e2');

    const link = await screen.findByRole('link', { name: 'My meetings' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/meetings/e2');
  });

  it('says there is none yet to a visitor the event wrote none for', async () => {
    await renderApp('/feedback/e1');
    expect(await screen.findByText(feedbackMessages.none, {}, { timeout: 8000 })).toBeTruthy();
  });

  it("says 'Fetching your feedback...' while loading, then that it could not be loaded when the server is unreachable", async () => {
    await ensureSignedIn();
    network.cutOff({ refuse: true });
    await renderApp('/feedback/e1');
    expect(screen.getByText(feedbackMessages.loading)).toBeTruthy();
    expect(await screen.findByText(feedbackMessages.failed, {}, { timeout: 20_000 })).toBeTruthy();
  }, 30_000);
});

describe('the match details', () => {
  it('offer no feedback preview to a viewer who is not an admin', async () => {
    await adminDb()
      .doc('final_matches/e1_p-ada')
      .set(storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, []));
    await renderApp('/match/e1_p-ada');
    await screen.findByRole('heading', { name: 'Ada Okafor' }, { timeout: 8000 });
    expect(screen.queryByRole('link', { name: 'Preview the presenter’s feedback' })).toBeNull();
  });
});

describe('for a signed-in admin', () => {
  useSignedInAdmin(projectId, { each: true });

  it("previews a presenter's feedback from the match details", async () => {
    await adminDb()
      .doc('final_matches/e1_p-ada')
      .set(storedFinalMatch('e1', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, []));
    await adminDb()
      .doc('events/e1/feedback/p-ada')
      .set(storedFeedback('p-ada', { event_id: 'e1' }));
    const app = await renderApp('/match/e1_p-ada');
    const link = await screen.findByRole('link', { name: 'Preview the presenter’s feedback' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/feedback/e1?presenter=p-ada');

    link.click();
    expect(await screen.findByRole('heading', { name: 'Feedback for Ada Okafor' }, { timeout: 8000 })).toBeTruthy();
    expect(app.location()).toBe('/feedback/e1');
    expect(screen.getByText('Preview: what Ada Okafor reads on this page.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Market access' }).textContent).toContain('4.3 of 5 from 3 ratings');
  });

  it('says when none was written for the presenter', async () => {
    await renderApp('/feedback/e1?presenter=p-lin');
    expect(await screen.findByText(feedbackMessages.previewNone, {}, { timeout: 8000 })).toBeTruthy();
  });
});
