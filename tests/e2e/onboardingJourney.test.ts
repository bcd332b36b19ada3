// Presenter onboarding in Debian's Chromium, on the built app against the local backend with the
// project's rules in force, the Cloud Functions in the Functions emulator and a real SMTP server
// started by the test: an admin
// at 1280 px creates an invite on /invite; its QR code on screen decodes to the invite's link; the
// admin sends the invite, and the e-mail that reaches the SMTP server carries that link; a
// presenter at 360 px opens the link from the e-mail and signs up; the admin sees the new
// presenter appear in the presenter list without a reload, and in the control screen's dropdown.
// /signup and the invite section are screenshotted and scanned with axe-core.

import jsQR from 'jsqr';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminDb, storedEvent, type AdminDb } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { launchChromium } from '../support/browser';
import { checkPage, startBuiltApp, type BuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';
import { startReactions, type Reactions } from '../support/reactions';

const projectId = uniqueProjectId('e2e-onboarding');
const INVITEE = 'noor.haddad@example.com';

let app: BuiltApp;
let browser: Browser;
let admin: AdminDb;
let account: TestAccount;
let reactions: Reactions;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  [app, browser, account] = await Promise.all([startBuiltApp(projectId), launchChromium(), createAccount(projectId)]);
  admin = openAdminDb(projectId);
  await admin.db.doc('events/medtech').set(storedEvent({ rounds: { round_1: [] } }));
  reactions = await startReactions(projectId, { from: 'invites@example.edu', organisation: 'Demo Polytechnic' });
}, 180_000);

afterAll(async () => {
  await reactions?.stop();
  await admin?.close();
  await browser?.close();
  await app?.close();
});

describe('presenter onboarding', () => {
  it('goes from an invite with its QR code and e-mail to a signed-up presenter the admin sees live', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await adminContext.newPage();
      page.on('pageerror', (error) => console.error('[browser]', error.message));
      await page.goto(new URL('/invite', app.url).href);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      const section = page.getByRole('region', { name: 'Invite Presenter' });
      await section.getByLabel('E-mail addresses').fill(INVITEE);
      await section.getByRole('button', { name: 'Create Invites' }).click();
      const link = section.getByRole('textbox', { name: `Invite link for ${INVITEE}` });
      await link.waitFor();
      const signupUrl = await link.inputValue();
      expect(signupUrl).toMatch(new RegExp(`^${app.url.replace(/\/$/, '')}/signup\\?c=[A-Za-z0-9]{20}$`));
      await checkPage(page, 1280, 'admin-invite-section');

      // The QR code on screen, decoded from its pixels, is the same link.
      const qr = section.getByRole('img', { name: `QR code for the invite link for ${INVITEE}` });
      const pixels = await qr.evaluate((canvas) => {
        const drawn = canvas as HTMLCanvasElement;
        const image = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height);
        return image ? { width: image.width, height: image.height, data: Array.from(image.data) } : null;
      });
      expect(pixels).not.toBeNull();
      const decoded = pixels && jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
      expect(decoded?.data).toBe(signupUrl);

      // Send the invite: the e-mail reaches the SMTP server with the link, and the invite says 'Sent'.
      await section.getByRole('button', { name: `Send invite to ${INVITEE}` }).click();
      // A limit only a hang reaches: the function's first call starts its process, which on a busy
      // machine takes a while.
      await expect.poll(() => reactions.smtp.mails.length, { timeout: 90_000 }).toBe(1);
      const mail = reactions.smtp.mails[0];
      expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toContain(INVITEE);
      const mailedLink = mail?.text?.match(/https?:\/\/\S+\/signup\?c=[A-Za-z0-9]+/)?.[0];
      expect(mailedLink).toBe(signupUrl);
      expect(mail?.html || '').toContain(signupUrl.replace(/&/g, '&amp;'));
      await section.getByText('Sent', { exact: false }).first().waitFor();

      // The presenter opens the e-mailed link on a phone and signs up.
      const phone = await phoneContext.newPage();
      phone.on('pageerror', (error) => console.error('[browser]', error.message));
      await phone.goto(mailedLink ?? '');
      await phone.getByRole('heading', { name: 'Presenter Signup' }).waitFor();
      expect(await phone.getByLabel('Email', { exact: false }).inputValue()).toBe(INVITEE);
      await phone.getByLabel('First Name').fill('Noor');
      await phone.getByLabel('Last Name').fill('Haddad');
      await phone.getByLabel('Company Name').fill('Cardiolytics');
      await phone.getByLabel('Website').fill('https://cardiolytics.example');
      await phone.getByLabel('Phone Number').pressSequentially('5550100199');
      await phone.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
      await checkPage(phone, 360, 'signup');
      await phone.getByRole('button', { name: 'Save' }).click();
      await phone.getByText('Completed signup.').waitFor();
      await phone.waitForURL(new URL('/', app.url).href);

      // The admin's list shows the new presenter without a reload; the invite is gone.
      await page.getByRole('region', { name: 'All Presenters' }).getByText('Noor Haddad').waitFor();
      await link.waitFor({ state: 'detached' });
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
      await page.getByRole('link', { name: /Med-Tech Pitch Session/ }).click();
      await page.getByRole('combobox', { name: 'Presenter' }).click();
      await page.getByRole('option', { name: 'Noor Haddad', exact: true }).waitFor();
    } finally {
      await adminContext.close();
      await phoneContext.close();
    }
  }, 240_000);
});
