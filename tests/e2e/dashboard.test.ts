// The events dashboard at a glance in Debian's Chromium, on the built app against the
// local backend with the project's rules in force: an admin signs in and sees events in different
// states (live, upcoming, matched, e-mails sent, e-mails failed, closed without a start time),
// each with its status chip, start, presenters and providers who rated, live first, then
// upcoming, then past; then duplicates one. The page fits 360 px and 1280 px and passes axe-core
// (no serious or critical violations) at both, with the Duplicate event question open too.
// Duplicating an event with a logo downloads the logo's bytes in the browser, which needs the
// bucket's CORS configuration to list the site, as in production: without it the admin is told
// the logo could not be copied and nothing is created; with it the copy shows a logo of its own.
// Screenshots: tests/artifacts/admin-dashboard-status-360.png and -1280.png,
// admin-duplicate-event-360.png and admin-duplicate-logo-failed-1280.png.

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import type { Page } from 'playwright-core';
import { createAccount } from '../support/adminAccount';
import { allowOriginInBucket, projectBucket, projectCors, setBucketCors } from '../support/bucketCors';
import { checkPage, useBuiltApp } from '../support/builtApp';
import { storageEmulator, uniqueProjectId } from '../support/emulators';
import { PNG_1X1 } from '../support/fixtures';
import { loadFirestoreRules } from '../support/projectRules';

const projectId = uniqueProjectId('e2e-dashboard');
await loadFirestoreRules(projectId);
const bed = useBuiltApp(projectId);

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const entry = (presenter_id: string, first_name: string, last_name: string) => ({ presenter_id, first_name, last_name });
const ROUNDS = {
  round_1: [entry('p-ada', 'Ada', 'Okafor'), entry('p-lin', 'Lin', 'Chen'), entry('p-sam', 'Sam', 'Rivera')],
  round_2: [entry('p-noor', 'Noor', 'Haddad'), entry('p-tomas', 'Tomás', 'García')],
};

async function seed() {
  const db = bed().admin.db;
  const at = Timestamp.fromDate(inDays(-6));
  const event = (title: string, options: Parameters<typeof storedEvent>[0], fields: Record<string, unknown> = {}) => ({
    ...storedEvent({ title, rounds: ROUNDS, ...options }),
    description: `${title}: three-minute pitches from early-stage health innovators.`,
    ...fields,
  });
  const events: Record<string, Record<string, unknown>> = {
    live: event('Med-Tech Pitch Session', { open: true, presenterIndex: 1, startTime: inDays(0) }),
    soon: event('AgriTech Pitch Session', { startTime: inDays(2) }),
    matched: event('Digital Health Showcase', { startTime: inDays(-7) }, { matching_status: { state: 'done', at } }),
    mailed: event(
      'Winter Pitch Night',
      { startTime: inDays(-40) },
      {
        matching_status: { state: 'done', at },
        emailing_status: { state: 'done', at, counts: { sent: 24, failed: 0, total: 24 } },
      },
    ),
    failed: event(
      'Autumn Pitch Night',
      { startTime: inDays(-20) },
      {
        matching_status: { state: 'done', at },
        emailing_status: { state: 'failed', at, reason: 'SMTP down', counts: { sent: 19, failed: 2, total: 21 } },
      },
    ),
    draft: event('Summer School Pitches', { startTime: null, rounds: { round_1: [] } }),
  };
  const raters: Record<string, number> = { live: 14, matched: 22, mailed: 18, failed: 16 };
  const writer = db.bulkWriter({ throttling: false });
  for (const [id, data] of Object.entries(events)) {
    void writer.set(db.doc(`events/${id}`), data);
    for (let n = 0; n < (raters[id] ?? 0); n++) void writer.set(db.doc(`events/${id}/raters/u${n}`), { rated_at: at });
  }
  await writer.close();
}

const TITLES_IN_ORDER = [
  'Med-Tech Pitch Session',
  'AgriTech Pitch Session',
  'Digital Health Showcase',
  'Autumn Pitch Night',
  'Winter Pitch Night',
  'Summer School Pitches',
];

