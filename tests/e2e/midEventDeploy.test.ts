// A deploy in the middle of an event, in Debian's Chromium on the built app as Hosting serves it:
// a first-time phone (no service worker yet) sits on the queue and a returning one (its service
// worker in charge) is halfway through a questionnaire when a different build replaces the site,
// every chunk of the old one gone. The first phone opens the live presenter, whose code is gone:
// it reloads once onto the new version and rates; the second finishes and submits from its
// cached code, is told of the update, follows the next Next and reloads onto the new version.
// Every answer reaches the server once; no phone is stranded on a screen that never loads.

import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { PAGE_WAIT_MS, storeProfile } from '../support/browser';
import { openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { adaEntry, linEntry, storedQuestion } from '../support/fixtures';

const projectId = uniqueProjectId('e2e-deploy');
const bed = useBuiltApp(projectId);

/** The organisation's name in each version: the top bar's logo is named for it. */
const OLD_NAME = 'Polytechnic Innovation Office';
const NEW_NAME = 'Northgate Innovation Office';
let nextRelease = '';

beforeAll(async () => {
  const { admin, app } = bed();
  const batch = admin.db.batch();
  batch.set(
    admin.db.doc('events/medtech'),
    storedEvent({ title: 'Med-Tech Pitch Session', open: true, presenterIndex: 0, rounds: { round_1: [adaEntry, linEntry] } }),
  );
  batch.set(admin.db.doc('questions/q1'), storedQuestion(1, 'stars'));
  batch.set(admin.db.doc('questions/q2'), storedQuestion(2, 'text'));
  await batch.commit();
  nextRelease = await app.buildRelease({ VITE_ORGANISATION_NAME: NEW_NAME });
}, 180_000);

const person = (first: string) => ({
  first_name: first,
  last_name: 'Phone',
  email: `${first.toLowerCase()}@example.com`,
  company: 'Venue',
});

/** The version a page runs: the organisation its top bar names. */
const version = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('img', { name: /Innovation Office$/ })
    .getAttribute('alt');

async function liveIs(page: Page, name: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Live' })
    .getByRole('link', { name: new RegExp(`^${name}\\s*,\\s*Live$`) })
    .waitFor();
}

/** Opens the live presenter's questionnaire from the queue, past the star rules. */
async function openQuestionnaire(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: 'Live' })
    .getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ })
    .click();
  const rules = page.getByRole('dialog', { name: 'Star Rating System' });
  await rules.getByRole('button', { name: 'OK' }).click({ timeout: 60_000 });
  await rules.waitFor({ state: 'hidden' });
}

async function rateFirstQuestion(page: Page, stars: number, comment: string): Promise<void> {
  const first = page.getByRole('region', { name: 'Question 1' });
  await first.locator('label', { hasText: new RegExp(`^${stars} Stars?:`) }).click();
  expect(await first.getByRole('radio', { name: new RegExp(`^${stars} Stars?:`) }).isChecked()).toBe(true);
  await first.getByLabel('Comments').fill(comment);
}

async function submit(page: Page, answer: string): Promise<void> {
  await page.getByRole('region', { name: 'Question 2' }).getByLabel('Your answer').fill(answer);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Responses submitted successfully!').waitFor();
  await page.waitForURL('**/presenters');
}

/** The provider id of the profile this page holds (read before a reload: the test's stored profile comes back on each). */
const providerId = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('profile') ?? '{}').user_id as string);

/** The answers stored for Ada by this provider. */
async function storedAnswers(uid: string): Promise<Record<string, unknown>[]> {
  expect(uid).not.toBe('');
  const answers = await bed().admin.db.collection('responses').where('provider_id', '==', uid).get();
  return answers.docs
    .map((doc) => doc.data())
    .filter((answer) => answer.presenter_id === 'p-ada')
    .map(({ question_id, rating, comment, response }) => ({ question_id, rating, comment, response }))
    .sort((a, b) => String(a.question_id).localeCompare(String(b.question_id)));
}

describe('a deploy while the room rates', () => {
  it('strands no phone: both finish their ratings, follow the next Next and end on the new version', async () => {
    const { app, browser, admin } = bed();
    const contexts: BrowserContext[] = [];
    try {
      // A first-time phone: its browser has no service worker for the app yet.
      const firstContext = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
      contexts.push(firstContext);
      await storeProfile(firstContext, person('First'));
      const first = await firstContext.newPage();
      first.on('pageerror', (error) => console.error('[browser]', error.message));
      await first.goto(`${app.url}presenters`);
      await liveIs(first, 'Ada Okafor');

      // A returning phone, its service worker in charge, halfway through the questionnaire.
      const returning = await openPhone(browser, { profile: person('Again'), serviceWorkers: 'allow' });
      contexts.push(returning.context);
      const again = returning.page;
      await again.goto(`${app.url}presenters`);
      await liveIs(again, 'Ada Okafor');
      await again.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(() => again.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: PAGE_WAIT_MS })
        .toBe(true);
      await openQuestionnaire(again);
      await rateFirstQuestion(again, 4, 'We can run the pilot.');
      expect(await version(first)).toBe(OLD_NAME);
      expect(await version(again)).toBe(OLD_NAME);

      // The deploy: the old build's files are gone.
      const oldEntry = /"entry":"([^"]+)"/.exec(await (await fetch(`${app.url}presenters`)).text())?.[1];
      await app.deploy(nextRelease);
      const newEntry = /"entry":"([^"]+)"/.exec(await (await fetch(`${app.url}presenters`)).text())?.[1];
      expect(newEntry).not.toBe(oldEntry);
      expect((await fetch(`${app.url}${oldEntry?.slice(1)}`)).status).toBe(404);

      // The first phone asks for the questionnaire's code, gone with the old build: one reload
      // later it runs the new version, and rates.
      await Promise.all([first.waitForEvent('load', { timeout: 60_000 }), openQuestionnaire(first)]);
      expect(await version(first)).toBe(NEW_NAME);
      await rateFirstQuestion(first, 3, 'Interesting.');
      await submit(first, 'Send us the deck.');
      const firstId = await providerId(first);
      await liveIs(first, 'Ada Okafor');

      // The returning phone finishes from its cached code and is told of the new version.
      await submit(again, 'Great pitch.');
      const againId = await providerId(again);
      await liveIs(again, 'Ada Okafor');
      // The phone is shown again (it had slept between pitches): it looks for a new deployment.
      await again.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const prompt = again.getByRole('alert').filter({ hasText: 'Update available' });
      await prompt.getByRole('button', { name: 'Reload' }).waitFor({ timeout: 60_000 });

      // The next Next: both follow it.
      await admin.db.doc('events/medtech').update({ presenter_index: 1 });
      await liveIs(first, 'Lin Chen');
      await liveIs(again, 'Lin Chen');
      expect(await version(again)).toBe(OLD_NAME);

      // Reload takes the returning phone to the new version, still following the event.
      await Promise.all([
        again.waitForEvent('load', { timeout: 60_000 }),
        prompt.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await liveIs(again, 'Lin Chen');
      expect(await version(again)).toBe(NEW_NAME);

      // Nothing lost, nothing twice.
      expect(await storedAnswers(firstId)).toEqual([
        { question_id: 'q1', rating: 3, comment: 'Interesting.', response: null },
        { question_id: 'q2', rating: null, comment: null, response: 'Send us the deck.' },
      ]);
      expect(await storedAnswers(againId)).toEqual([
        { question_id: 'q1', rating: 4, comment: 'We can run the pilot.', response: null },
        { question_id: 'q2', rating: null, comment: null, response: 'Great pitch.' },
      ]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  }, 300_000);
});
