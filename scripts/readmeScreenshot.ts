// Draws the README's picture, docs/images/phone-and-control-screen.png: the demo event's control
// screen on an admin's laptop beside the live presenter queue on a provider's phone, both on the
// production build against the local backend with the demo data. Run it again after a visible
// change: `npx tsx scripts/readmeScreenshot.ts` (Chromium, as the tests use it).

import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../backend/src/config.js';
import { launchChromium } from './chromium.js';
import { serveDemoBuild } from './demoBuild.js';

const OUT = path.join(repoRoot, 'docs', 'images', 'phone-and-control-screen.png');
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

async function main(): Promise<void> {
  const demo = await serveDemoBuild();
  const browser = await launchChromium();
  try {
    const admin = await (await browser.newContext({ viewport: LAPTOP })).newPage();
    await admin.goto(new URL('/events', demo.origin).href);
    await admin.getByLabel('Email').fill('admin@example.edu');
    await admin.getByLabel('Password').fill('pitch-live-demo');
    await admin.getByRole('button', { name: 'Continue' }).click();
    await admin.getByRole('heading', { name: 'Events Dashboard' }).waitFor();
    await admin.goto(new URL('/events/demo-medtech', demo.origin).href);
    await admin
      .getByText('All changes saved')
      .or(admin.getByRole('button', { name: /Next/ }))
      .first()
      .waitFor();
    await admin.waitForTimeout(1_500);
    const laptopShot = await admin.screenshot();

    const phoneContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const profile = {
      user_id: '',
      first_name: 'Jordan',
      last_name: 'Blake',
      email: 'jordan@example.com',
      company: 'MedBridge Partners',
      phone: '',
      terms_accepted: true,
    };
    // A provider with a stored profile, as after a first visit (a string: no DOM types in scripts).
    await phoneContext.addInitScript(`window.localStorage.setItem('profile', ${JSON.stringify(JSON.stringify(profile))});`);
    const phone = await phoneContext.newPage();
    await phone.goto(new URL('/presenters', demo.origin).href);
    await phone.getByText('Live', { exact: true }).first().waitFor();
    await phone.waitForTimeout(1_500);
    const phoneShot = await phone.screenshot();

    // The two side by side, scaled down, on a neutral ground.
    const sheet = await (await browser.newContext({ viewport: { width: 1040, height: 560 } })).newPage();
    const src = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
    await sheet.setContent(`<body style="margin:0;background:#eef2f6;display:flex;gap:28px;align-items:center;justify-content:center;height:560px">
      <img src="${src(laptopShot)}" style="width:736px;border-radius:6px;box-shadow:0 2px 10px #0003">
      <img src="${src(phoneShot)}" style="width:240px;border-radius:14px;box-shadow:0 2px 10px #0003"></body>`);
    await fs.mkdir(path.dirname(OUT), { recursive: true });
    await sheet.screenshot({ path: OUT });
    console.log(`${path.relative(repoRoot, OUT)}: ${(await fs.stat(OUT)).size} bytes`);
  } finally {
    await browser.close();
    await demo.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
