// The provider's journey in Debian's Chromium, on the built app served by the Hosting emulator,
// against the local backend: landing → profile → presenters → questions → a submitted rating, on a
// 360 px phone and a 1280 px laptop; then an attendee browsing the results and a match. Each step
// is screenshotted (tests/artifacts/) and scanned with axe-core: no serious or critical
// accessibility violations.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminDb, storedEvent, type AdminDb } from '../db/appDb';
import { launchChromium, PAGE_WAIT_MS, saveScreenshot } from '../support/browser';
import { checkPage, openPhone, startBuiltApp, type BuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { adaEntry, linEntry } from '../support/fixtures';

const projectId = uniqueProjectId('e2e-provider');

let app: BuiltApp;
let appUrl: string;
let browser: Browser;
let admin: AdminDb;

beforeAll(async () => {
  app = await startBuiltApp(projectId);
  appUrl = app.url;
  browser = await launchChromium();

  admin = openAdminDb(projectId);
  const batch = admin.db.batch();
  batch.set(
    admin.db.doc('events/medtech'),
    storedEvent({
      title: 'Med-Tech Pitch Session',
      open: true,
      presenterIndex: 0,
      rounds: {
        round_1: [adaEntry, linEntry, { presenter_id: 'p-results', first_name: 'session', last_name: 'results' }],
      },
    }),
  );
  batch.set(admin.db.doc('questions/q1'), {
    question_number: 1,
    type: 'stars',
    title: 'Clinical validation',
    questions: 'How well can you support clinical validation and trials?',
    question: 'Clinical validation',
  });
  batch.set(admin.db.doc('questions/q2'), {
    question_number: 2,
    type: 'rating',
    title: 'Overall',
    questions: 'How promising is this innovation overall?',
    question: 'Overall',
  });
  batch.set(admin.db.doc('questions/q3'), {
    question_number: 3,
    type: 'text',
    title: 'Comments',
    questions: 'Anything you would like the presenter to know?',
    question: 'Comments',
  });
  batch.set(admin.db.doc('final_matches/m-ada'), {
    event_id: 'medtech',
    presenter_id: 'p-ada',
    presenter_details: {
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@pulseloop.example',
      company: 'PulseLoop',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      profile_url: null,
    },
    matched_providers: [
      {
        provider_id: 'x1',
        provider_details: { first_name: 'Omar', last_name: 'Diaz', email: 'omar@partner.example', company: 'MedScale' },
      },
      {
        provider_id: 'x2',
        provider_details: {
          first_name: 'Attendee',
          last_name: 'Viewer',
          email: 'attendee@example.com',
          company: 'Care Partners',
        },
      },
    ],
  });
  batch.set(admin.db.doc('final_matches/m-lin'), {
    event_id: 'medtech',
    presenter_id: 'p-lin',
    presenter_details: {
      first_name: 'Lin',
      last_name: 'Chen',
      email: 'lin@gaitsense.example',
      company: 'GaitSense',
      linkedin_url: null,
      profile_url: null,
    },
    matched_providers: [],
  });
  await batch.commit();
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await app?.close();
});

describe.each([
  { width: 360, height: 740, email: 'phone.provider@example.com' },
  { width: 1280, height: 800, email: 'laptop.provider@example.com' },
])('the provider journey at $width px', ({ width, height, email }) => {
  it('goes from the landing page to a submitted rating', async () => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[browser]', error.message));
    try {
      await page.goto(appUrl);
      await page.getByText('Please complete your profile in order to participate.').waitFor();
      await page
        .getByRole('region', { name: 'Explore Sessions' })
        .getByRole('link', { name: /^11:15 AM\s*,\s*Med-Tech Pitch Session/ })
        .waitFor();
      await checkPage(page, width, 'provider-landing');

      await page.getByRole('link', { name: 'Complete Your Profile' }).click();
      await page.getByRole('heading', { name: 'Provider Profile' }).waitFor();
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Company Name').fill('Navy Labs');
      await page.getByLabel('Phone Number').pressSequentially('5550100123');
      expect(await page.getByLabel('Phone Number').inputValue()).toBe('(555) 010-0123');
      await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
      await checkPage(page, width, 'provider-profile');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile saved successfully!').waitFor();
      await page.waitForURL('**/presenters');

      const live = page.getByRole('region', { name: 'Live' });
      await live.getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link', { name: 'Presenters' }).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();
      await page
        .getByRole('region', { name: 'Up Next' })
        .getByRole('link', { name: /^Lin Chen\s*,\s*Up Next$/ })
        .waitFor();
      await checkPage(page, width, 'provider-presenters');

      await live.getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ }).click();
      const rules = page.getByRole('dialog', { name: 'Star Rating System' });
      await rules.waitFor();
      await checkPage(page, width, 'provider-star-rating-system');
      await rules.getByRole('button', { name: 'OK' }).click();
      await rules.waitFor({ state: 'hidden' });

      const stars = page.getByRole('region', { name: 'Clinical validation' });
      await stars.locator('label', { hasText: '4 Stars: Broad service offerings' }).click();
      expect(await stars.getByRole('radio', { name: '4 Stars: Broad service offerings' }).isChecked()).toBe(true);
      await stars.getByLabel('Comments').fill('We can run a pilot study.');
      await page.getByRole('region', { name: 'Overall' }).getByRole('button', { name: '5 of 5' }).click();
      await page.getByRole('region', { name: 'Comments' }).getByLabel('Your answer').fill('Great pitch.');
      await checkPage(page, width, 'provider-questions');

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Responses submitted successfully!').waitFor();
      await page.waitForURL('**/presenters');
      await live.getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ }).waitFor();
      await checkPage(page, width, 'provider-submitted');

      const uid = await page.evaluate(() => JSON.parse(window.localStorage.getItem('profile') ?? '{}').user_id as string);
      const stored = await admin.db.collection('responses').where('provider_id', '==', uid).get();
      const byQuestion = Object.fromEntries(stored.docs.map((document) => [document.get('question_id'), document.data()]));
      expect(byQuestion.q1).toMatchObject({
        presenter_id: 'p-ada',
        event_id: 'medtech',
        rating: 4,
        comment: 'We can run a pilot study.',
      });
      expect(byQuestion.q2).toMatchObject({ rating: 5 });
      expect(byQuestion.q3).toMatchObject({ response: 'Great pitch.' });
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe.each([
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
])('an attendee at $width px', ({ width, height }) => {
  it('browses the results, opens a match and its details page', async () => {
    const { context, page } = await openPhone(browser, {
      viewport: { width, height },
      profile: { first_name: 'Attendee', last_name: 'Viewer', email: 'attendee@example.com', company: 'Care Partners' },
    });
    try {
      await page.goto(new URL('/results', appUrl).href);
      const yours = page.getByRole('region', { name: 'Your Matches' });
      await yours.getByRole('button', { name: /^Ada Okafor/ }).waitFor();
      await page
        .getByRole('region', { name: 'Potential Matches' })
        .getByRole('button', { name: /^Lin Chen/ })
        .waitFor();
      await checkPage(page, width, 'provider-results');

      await yours.getByRole('button', { name: /^Ada Okafor/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Ada Okafor' });
      await dialog.getByText('Attendee Viewer (You)').waitFor();
      await page.waitForTimeout(1_600);
      await checkPage(page, width, 'provider-results-dialog');

      await dialog.getByRole('link', { name: 'Match Details' }).click();
      await page.waitForURL('**/match/m-ada');
      await page.getByRole('heading', { name: 'Ada Okafor' }).waitFor();
      await page.getByRole('link', { name: 'View LinkedIn Profile' }).waitFor();
      await checkPage(page, width, 'provider-match-details');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a provider on a phone during a Wi-Fi drop-out', () => {
  it('keeps a rating given offline, says it will be sent; once back online the next change shows within 3 s and the server has the rating', async () => {
    // A phone as it is at the venue: the app's service worker installed, its code cached.
    const { context, page } = await openPhone(browser, {
      serviceWorkers: 'allow',
      profile: { first_name: 'Offline', last_name: 'Rater', email: 'offline.rater@example.com', company: 'Venue Wi-Fi Ltd' },
    });
    try {
      await page.goto(new URL('/presenters', appUrl).href);
      const live = page.getByRole('region', { name: 'Live' });
      await live.getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ }).waitFor();
      // The cached profile is saved under the anonymous uid in the background; wait for it.
      const uid = async (): Promise<string> =>
        page.evaluate(() => JSON.parse(window.localStorage.getItem('profile') ?? '{}').user_id as string);
      await expect
        .poll(async () => (await uid()) !== '' && (await admin.db.doc(`providers/${await uid()}`).get()).exists, {
          timeout: PAGE_WAIT_MS,
        })
        .toBe(true);

      await live.getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ }).click();
      const rules = page.getByRole('dialog', { name: 'Star Rating System' });
      await rules.getByRole('button', { name: 'OK' }).click();
      await rules.waitFor({ state: 'hidden' });
      const stars = page.getByRole('region', { name: 'Clinical validation' });
      await stars.locator('label', { hasText: '3 Stars: Moderate support' }).click();
      // The admin moves on: the phone rates a presenter who has finished.
      await admin.db.doc('events/medtech').update({ presenter_index: 1 });

      await context.setOffline(true);
      await page.getByRole('alert').filter({ hasText: 'Internet Error!' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page
        .getByText('Your answers are saved on this device and will be sent automatically when you are back online.')
        .first()
        .waitFor();
      expect(await page.getByText('An error occurred.').count()).toBe(0);
      await saveScreenshot(page, 'provider-offline-rating-360');

      // Back online, the admin's next change (the event closed, to start in an hour) shows within 3 s.
      await page.waitForURL('**/presenters');
      await context.setOffline(false);
      const back = Date.now();
      await admin.db.doc('events/medtech').update({ is_event_open: false, start_time: new Date(back + 3600_000) });
      await page.getByRole('heading', { name: 'Event Starting In' }).waitFor({ timeout: Math.max(1, back + 3_000 - Date.now()) });
      const stored = async (): Promise<unknown> => {
        const answers = await admin.db
          .collection('responses')
          .where('provider_id', '==', await uid())
          .get();
        return answers.docs.map((document) => [document.get('question_id'), document.get('rating')]);
      };
      await expect.poll(stored, { timeout: PAGE_WAIT_MS, interval: 500 }).toEqual([['q1', 3]]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
