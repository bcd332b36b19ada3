// One organiser's laptop with the room display, the control screen and the insights page open in
// three tabs of one browser profile, and a phone in another, in Debian's Chromium on the built
// app against the local backend with the project's rules in force: through a whole round of Next
// presses the control screen, the room display and the phone all follow the live presenter, and
// the insights tab still loads; closing the tabs (the one holding the Firestore streams first)
// moves the streams to the tab left, which keeps following, and releases every WebChannel session
// the closed tabs held on the backend.

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { PAGE_WAIT_MS, storeProfile } from '../support/browser';
import { useBuiltApp } from '../support/builtApp';
import { firestoreEmulator, uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';

const projectId = uniqueProjectId('e2e-three-tabs');
const bed = useBuiltApp(projectId);
const EVENT = 'medtech';
const TITLE = 'Med-Tech Pitch Session';
const ROUND = [
  { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
  { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
  { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' },
  { presenter_id: 'p-noor', first_name: 'Noor', last_name: 'Haddad' },
];
const nameOf = (index: number) => `${ROUND[index]?.first_name} ${ROUND[index]?.last_name}`;

/** The phone says it is one, so the backend can tell its sessions from the laptop's. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

let account: TestAccount;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
  await bed()
    .admin.db.doc(`events/${EVENT}`)
    .set(storedEvent({ title: TITLE, open: true, presenterIndex: 0, rounds: { round_1: ROUND } }));
}, 180_000);

interface Held {
  sessions: number;
  backchannels: number;
}

/** The project's WebChannel sessions on the backend and the backchannels held for them, per User-Agent. */
async function channels(): Promise<Record<string, Held>> {
  const { host, port } = firestoreEmulator();
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}/databases/(default)/channels`);
  if (!res.ok) throw new Error(`The channels endpoint answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { byUserAgent: Record<string, Held> }).byUserAgent;
}

const NONE: Held = { sessions: 0, backchannels: 0 };
const heldBy = async (agent: (name: string) => boolean): Promise<Held> =>
  Object.entries(await channels()).find(([name]) => agent(name))?.[1] ?? NONE;
const phoneHolds = () => heldBy((name) => name === PHONE_AGENT);
const laptopHolds = () => heldBy((name) => name !== PHONE_AGENT);

const displayLive = (page: Page, name: string) => page.getByRole('region', { name: 'Live Presenter' }).getByText(name).waitFor();
const phoneLive = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Live' })
    .getByRole('link', { name: new RegExp(`^${name}\\s*,\\s*Live$`) })
    .waitFor();
const controlLive = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Round 1 presenters' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByText('Live', { exact: true })
    .waitFor();

describe('three tabs of one browser and a phone', () => {
  it('all follow a whole round; closing the tabs releases their sessions and the tab left keeps following', async () => {
    const { browser, app, admin } = bed();
    const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, userAgent: PHONE_AGENT });
    await storeProfile(phoneContext, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.example',
      company: 'Navy Labs',
    });
    const phone = { context: phoneContext, page: await phoneContext.newPage() };
    phone.page.on('pageerror', (error) => console.error('[phone]', error.message));
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await phone.page.goto(new URL('/presenters', app.url).href);
      await phoneLive(phone.page, nameOf(0));
      await expect.poll(async () => (await phoneHolds()).sessions, { timeout: PAGE_WAIT_MS }).toBeGreaterThan(0);

      const control = await laptop.newPage();
      control.on('pageerror', (error) => console.error('[control]', error.message));
      await control.goto(new URL(`/events/${EVENT}`, app.url).href);
      await control.getByLabel('Email').fill(account.email);
      await control.getByLabel('Password').fill(account.password);
      await control.getByRole('button', { name: 'Continue' }).click();
      await control.getByRole('heading', { name: 'Manage Presenters' }).waitFor();
      await controlLive(control, nameOf(0));

      const display = await laptop.newPage();
      display.on('pageerror', (error) => console.error('[display]', error.message));
      await display.goto(new URL(`/events/${EVENT}/screen`, app.url).href);
      await displayLive(display, nameOf(0));

      const insights = await laptop.newPage();
      insights.on('pageerror', (error) => console.error('[insights]', error.message));
      await insights.goto(new URL(`/events/${EVENT}/insights`, app.url).href);
      await insights.getByRole('heading', { name: `Insights: ${TITLE}` }).waitFor();

      // The whole round, pressed on the control screen: every tab and the phone follow each press.
      for (let index = 1; index < ROUND.length; index++) {
        await control.getByRole('button', { name: 'Next presenter' }).click();
        await controlLive(control, nameOf(index));
        await displayLive(display, nameOf(index));
        await phoneLive(phone.page, nameOf(index));
      }
      expect((await admin.db.doc(`events/${EVENT}`).get()).get('presenter_index')).toBe(ROUND.length - 1);
      // The laptop's tabs hold sessions of their own (the tab in charge of the streams, for all three).
      expect((await laptopHolds()).sessions).toBeGreaterThan(0);
      // The insights tab, opened before the round, still reads through the same browser.
      await insights.reload();
      await insights.getByRole('heading', { name: `Insights: ${TITLE}` }).waitFor();

      // The control screen and the insights go; the room display keeps following the event.
      await control.close();
      await insights.close();
      await admin.db.doc(`events/${EVENT}`).update({ presenter_index: 0 });
      await displayLive(display, nameOf(0));
      await phoneLive(phone.page, nameOf(0));

      // The last tab goes: what the laptop held on the backend is released, the phone's is not.
      await display.close();
      await expect.poll(laptopHolds, { timeout: 60_000, interval: 500 }).toEqual(NONE);
      expect((await phoneHolds()).sessions).toBeGreaterThan(0);
      await admin.db.doc(`events/${EVENT}`).update({ presenter_index: 2 });
      await phoneLive(phone.page, nameOf(2));
    } finally {
      await Promise.all([laptop.close(), phone.context.close()]);
    }
  }, 240_000);
});
