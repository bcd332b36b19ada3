// @vitest-environment happy-dom
// The control screen's Export menu with the real app signed in as an admin against the local
// backend: Export → 'Responses (CSV)', 'Matches (CSV)' and 'Pitch times (CSV)' download the event's data under the
// event's name and today's date. The download itself is the browser's part: it is observed
// through URL.createObjectURL and the link's click, which jsdom does not carry out.

import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MEETING_SETTINGS, storedMeetingSettings } from '../../domain/meetingSettings';
import { storedEvent } from '../db/appDb';
import { graceProfile, providerReasons, storedMatchReasons, storedPresenter } from '../support/fixtures';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });

const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };

interface Download {
  name: string;
  blob: Blob;
}

let downloads: Download[];

beforeEach(async () => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });

  const db = adminDb();
  await db.doc('events/medtech').set(storedEvent({ rounds: { round_1: [ada] } }));
  await db.doc('presenters/p-ada').set(storedPresenter());
  await db.doc('questions/q1').set({ question_number: 1, type: 'stars', title: 'Market need', questions: '', question: '' });
  await db.doc('providers/u-grace').set(graceProfile);
  await db.doc('responses/u-grace_medtech_p-ada_q1').set({
    event_id: 'medtech',
    question_id: 'q1',
    presenter_id: 'p-ada',
    provider_id: 'u-grace',
    type: 'stars',
    rating: 5,
    comment: '=1+1 great',
    response: null,
    updated_at: Timestamp.fromDate(new Date('2030-05-01T11:15:00Z')),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openControl() {
  await renderApp('/events/medtech');
  await screen.findByRole('heading', { name: 'Manage Presenters' }, { timeout: 10_000 });
  return userEvent.setup();
}

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The file's rows, read as the page's own Blob (jsdom's has no text()), after its byte order mark. */
async function rowsOf(blob: Blob): Promise<string[][]> {
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false }).data;
}

/** Ada's final match: Grace. */
async function storeAdaMatch() {
  await adminDb()
    .doc('final_matches/medtech_p-ada')
    .set({
      event_id: 'medtech',
      presenter_id: 'p-ada',
      presenter_details: {
        first_name: 'Ada',
        last_name: 'Okafor',
        email: 'ada@startup.example',
        company: 'PulseLoop',
        linkedin_url: null,
        profile_url: null,
      },
      matched_providers: [
        {
          provider_id: 'u-grace',
          provider_details: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', company: 'Navy Labs' },
        },
      ],
    });
}

describe('the Export menu', () => {
  it('offers the responses, the matches and the pitch times, as CSV and as Excel', async () => {
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Responses (CSV)',
      'Responses (Excel)',
      'Matches (CSV)',
      'Matches (Excel)',
      'Pitch times (CSV)',
      'Pitch times (Excel)',
    ]);
  });

  it("downloads each presenter's pitch length and overtime as CSV, pauses left out", async () => {
    const started = Date.parse('2030-05-01T11:20:00Z');
    await adminDb()
      .doc('events/medtech')
      .update({
        pitch_times: {
          'p-ada': {
            started_at: Timestamp.fromMillis(started),
            ended_at: Timestamp.fromMillis(started + 212_500),
            paused_ms: 20_000,
            pitch_seconds: 180,
            question_seconds: 0,
          },
        },
      });
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pitch times (CSV)' }));

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    expect(downloads[0]?.name).toBe(`med-tech-pitch-session-pitch-times-${today()}.csv`);
    const rows = await rowsOf(downloads[0]?.blob ?? new Blob());
    expect(rows[0]).toEqual([
      'Presenter',
      'Round',
      'Order',
      'Pitch length (s)',
      'Overtime (s)',
      'Paused (s)',
      'Pitch time set (s)',
      'Question time set (s)',
      'Live from',
      'Live until',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'Ada Okafor',
        '1',
        '1',
        '192.5',
        '12.5',
        '20',
        '180',
        '0',
        expect.stringMatching(/^2030-05-01 \d\d:20:00$/),
        expect.stringMatching(/^2030-05-01 \d\d:23:32$/),
      ],
    ]);
  });

  it("downloads the event's responses as CSV, named after the event and today", async () => {
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Responses (CSV)' }));

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    const [download] = downloads;
    expect(download?.name).toBe(`med-tech-pitch-session-responses-${today()}.csv`);
    const rows = await rowsOf(download?.blob ?? new Blob());
    expect(rows[0]?.slice(0, 3)).toEqual(['Provider', 'Provider company', 'Provider e-mail']);
    expect(rows.slice(1)).toEqual([
      [
        'Grace Hopper',
        'Navy Labs',
        'grace@example.com',
        'Ada Okafor',
        'PulseLoop',
        '1',
        'Market need',
        'stars',
        '5',
        "'=1+1 great",
        '',
        expect.stringMatching(/^2030-05-01 \d\d:15:00$/),
      ],
    ]);
    // The progress line is gone and the menu can be used again.
    expect(screen.queryByText(/^Exporting responses…/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(false);
  });

  it("downloads the event's final matches as CSV, with score and reason", async () => {
    const db = adminDb();
    await storeAdaMatch();
    await db
      .doc('match_reasons/medtech_p-ada')
      .set(storedMatchReasons('medtech', 'p-ada', [providerReasons('u-grace', 5, 1, [['q1', 'Market need', 5]])]));
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Matches (CSV)' }));

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    expect(downloads[0]?.name).toBe(`med-tech-pitch-session-matches-${today()}.csv`);
    expect(await rowsOf(downloads[0]?.blob ?? new Blob())).toEqual([
      [
        'Presenter',
        'Presenter company',
        'Presenter e-mail',
        'Provider',
        'Provider company',
        'Provider e-mail',
        'Score',
        'Reason',
      ],
      [
        'Ada Okafor',
        'PulseLoop',
        'ada@startup.example',
        'Grace Hopper',
        'Navy Labs',
        'grace@example.com',
        '5',
        'Market need: 5 of 5',
      ],
    ]);
  });

  it('offers the meetings when the event has meetings after matching, and downloads every one with what became of it', async () => {
    const db = adminDb();
    await db.doc('events/medtech').update({
      meetings: {
        ...storedMeetingSettings(DEFAULT_MEETING_SETTINGS),
        enabled: true,
        start_time: Timestamp.fromDate(new Date(2030, 4, 1, 20, 0)),
      },
    });
    await storeAdaMatch();
    const meeting = { event_id: 'medtech', presenter_id: 'p-ada', provider_id: 'u-grace', place: '=Table 1', sequence: 0 };
    await db
      .doc('meetings/medtech_p-ada_u-grace')
      .set({ ...meeting, slot: 1, status: 'accepted', requested_by: 'provider', met_by: ['presenter'] });
    const user = await openControl();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      screen
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
        .slice(-2),
    ).toEqual(['Meetings (CSV)', 'Meetings (Excel)']);
    await user.click(screen.getByRole('menuitem', { name: 'Meetings (CSV)' }));

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 15_000 });
    expect(downloads[0]?.name).toBe(`med-tech-pitch-session-meetings-${today()}.csv`);
    const [header, row] = await rowsOf(downloads[0]?.blob ?? new Blob());
    expect(header).toEqual([
      'Time',
      'Place',
      'Presenter',
      'Presenter company',
      'Presenter e-mail',
      'Provider',
      'Provider company',
      'Provider e-mail',
      'Status',
      'Asked by',
      'Held',
    ]);
    expect(row?.slice(1)).toEqual([
      "'=Table 1",
      'Ada Okafor',
      'PulseLoop',
      'ada@startup.example',
      'Grace Hopper',
      'Navy Labs',
      'grace@example.com',
      'Confirmed',
      'Provider',
      'Yes (said by the presenter)',
    ]);
    // The second slot of ten minutes from 20:00, local time.
    expect(row?.[0]).toContain('20:10');
  });
});
