// Send Emails' recipients review in Debian's Chromium, on the built app against the local backend
// with the project's rules in force and the Cloud Functions (in the Functions emulator) answering: an admin opens the review at
// 360 px and 1280 px, where it fits and axe-core finds nothing serious or critical, works it with
// the keyboard alone (Tab to an address, Space to untick it, Tab to Send, Enter), and the mails
// caught are exactly the ticked list. Screenshots: tests/artifacts/admin-email-review-360.png and
// admin-email-review-1280.png.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { ratedResults } from '../app/support/finalMatches';
import { createAccount } from '../support/adminAccount';
import { checkPage, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { startReactions, type Reactions } from '../support/reactions';
import { loadFirestoreRules } from '../support/projectRules';
import { addressOf } from '../support/smtpCatcher';

const projectId = uniqueProjectId('e2e-email-review');
await loadFirestoreRules(projectId);
const bed = useBuiltApp(projectId);

let worker: Reactions | undefined;
beforeAll(async () => {
  const db = bed().admin.db;
  const entry = (presenter_id: string, first_name: string, last_name: string) => ({ presenter_id, first_name, last_name });
  const batch = db.batch();
  batch.set(
    db.doc('events/medtech'),
    storedEvent({ rounds: { round_1: [entry('p-ada', 'Ada', 'Okafor'), entry('p-lin', 'Lin', 'Chen')] } }),
  );
  for (const [path, data] of Object.entries(ratedResults('medtech'))) batch.set(db.doc(path), data);
  await batch.commit();
  worker = await startReactions(projectId, { from: 'innovation@example.edu', organisation: 'Northfield Innovation Office' });
}, 180_000);
afterAll(() => worker?.stop());

async function openReview(page: Page, account: { email: string; password: string }) {
  await page.goto(new URL('/events/medtech', bed().app.url).href);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Manage Presenters' }).waitFor();
  await page.getByRole('button', { name: 'Send Emails', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Emails' });
  await dialog.getByRole('group', { name: 'Providers (2)' }).waitFor();
  return dialog;
}

describe("Send Emails' recipients review", () => {
  it('fits 360 and 1280 px axe-clean, works from the keyboard, and the run sends exactly the ticked list', async () => {
    const account = await createAccount(projectId);
    const context = await bed().browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[browser]', error.message));
      const dialog = await openReview(page, account);
      await dialog.getByText('Max Mustermann <max@stranger.example>: No profile with this address rated').waitFor();
      await checkPage(page, 360, 'admin-email-review');
      await page.setViewportSize({ width: 1280, height: 900 });
      await checkPage(page, 1280, 'admin-email-review');

      // Keyboard only: Tab until Lee's address has the focus, Space unticks it, Tab on to Send, Enter.
      const lee = dialog.getByRole('checkbox', { name: 'Lee Moreau <lee@partner.example>' });
      for (let presses = 0; presses < 20 && !(await lee.evaluate((box) => box === document.activeElement)); presses++) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Space');
      expect(await lee.isChecked()).toBe(false);
      await dialog.getByText('3 e-mails are ticked to send.', { exact: false }).waitFor();
      const send = dialog.getByRole('button', { name: 'Send Emails' });
      for (let presses = 0; presses < 20 && !(await send.evaluate((button) => button === document.activeElement)); presses++) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');

      await page.getByText('Started emailing...').waitFor();
      await page.getByText(/^E-mails: done at .* \(sent: 3, failed: 0, total: 3, left out: 2\)$/).waitFor({ timeout: 60_000 });
      expect(worker?.smtp.mails.map(addressOf).sort()).toEqual([
        'ada@startup.example',
        'kim@partner.example',
        'lin@startup.example',
      ]);
    } finally {
      await context.close();
    }
    // A limit only a hang reaches: the review and the run are answered by functions that start
    // cold, and the test took 108 s of a full run on an idle 2-core machine.
  }, 600_000);
});
