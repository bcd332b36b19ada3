// The installable app in Debian's Chromium, on the built app served by the Hosting emulator
// against the local backend: the service worker installs on a provider's first visit, and the
// next visit opens /presenters with no network at all (the app from the worker's cache, the queue
// from Firestore's persistent cache), and shows 'Internet Error!' both with the browser offline and
// online behind Wi-Fi that reaches nothing, until the backend answers again; a new deployment shows 'Update available' and Reload
// switches to it; the web app manifest is one Chromium accepts, with every icon at its size.
// The app, Firestore and Auth are each reached through a relay the test can cut off.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { startNetworkProxy, type NetworkProxy } from '../app/support/networkProxy';
import { openAdminDb, storedEvent, type AdminDb } from '../db/appDb';
import { launchChromium, PAGE_WAIT_MS, saveScreenshot } from '../support/browser';
import { checkPage, openPhone, startBuiltApp, type BuiltApp } from '../support/builtApp';
import { authEmulator, firestoreEmulator, uniqueProjectId } from '../support/emulators';
import { adaEntry, linEntry } from '../support/fixtures';

const projectId = uniqueProjectId('e2e-offline');

let app: BuiltApp;
let appUrl: string;
let browser: Browser;
let admin: AdminDb;
let relays: { app: NetworkProxy; firestore: NetworkProxy; auth: NetworkProxy };

beforeAll(async () => {
  const firestore = await startNetworkProxy(firestoreEmulator());
  const auth = await startNetworkProxy(authEmulator());
  app = await startBuiltApp(projectId, { firestore: firestore.address, auth: auth.address });
  const served = new URL(app.url);
  relays = { app: await startNetworkProxy({ host: served.hostname, port: Number(served.port) }), firestore, auth };
  appUrl = `http://${relays.app.address.host}:${relays.app.address.port}`;
  browser = await launchChromium();

  admin = openAdminDb(projectId);
  await admin.db.doc('events/medtech').set(
    storedEvent({
      title: 'Med-Tech Pitch Session',
      open: true,
      presenterIndex: 0,
      rounds: {
        round_1: [adaEntry, linEntry],
      },
    }),
  );
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await Promise.all(Object.values(relays ?? {}).map((relay) => relay.close()));
  await app?.close();
});

/** A phone with a provider's profile in its browser storage, as after a first visit. */
async function providerPhone(): Promise<{ context: BrowserContext; page: Page }> {
  return openPhone(browser, {
    serviceWorkers: 'allow',
    profile: { first_name: 'Offline', last_name: 'Opener', email: 'offline.opener@example.com', company: 'Venue Wi-Fi Ltd' },
  });
}

/** Waits until the page's service worker is active and in charge of the page. */
async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: PAGE_WAIT_MS }).toBe(true);
}

/** '#0b5cad' as a computed style reads it: 'rgb(11, 92, 173)'. */
function rgb(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
}

const internetError = (page: Page) => page.getByRole('alert').filter({ hasText: 'Internet Error!' });

async function queueShows(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: 'Live' })
    .getByRole('link', { name: /^Ada Okafor\s*,\s*Live$/ })
    .waitFor();
  await page
    .getByRole('region', { name: 'Up Next' })
    .getByRole('link', { name: /^Lin Chen\s*,\s*Up Next$/ })
    .waitFor();
}

describe('a returning provider with no network', () => {
  it('opens /presenters from the service worker and sees the last known queue', async () => {
    const { context, page } = await providerPhone();
    try {
      await page.goto(`${appUrl}/presenters`);
      await queueShows(page);
      await serviceWorkerInCharge(page);

      await context.setOffline(true);
      for (const relay of Object.values(relays)) relay.cutOff({ refuse: true });

      const response = await page.reload();
      expect(response?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
      await queueShows(page);
      await internetError(page).waitFor();
      await saveScreenshot(page, 'provider-offline-start-360');

      await context.setOffline(false);
      for (const relay of Object.values(relays)) relay.restore();
      await internetError(page).waitFor({ state: 'detached' });
    } finally {
      await context.setOffline(false);
      for (const relay of Object.values(relays)) relay.restore();
      await context.close();
    }
  }, 120_000);
});

describe('a provider on Wi-Fi that reaches nothing (the browser stays online)', () => {
  const backendRelays = () => [relays.firestore, relays.auth];

  it("shows 'Internet Error!' once the backend stops answering, and clears it when it answers again", async () => {
    const { context, page } = await providerPhone();
    try {
      await page.goto(`${appUrl}/presenters`);
      await queueShows(page);
      expect(await internetError(page).count(), 'no banner while the backend answers').toBe(0);

      // Connections hang, as behind a venue's Wi-Fi with no internet.
      // Nothing fails: the check of the backend, made every few seconds, finds it silent.
      for (const relay of backendRelays()) relay.cutOff();
      await internetError(page).waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => navigator.onLine), 'the browser still says online').toBe(true);

      for (const relay of backendRelays()) relay.restore();
      await internetError(page).waitFor({ state: 'detached' });
      await queueShows(page);
    } finally {
      for (const relay of backendRelays()) relay.restore();
      await context.close();
    }
  }, 120_000);

  it("opens /presenters with the last known queue and 'Internet Error!', which clears when the backend is back", async () => {
    const { context, page } = await providerPhone();
    try {
      await page.goto(`${appUrl}/presenters`);
      await queueShows(page);
      await serviceWorkerInCharge(page);

      for (const relay of backendRelays()) relay.cutOff({ refuse: true });
      await page.reload();
      await queueShows(page);
      await internetError(page).waitFor();
      expect(await page.evaluate(() => navigator.onLine), 'the browser still says online').toBe(true);

      for (const relay of backendRelays()) relay.restore();
      await internetError(page).waitFor({ state: 'detached' });
    } finally {
      for (const relay of backendRelays()) relay.restore();
      await context.close();
    }
  }, 120_000);
});

