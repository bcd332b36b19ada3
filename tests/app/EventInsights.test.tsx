// @vitest-environment happy-dom
// The event insights page (/events/:eventId/insights) with the real app signed in as an admin
// against the local backend: per presenter the number of ratings and each star question's mean
// and distribution, the Disagreement and conflict-of-interest flags and the comments; per provider
// the presenters rated and the leniency; the matches without and with fair scores when the event
// corrects for lenient and harsh raters; each presenter's pitch length and overtime with the
// session's total overrun; the meetings after matching; and the message for an event that does not exist.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_SETTINGS, storedMeetingSettings } from '../../domain/meetingSettings';
import { storedEvent } from '../db/appDb';
import { storedPresenter } from '../support/fixtures';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });

const rounds = {
  round_1: [
    { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
    { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
  ],
};

const providers = {
  'u-grace': { first_name: 'Grace', last_name: 'Hopper', company: 'Navy Labs' },
  'u-hiro': { first_name: 'Hiro', last_name: 'Tanaka', company: 'Kaizen Ventures' },
  'u-amara': { first_name: 'Amara', last_name: 'Obi', company: 'PulseLoop Inc.' },
};

let minute = 0;

async function answer(
  provider: string,
  presenter: string,
  question: string,
  fields: { rating?: number; comment?: string; response?: string },
) {
  minute += 1;
  await adminDb()
    .doc(`responses/${provider}_medtech_${presenter}_${question}`)
    .set({
      event_id: 'medtech',
      question_id: question,
      presenter_id: presenter,
      provider_id: provider,
      type: question === 'q3' ? 'text' : 'stars',
      rating: fields.rating ?? null,
      comment: fields.comment ?? null,
      response: fields.response ?? null,
      updated_at: Timestamp.fromDate(new Date(Date.UTC(2030, 4, 1, 11, minute))),
    });
}

async function arrange({ fairScores }: { fairScores: boolean }) {
  const db = adminDb();
  await db.doc('events/medtech').set({
    ...storedEvent({ rounds, open: true, presenterIndex: 1 }),
    min_match_score: 4,
    max_matches_per_presenter: 5,
    fair_scores: fairScores,
    exclude_conflicts: true,
  });
  await db.doc('presenters/p-ada').set(
    storedPresenter({
      first_name: 'Ada',
      last_name: 'Okafor',
      company: 'PulseLoop',
      email: 'ada@pulseloop.io',
      favourites: [],
    }),
  );
  await db.doc('presenters/p-lin').set(
    storedPresenter({
      first_name: 'Lin',
      last_name: 'Chen',
      company: 'Chen Diagnostics',
      email: 'lin@chen.io',
      favourites: [],
    }),
  );
  const questions = [
    { id: 'q1', type: 'stars', title: 'Clinical validation' },
    { id: 'q2', type: 'stars', title: 'Regulatory pathway' },
    { id: 'q3', type: 'text', title: 'Comments' },
  ];
  for (const [index, question] of questions.entries()) {
    await db
      .doc(`questions/${question.id}`)
      .set({ question_number: index + 1, type: question.type, title: question.title, questions: '', question: '' });
  }
  for (const [id, provider] of Object.entries(providers)) {
    const email = `${provider.first_name.toLowerCase()}@example.com`;
    await db.doc(`providers/${id}`).set({ ...provider, email, phone: '', terms_accepted: true });
  }
  // Ada: Grace and Hiro love the pitch, Amara (of Ada's own company) does not: a disagreement.
  await answer('u-grace', 'p-ada', 'q1', { rating: 5, comment: 'Needs a trial partner' });
  await answer('u-grace', 'p-ada', 'q2', { rating: 5 });
  await answer('u-hiro', 'p-ada', 'q1', { rating: 5 });
  await answer('u-hiro', 'p-ada', 'q2', { rating: 4 });
  await answer('u-amara', 'p-ada', 'q1', { rating: 1 });
  await answer('u-amara', 'p-ada', 'q2', { rating: 1 });
  await answer('u-amara', 'p-ada', 'q3', { response: 'Great traction in two clinics' });
  // Lin: everyone agrees on 4 stars.
  for (const provider of Object.keys(providers)) {
    await answer(provider, 'p-lin', 'q1', { rating: 4 });
    await answer(provider, 'p-lin', 'q2', { rating: 4 });
  }
}

async function openInsights() {
  await renderApp('/events/medtech/insights');
  await screen.findByRole('heading', { name: 'Insights: Med-Tech Pitch Session' }, { timeout: 15_000 });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('the event insights page', () => {
  beforeEach(async () => {
    minute = 0;
  });

  it("shows each presenter's number of ratings and each star question's mean and distribution", async () => {
    await arrange({ fairScores: false });
    await openInsights();

    const ada = card('Ada Okafor');
    expect(within(ada).getByText('3 ratings')).toBeTruthy();
    expect(
      within(ada).getByRole('img', {
        name: 'Clinical validation: mean 3.7 from 3 ratings; 1 star: 1, 2 stars: 0, 3 stars: 0, 4 stars: 0, 5 stars: 2',
      }),
    ).toBeTruthy();
    expect(within(ada).getByText('Mean 3.3 from 3 ratings')).toBeTruthy();
    // The event has no meetings after matching: nothing about them.
    expect(within(ada).queryByText(/^Meetings:/)).toBeNull();
    const lin = card('Lin Chen');
    expect(within(lin).getByText('3 ratings')).toBeTruthy();
    expect(
      within(lin).getByRole('img', {
        name: 'Regulatory pathway: mean 4.0 from 3 ratings; 1 star: 0, 2 stars: 0, 3 stars: 0, 4 stars: 3, 5 stars: 0',
      }),
    ).toBeTruthy();
  });

  it('flags the presenter whose raters disagree, and says what the flag means', async () => {
    await arrange({ fairScores: false });
    await openInsights();

    expect(within(card('Ada Okafor')).getByText('Disagreement')).toBeTruthy();
    expect(within(card('Lin Chen')).queryByText('Disagreement')).toBeNull();
    expect(
      screen.getByText(
        "Disagreement: the raters' own mean scores for a presenter spread (standard deviation) 1 star or more, among at least 3 raters.",
      ),
    ).toBeTruthy();
  });

  it('flags a conflict of interest between a provider and a presenter of the same company', async () => {
    await arrange({ fairScores: false });
    await openInsights();

    const ada = card('Ada Okafor');
    expect(within(ada).getByText('Conflict of interest')).toBeTruthy();
    expect(within(ada).getByText('Conflict of interest: Amara Obi (same company)')).toBeTruthy();
    expect(within(card('Lin Chen')).queryByText('Conflict of interest')).toBeNull();
  });

  it('lists the comments and text answers on each presenter, with who gave them on which question', async () => {
    await arrange({ fairScores: false });
    await openInsights();

    const comments = within(screen.getByRole('list', { name: 'Comments on Ada Okafor' })).getAllByRole('listitem');
    expect(comments.map((item) => item.textContent)).toEqual([
      '“Needs a trial partner” (Grace Hopper, Clinical validation)',
      '“Great traction in two clinics” (Amara Obi, Comments)',
    ]);
    expect(within(card('Lin Chen')).getByText('No comments.')).toBeTruthy();
  });

  it("shows each provider's presenters rated and leniency", async () => {
    await arrange({ fairScores: false });
    await openInsights();

    const table = screen.getByRole('table');
    const row = (name: string) =>
      within(
        within(table)
          .getByRole('rowheader', { name: new RegExp(`^${name}`) })
          .closest('tr') as HTMLElement,
      )
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Amara: 1, 1, 4, 4 → mean 2.5, spread 1.5. Hiro: 5, 4, 4, 4 → 4.25 (4.3), spread 0.43 (0.4).
    expect(row('Amara Obi')).toEqual(['2', '4', '2.5', '1.5']);
    expect(row('Hiro Tanaka')).toEqual(['2', '4', '4.3', '0.4']);
  });

  it('shows the matches without and with fair scores side by side when the event corrects for lenient and harsh raters', async () => {
    await arrange({ fairScores: true });
    await openInsights();

    const ada = card('Ada Okafor');
    const without = within(within(ada).getByRole('list', { name: 'Without fair scores' })).getAllByRole('listitem');
    expect(without.map((item) => item.textContent)).toEqual(['Grace Hopper: 5 of 5', 'Hiro Tanaka: 4.5 of 5']);
    expect(within(ada).getByRole('list', { name: 'With fair scores' })).toBeTruthy();
    expect(within(card('Lin Chen')).getByRole('list', { name: 'Without fair scores' })).toBeTruthy();
  });

  it("shows a lenient rater's 4 stars dropping out of the matches with fair scores, and a harsh rater's staying", async () => {
    await arrange({ fairScores: true });
    const db = adminDb();
    await db.doc('questions/q4').set({ question_number: 4, type: 'stars', title: 'Market access', questions: '', question: '' });
    for (const id of Object.keys(providers)) {
      for (const question of ['q1', 'q2', 'q4']) {
        await db.doc(`responses/${id}_medtech_p-ada_${question}`).delete();
        await db.doc(`responses/${id}_medtech_p-lin_${question}`).delete();
      }
    }
    // Both give Ada 4 stars everywhere; Grace (harsh) gives Lin 2, 2 and 1, Hiro (lenient) 5s.
    for (const question of ['q1', 'q2', 'q4']) {
      await answer('u-grace', 'p-ada', question, { rating: 4 });
      await answer('u-hiro', 'p-ada', question, { rating: 4 });
      await answer('u-hiro', 'p-lin', question, { rating: 5 });
    }
    await answer('u-grace', 'p-lin', 'q1', { rating: 2 });
    await answer('u-grace', 'p-lin', 'q2', { rating: 2 });
    await answer('u-grace', 'p-lin', 'q4', { rating: 1 });
    await openInsights();

    const ada = card('Ada Okafor');
    const names = (list: string) =>
      within(within(ada).getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]);
    expect(names('Without fair scores')).toEqual(['Grace Hopper', 'Hiro Tanaka']);
    expect(names('With fair scores')).toEqual(['Grace Hopper']);
  });

  it('says fair scores are off, without the comparison, when the event does not correct for them', async () => {
    await arrange({ fairScores: false });
    await openInsights();

    expect(
      screen.getByText("Fair scores are off for this event ('Correct for lenient and harsh raters' in Edit Event)."),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Without fair scores' })).toBeNull();
  });

  it("shows each presenter's pitch length and overtime in the order they pitched, and the session's total overrun", async () => {
    await arrange({ fairScores: false });
    const started = Date.parse('2030-05-01T11:20:00Z');
    const record = (from: number, lengthMs: number, pausedMs: number) => ({
      started_at: Timestamp.fromMillis(from),
      ended_at: Timestamp.fromMillis(from + lengthMs + pausedMs),
      paused_ms: pausedMs,
      pitch_seconds: 180,
      question_seconds: 0,
    });
    await adminDb()
      .doc('events/medtech')
      .update({
        pitch_times: { 'p-lin': record(started + 400_000, 171_900, 0), 'p-ada': record(started, 205_400, 30_000) },
      });
    await openInsights();

    const section = screen.getByRole('region', { name: 'Pitch times' });
    const rows = within(within(section).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ada Okafor', '3:25', '+0:25', '3:00'],
      ['Lin Chen', '2:51', 'None', '3:00'],
    ]);
    expect(within(section).getByTestId('total-overrun').textContent).toBe('Total overrun: 0:25');
  });

  it('says no pitch has been timed before any presenter has gone live', async () => {
    await arrange({ fairScores: false });
    await openInsights();
    expect(
      within(screen.getByRole('region', { name: 'Pitch times' })).getByText(
        'No pitch has been timed yet: the clock starts when a presenter goes live.',
      ),
    ).toBeTruthy();
  });

  it("shows each presenter's meetings after matching requested, accepted and held, when the event has them", async () => {
    await arrange({ fairScores: false });
    const db = adminDb();
    await db.doc('events/medtech').update({ meetings: { ...storedMeetingSettings(DEFAULT_MEETING_SETTINGS), enabled: true } });
    const meeting = (provider: string, slot: number, status: string, met_by: string[] = []) =>
      db.doc(`meetings/medtech_p-ada_${provider}`).set({
        event_id: 'medtech',
        presenter_id: 'p-ada',
        provider_id: provider,
        slot,
        place: 'Table 1',
        status,
        requested_by: 'provider',
        sequence: 0,
        met_by,
      });
    await meeting('u-grace', 0, 'accepted', ['provider']);
    await meeting('u-hiro', 1, 'accepted');
    await meeting('u-amara', 2, 'declined');
    await openInsights();
    expect(within(card('Ada Okafor')).getByText('Meetings: 3 requested · 2 accepted · 1 held')).toBeTruthy();
    expect(within(card('Lin Chen')).getByText('Meetings: 0 requested · 0 accepted · 0 held')).toBeTruthy();
  });

  it('goes back to the control screen', async () => {
    await arrange({ fairScores: false });
    const view = await renderApp('/events/medtech/insights');
    await screen.findByRole('heading', { name: 'Insights: Med-Tech Pitch Session' }, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to event control' }));
    await waitFor(() => expect(view.location()).toBe('/events/medtech'));
  });

  it('says so when the event does not exist', async () => {
    await renderApp('/events/gone/insights');
    expect(await screen.findByText('This event does not exist. It may have been deleted.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