describe('the events dashboard', () => {
  it('shows what is happening at each event at 360 and 1280 px, axe-clean, and duplicates an event', async () => {
    await seed();
    const account = await createAccount(projectId);
    const context = await bed().browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[browser]', error.message));
      await page.goto(new URL('/events', bed().app.url).href);
      await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Events Dashboard' }).waitFor();

      const cards = page.getByRole('listitem');
      await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(TITLES_IN_ORDER);
      const card = (title: string) => cards.filter({ has: page.getByRole('heading', { name: title }) });
      await card('Med-Tech Pitch Session').getByText('5 presenters · 14 providers rated').waitFor();
      await card('Autumn Pitch Night').getByText('5 presenters · 16 providers rated').waitFor();
      for (const [title, chip] of [
        ['Med-Tech Pitch Session', 'Live now'],
        ['AgriTech Pitch Session', 'Upcoming'],
        ['Digital Health Showcase', 'Matching done'],
        ['Autumn Pitch Night', 'E-mails failed'],
        ['Winter Pitch Night', 'E-mails sent'],
        ['Summer School Pitches', 'Closed'],
      ] as const) {
        expect(await card(title).getByText(chip, { exact: true }).count(), `${title}: ${chip}`).toBe(1);
      }
      expect(await card('Autumn Pitch Night').getByText('2 of 21 e-mails failed').count()).toBe(1);
      await checkPage(page, 360, 'admin-dashboard-status');

      await page.setViewportSize({ width: 1280, height: 900 });
      await checkPage(page, 1280, 'admin-dashboard-status');

      await page.setViewportSize({ width: 360, height: 740 });
      await card('Med-Tech Pitch Session').getByRole('button', { name: 'Duplicate event: Med-Tech Pitch Session' }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate event' });
      await dialog.waitFor();
      await checkPage(page, 360, 'admin-duplicate-event');
      await dialog.getByRole('button', { name: 'Duplicate' }).click();
      await page.getByText('Created “Copy of Med-Tech Pitch Session”. Open it to set its start time and details.').waitFor();
      const copy = card('Copy of Med-Tech Pitch Session');
      await copy.getByText('Upcoming', { exact: true }).waitFor();
      await copy.getByText('5 presenters · 0 providers rated').waitFor();
      await expect
        .poll(() => page.getByRole('heading', { level: 2 }).allTextContents())
        .toEqual([
          'Med-Tech Pitch Session',
          'AgriTech Pitch Session',
          'Copy of Med-Tech Pitch Session',
          ...TITLES_IN_ORDER.slice(2),
        ]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

const LOGO_FAILED =
  'The event could not be duplicated: its logo could not be copied from Storage (no connection, or the ' +
  'Storage bucket does not allow downloads from this site). Nothing was created; the event is unchanged.';

/** The project's Storage as the project itself (the `owner` token: no rules), over the Firebase API. */
function storageApi(path: string): string {
  const { host, port } = storageEmulator();
  return `http://${host}:${port}/v0/b/${encodeURIComponent(projectBucket(projectId))}/o${path}`;
}

/** Stores a logo file and returns its download URL, as the app's upload does. */
async function storeLogo(name: string): Promise<string> {
  const boundary = 'logo-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name, contentType: 'image/png' })}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const res = await fetch(storageApi(`?name=${encodeURIComponent(name)}`), {
    method: 'POST',
    headers: {
      authorization: 'Bearer owner',
      'content-type': `multipart/related; boundary=${boundary}`,
      'x-goog-upload-protocol': 'multipart',
    },
    body,
  });
  expect(res.status).toBe(200);
  const { downloadTokens } = (await res.json()) as { downloadTokens: string };
  return `${storageApi(`/${encodeURIComponent(name)}`)}?alt=media&token=${downloadTokens}`;
}

/** The logo files in the bucket. */
async function storedLogos(): Promise<string[]> {
  const res = await fetch(storageApi('?prefix=event_logos/'), { headers: { authorization: 'Bearer owner' } });
  return ((await res.json()) as { items: { name: string }[] }).items.map((item) => item.name);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(new URL('/events', bed().app.url).href);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Events Dashboard' }).waitFor();
}

describe('duplicating an event with a logo', () => {
  it("needs the bucket's CORS configuration to list the site: without, the admin is told and nothing is made; with, the copy has its own logo", async () => {
    const logo = await storeLogo('event_logos/logo-night_normal.png');
    await bed()
      .admin.db.doc('events/logo-night')
      .set({ ...storedEvent({ title: 'Logo Night', startTime: inDays(3) }), normalLogo: logo });
    // As deployed with storage.cors.json alone: the address this app is served from is not listed.
    await setBucketCors(projectId, projectCors());
    const account = await createAccount(projectId);
    const context = await bed().browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await signIn(page, account);
      const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      const duplicate = async () => {
        await card('Logo Night').getByRole('button', { name: 'Duplicate event: Logo Night' }).click();
        await page.getByRole('dialog', { name: 'Duplicate event' }).getByRole('button', { name: 'Duplicate' }).click();
      };

      await duplicate();
      // The browser refuses the download; the SDK sees no answer and gives up after the app's retry time.
      await page.getByText(LOGO_FAILED).waitFor({ timeout: 90_000 });
      await checkPage(page, 1280, 'admin-duplicate-logo-failed');
      expect(warnings.join('\n')).toContain('storage/retry-limit-exceeded');
      const titles = (await bed().admin.db.collection('events').get()).docs.map((event) => event.get('title') as string);
      expect(titles).not.toContain('Copy of Logo Night');
      expect(await storedLogos()).toEqual(['event_logos/logo-night_normal.png']);
      expect((await bed().admin.db.doc('events/logo-night').get()).get('normalLogo')).toBe(logo);

      // The deployer lists the site's address in the bucket's configuration.
      await allowOriginInBucket(projectId, new URL(bed().app.url).origin);
      await page.getByText(LOGO_FAILED).waitFor({ state: 'detached' });
      await duplicate();
      await page.getByText('Created “Copy of Logo Night”. Open it to set its start time and details.').waitFor();
      const copyLogo = card('Copy of Logo Night').locator('img');
      await copyLogo.waitFor();
      await expect.poll(() => copyLogo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
      const copySrc = await copyLogo.getAttribute('src');
      expect(copySrc).toMatch(/event_logos%2F(?!logo-night_)[^_]+_normal\.png/);
      expect(await storedLogos()).toHaveLength(2);
    } finally {
      await context.close();
    }
  }, 240_000);
});