describe('a returning provider after the live presenter changed', () => {
  it('shows the new live presenter and never goes back to the one the phone cached', async () => {
    const { context, page } = await providerPhone();
    const live = (name: string) =>
      page.getByRole('region', { name: 'Live' }).getByRole('link', { name: new RegExp(`^${name}\\s*,\\s*Live$`) });
    try {
      await page.goto(`${appUrl}/presenters`);
      await queueShows(page);
      await serviceWorkerInCharge(page);
      // Through the live listener (the full SDK is in): its cache on the phone now says Ada.
      await admin.db.doc('events/medtech').update({ presenter_index: 1 });
      await live('Lin Chen').waitFor();
      await admin.db.doc('events/medtech').update({ presenter_index: 0 });
      await live('Ada Okafor').waitFor();
      await page.close();

      await admin.db.doc('events/medtech').update({ presenter_index: 1 });
      const next = await context.newPage();
      // Every live presenter the page ever shows, in order (a stale one may flash for a frame).
      await next.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { liveSeen: string[] }).liveSeen = seen;
        new MutationObserver(() => {
          const name = document.querySelector('section[aria-labelledby="group-live"] a')?.textContent ?? '';
          if (name !== '' && seen[seen.length - 1] !== name) seen.push(name);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await next.goto(`${appUrl}/presenters`);
      await next
        .getByRole('region', { name: 'Live' })
        .getByRole('link', { name: /^Lin Chen\s*,\s*Live$/ })
        .waitFor();
      // Both the first read and the live listener (cache, then server) have answered by now.
      await next.waitForTimeout(3_000);
      const seen = await next.evaluate(() => (window as unknown as { liveSeen: string[] }).liveSeen);
      const firstLin = seen.findIndex((name) => name.includes('Lin Chen'));
      expect(firstLin, `live presenters shown: ${seen.join(' → ')}`).toBeGreaterThanOrEqual(0);
      expect(
        seen.slice(firstLin).filter((name) => name.includes('Ada Okafor')),
        `live presenters shown: ${seen.join(' → ')}`,
      ).toEqual([]);
    } finally {
      await admin.db.doc('events/medtech').update({ presenter_index: 0 });
      await context.close();
    }
  }, 120_000);
});

describe('a new deployment', () => {
  it("shows 'Update available' and Reload switches to the new version", async () => {
    const { context, page } = await providerPhone();
    const worker = path.join(app.outDir, 'sw.js');
    const deployed = await fs.readFile(worker, 'utf8');
    try {
      await page.goto(`${appUrl}/presenters`);
      await queueShows(page);
      await serviceWorkerInCharge(page);

      // The next deployment: a service worker that differs by a byte is a new version.
      await fs.writeFile(worker, `${deployed}\n// the next deployment\n`);
      await app.deploy();
      await page.reload();
      const prompt = page.getByRole('alert').filter({ hasText: 'Update available' });
      await prompt.getByRole('button', { name: 'Reload' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((found) => found?.waiting !== null))).toBe(
        true,
      );
      const reloadColour = await prompt
        .getByRole('button', { name: 'Reload' })
        .evaluate((button) => getComputedStyle(button).backgroundColor);
      expect(reloadColour, "Reload in the theme's primary colour").toBe(rgb(theme.palette.primary.main));
      await checkPage(page, 360, 'provider-update-available');

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await queueShows(page);
      await serviceWorkerInCharge(page);
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((found) => found?.waiting ?? null)),
      ).toBeNull();
      expect(await page.getByText('Update available').count()).toBe(0);
    } finally {
      await fs.writeFile(worker, deployed);
      await app.deploy();
      await context.close();
    }
  }, 120_000);
});

describe('the web app manifest', () => {
  it('names the app, starts at /presenters, has the theme colour and icons at their sizes', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${appUrl}/presenters`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');

      const cdp = await page.context().newCDPSession(page);
      const parsed = await cdp.send('Page.getAppManifest');
      expect(parsed.errors, "Chromium's manifest parser finds no error").toEqual([]);

      const manifest = (await (await fetch(`${appUrl}/manifest.webmanifest`)).json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Pitch Live',
        short_name: 'Pitch Live',
        start_url: '/presenters',
        display: 'standalone',
        theme_color: theme.palette.primary.main,
      });
      expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const response = await fetch(new URL(icon.src, appUrl));
        expect(response.status, icon.src).toBe(200);
        expect(response.headers.get('content-type'), icon.src).toBe('image/png');
        const png = Buffer.from(await response.arrayBuffer());
        // A PNG's header chunk holds its width and height (bytes 16-23, big-endian).
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    } finally {
      await page.close();
    }
  }, 60_000);
});
