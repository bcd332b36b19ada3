// A provider's first load of /presenters, on the built app in Debian's Chromium against the local
// backend: at most 250 KB gzip of JavaScript, with neither admin code nor the full Firestore SDK
// in it (scripts/firstLoad.ts reads the build); the queue shows while the full SDK's chunk is
// still held back by the network, and once it is in, the queue follows the live presenter. The
// admin's sign-in on /events works while the full SDK is held back, which only the dashboard needs.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCodeIn, FIRST_LOAD_BUDGET_KB, readFirstLoad } from '../../scripts/firstLoad';
import { storedEvent } from '../db/appDb';
import { createAccount } from '../support/adminAccount';
import { PAGE_WAIT_MS, storeProfile } from '../support/browser';
import { builtAppDir, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('e2e-first-load');
/** The full Firestore SDK's chunk (vite.config.ts names it 'firestore'). */
const FULL_SDK_CHUNK = '**/assets/firestore-*.js';

const bed = useBuiltApp(projectId);

beforeAll(async () => {
  await bed()
    .admin.db.doc('events/medtech')
    .set(storedEvent({ open: true, presenterIndex: 0 }));
});

function liveLink(page: Page, name: string) {
  return page.getByRole('region', { name: 'Live' }).getByRole('link', { name: new RegExp(`^${name}\\s*,\\s*Live$`) });
}

describe("a provider's first load of /presenters", () => {
  it('is at most 250 KB gzip of JavaScript, with Firestore Lite and without admin code or the full Firestore SDK', async () => {
    // The run's build (browserSetup.ts): as deployed, with Vite's manifest and source maps.
    const load = await readFirstLoad(builtAppDir());
    expect(load.gzip / 1024).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    expect(adminCodeIn(load)).toEqual([]);
    const sources = load.chunks.flatMap((chunk) => chunk.sources);
    expect(sources.filter((source) => /@firebase\/firestore\/dist\/(?!lite\/)/.test(source))).toEqual([]);
    expect(sources.some((source) => /@firebase\/firestore\/dist\/lite\//.test(source))).toBe(true);
    // The full SDK still comes, right after: the queue's live listener is in its chunk.
    expect(load.later.map((later) => later.label)).toContain('src/db/events.ts');
  });
});

describe('the queue on a first visit', () => {
  it('shows the queue before the full Firestore SDK is in, then follows the live presenter', async () => {
    // No service worker: every chunk comes from the network, where the test can hold one back.
    const context = await bed().browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await context.route(FULL_SDK_CHUNK, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    await storeProfile(context, {
      first_name: 'First',
      last_name: 'Loader',
      email: 'first.loader@example.com',
      company: 'Venue Wi-Fi Ltd',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[browser]', error.message));
    try {
      await page.goto(new URL('/presenters', bed().app.url).href);
      await liveLink(page, 'Ada Okafor').waitFor();
      // The full SDK was asked for once the queue showed, and is still held back.
      await expect.poll(() => held.length, { timeout: PAGE_WAIT_MS }).toBe(1);
      expect(await liveLink(page, 'Ada Okafor').isVisible()).toBe(true);

      release();
      await bed().admin.db.doc('events/medtech').update({ presenter_index: 1 });
      await liveLink(page, 'Lin Chen').waitFor();
      await bed().admin.db.doc('events/medtech').update({ presenter_index: 2 });
      await liveLink(page, 'Sam Rivera').waitFor();
    } finally {
      release();
      await context.close();
    }
  }, 120_000);
});

describe("an attendee's first load of /results", () => {
  it('shows the session results while the full Firestore SDK is held back by the network', async () => {
    // The page accepts a result e-mail's sign-in link, whose code needs the full SDK and Auth: it
    // must fetch that code when an address is submitted, not with the page.
    const context = await bed().browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(FULL_SDK_CHUNK, async (route) => {
      await released;
      await route.continue();
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[browser]', error.message));
    try {
      await page.goto(new URL('/results', bed().app.url).href);
      await page.getByText('No other potential matches found.').waitFor();
      await page.getByRole('link', { name: 'Create your profile' }).waitFor();
    } finally {
      release();
      await context.close();
    }
  }, 120_000);
});

describe("an admin's first load of /events", () => {
  it('takes the sign-in while the full Firestore SDK is held back, and fetches it for the dashboard', async () => {
    const account = await createAccount(projectId);
    const context = await bed().browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await context.route(FULL_SDK_CHUNK, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[browser]', error.message));
    const authCode = page.waitForResponse(/\/assets\/firebase-auth-[^/]*\.js$/);
    try {
      await page.goto(new URL('/events', bed().app.url).href);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      // Continue is enabled by the app's form, not the build-time one: the app has taken over.
      const continueButton = page.getByRole('button', { name: 'Continue' });
      await expect.poll(() => continueButton.isEnabled()).toBe(true);
      // Auth's code comes at the first idle moment; the full SDK is not asked for until an admin is in.
      await authCode;
      expect(held).toEqual([]);

      await continueButton.click();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Admin Portal' }).count()).toBe(0);

      release();
      await page.getByRole('heading', { name: 'Events Dashboard' }).waitFor();
    } finally {
      release();
      await context.close();
    }
  }, 120_000);
});
