// The event insights page in Debian's Chromium, on the built app against the local backend with
// the project's rules in force, on the demo data set (backend/demo/demoData.json: the med-tech
// event's answers about 5 presenters from 4 providers): an admin signs in, sees the control
// screen's rating progress (axe-clean), opens the insights from its link, and the page draws a
// bar chart per star question (an svg with bars), fits 1280 px and 360 px and passes axe-core
// with no serious or critical violations.
// Screenshots: tests/artifacts/admin-insights-1280.png and admin-insights-360.png.

import fs from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminDb, type AdminDb } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { launchChromium, PAGE_WAIT_MS } from '../support/browser';
import { checkPage, seriousViolations, startBuiltApp, type BuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';

const projectId = uniqueProjectId('e2e-insights');

let app: BuiltApp;
let browser: Browser;
let admin: AdminDb;
let account: TestAccount;

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The data set's values with its times (`{ "$timestamp": "now-60m" }`, "now+15m", "now-30d") as Timestamps. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== 'object') return value;
  const stamp = (value as Record<string, unknown>).$timestamp;
  if (typeof stamp === 'string') {
    const offset = /^now(?:([+-]\d+)([mhd]))?$/.exec(stamp);
    if (!offset) throw new Error(`Unknown time in the demo data: ${stamp}`);
    return Timestamp.fromMillis(Date.now() + Number(offset[1] ?? 0) * (UNIT_MS[offset[2] ?? 'm'] ?? 0));
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revive(inner)]));
}

async function loadDemoData(db: AdminDb['db']) {
  const dataset = JSON.parse(await fs.readFile('backend/demo/demoData.json', 'utf8')) as { firestore: Record<string, unknown> };
  const writer = db.bulkWriter({ throttling: false });
  for (const [documentPath, data] of Object.entries(dataset.firestore)) {
    void writer.set(db.doc(documentPath), revive(data) as Record<string, unknown>);
  }
  await writer.close();
}

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  [app, browser, account] = await Promise.all([startBuiltApp(projectId), launchChromium(), createAccount(projectId)]);
  admin = openAdminDb(projectId);
  await loadDemoData(admin.db);
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await app?.close();
});

/** The number of bars drawn in the page's chart svgs. */
const barCount = (page: Page) => page.evaluate(() => document.querySelectorAll('[role="img"] svg .MuiBarChart-element').length);

describe('the event insights page on the demo data', () => {
  it('renders a bar chart per star question for each rated presenter, at 1280 and 360 px, and passes axe', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[browser]', error.message));
      await page.goto(new URL('/events/demo-medtech', app.url).href);
      await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Rating progress' }).waitFor();
      // The demo event: Ada finished, Lin live, both rated by the 4 providers.
      await page.getByRole('progressbar', { name: 'Lin Chen: 4 of 4 rated' }).waitFor();
      await page.getByRole('progressbar', { name: 'Ada Okafor: 4 of 4 rated' }).waitFor();
      expect(await seriousViolations(page), 'axe on the control screen with rating progress').toEqual([]);
      await page.getByRole('link', { name: 'Insights' }).click();
      await page.getByRole('heading', { name: 'Insights: Med-Tech Pitch Session' }).waitFor();

      // Ada, Lin and Sam (round 1), Noor and Tomás (round 2) were rated on 4 star questions each.
      const ada = page.getByRole('article', { name: 'Ada Okafor' });
      await expect.poll(() => ada.getByText('4 ratings', { exact: true }).count()).toBe(1);
      const charts = page.locator('[role="img"] svg');
      await expect.poll(() => charts.count(), { timeout: PAGE_WAIT_MS }).toBeGreaterThanOrEqual(5 * 4);
      await expect.poll(() => barCount(page), { timeout: PAGE_WAIT_MS }).toBeGreaterThan(0);
      await expect
        .poll(() => ada.getByRole('img', { name: /^Clinical validation: mean \d\.\d from 4 ratings; 1 star: \d/ }).count())
        .toBe(1);
      await checkPage(page, 1280, 'admin-insights');

      await page.setViewportSize({ width: 360, height: 740 });
      await expect.poll(() => barCount(page), { timeout: PAGE_WAIT_MS }).toBeGreaterThan(0);
      await checkPage(page, 360, 'admin-insights');
    } finally {
      await context.close();
    }
  }, 180_000);
});
