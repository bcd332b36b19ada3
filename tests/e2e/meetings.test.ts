// Meetings after matching in Debian's Chromium, on the built app against the local backend with
// the project's rules in force, the requests, Schedule all and the board answered by the server's
// own code as its functions do (onMeetingRequested, onMeetingScheduleWritten, onMeetingWritten;
// tests/functions/functionsEmulator.test.ts runs them in firebase-tools' Functions emulator): a
// presenter who signed up through her invite and a provider who completed his profile, each on
// their phone, and the admin on a laptop. Schedule all books both of the presenter's matches,
// seen live on both phones and on the room display's board; the control screen misses its
// renewals of the browser's shared Firestore cache and the room display's tab takes it over (its
// listeners and writes then go through that tab); the admin moves one in the grid and
// both phones and the board follow; the provider cancels; he asks again and she accepts; he
// cancels, she asks and he declines: every step shows on both phones at once. Each screen passes
// axe at its width (360 px for the phones, 1280 px for the laptop and the room display).
// Screenshots: tests/artifacts/meetings-presenter-360.png, meetings-provider-360.png,
// admin-meetings-grid-1280.png and room-display-meetings-1280.png.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFinalMatch } from '../app/support/finalMatches';
import { storedEvent } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { serveMeetingBoard, serveMeetingRequests, serveScheduleAll } from '../support/meetingServer';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { signUpByInvite } from '../support/presenterSignup';
import { loadFirestoreRules } from '../support/projectRules';
import { PAGE_WAIT_MS, saveScreenshot } from '../support/browser';

const projectId = uniqueProjectId('e2e-meetings');
const bed = useBuiltApp(projectId);
const EVENT = 'medtech';
const BO = { first_name: 'Bo', last_name: 'Lind', email: 'bo@partner.example', company: 'Nordic Care' };

let account: TestAccount;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
}, 60_000);

/** Answers what the pages ask, as the meeting functions do; returns the function that stops it. */
function serveMeetings(): () => Promise<void> {
  const { db } = bed().admin;
  const answering: Promise<unknown>[] = [];
  const stops = [
    serveMeetingRequests(db, answering),
    serveScheduleAll(db, EVENT, answering),
    serveMeetingBoard(db, EVENT, answering),
  ];
  return async () => {
    for (const stop of stops) stop();
    await Promise.all(answering);
  };
}

/** The provider completes his profile on his phone; returns his provider id (his uid). */
async function completeBosProfile(page: Page): Promise<string> {
  await page.goto(new URL('/profile', bed().app.url).href);
  await page.getByRole('heading', { name: 'Provider Profile' }).waitFor();
  await page.getByLabel('First Name').fill(BO.first_name);
  await page.getByLabel('Last Name').fill(BO.last_name);
  await page.getByLabel('Email').fill(BO.email);
  await page.getByLabel('Company Name').fill(BO.company);
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Profile saved successfully!').waitFor();
  const saved = await bed().admin.db.collection('providers').where('email', '==', BO.email).get();
  const id = saved.docs[0]?.id;
  if (!id) throw new Error('The profile stored no provider.');
  return id;
}

/**
 * The event with meetings on, its first slot ten minutes from now, and Ada's matches: Bo and Cy,
 * Bo the better match (Schedule all places the best first: Bo in the first slot, Cy in the next).
 */
async function seedEvent(ada: string, bo: string): Promise<void> {
  const { db } = bed().admin;
  const start = new Date(Date.now() + 10 * 60_000);
  await db.doc(`events/${EVENT}`).set({
    ...storedEvent({ rounds: { round_1: [{ presenter_id: ada, first_name: 'Ada', last_name: 'Okafor' }] } }),
    meetings: { enabled: true, start_time: start, slot_minutes: 10, slots: 3, places: ['Table 1', 'Table 2'], max_per_person: 2 },
  });
  await db.doc(`final_matches/${EVENT}_${ada}`).set(
    storedFinalMatch(EVENT, { id: ada, first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' }, [
      { id: bo, ...BO },
      { id: 'v-cy', first_name: 'Cy', last_name: 'Park', email: 'cy@partner.example', company: 'Park Labs' },
    ]),
  );
  await db.doc(`match_reasons/${EVENT}_${ada}`).set({
    event_id: EVENT,
    presenter_id: ada,
    providers: [
      { provider_id: bo, score: 4.5 },
      { provider_id: 'v-cy', score: 4 },
    ],
  });
}

/** Waits for the toast `text`; should another answer come instead, the failure shows what the page said. */
async function toastSays(page: Page, text: string): Promise<void> {
  const shown = async () => (await page.getByRole('alert').allInnerTexts()).map((said) => said.trim());
  await expect.poll(shown, { timeout: PAGE_WAIT_MS }).toContainEqual(text);
}

const card = (page: Page, other: string) => page.getByRole('article', { name: `Meeting with ${other}` });

/**
 * The lease on the browser's shared Firestore cache, as a page of the app sees it: the tab
 * holding it serves every tab's listeners and writes, and renews it every few seconds.
 */
async function cacheLease(page: Page): Promise<{ ownerId: string; leaseTimestampMs: number } | null> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((database) => database.name === name)) return null;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error(`${name} could not be opened`));
    });
    try {
      return await new Promise<{ ownerId: string; leaseTimestampMs: number } | null>((resolve, reject) => {
        const request = database.transaction('owner', 'readonly').objectStore('owner').get('owner');
        request.onsuccess = () => resolve((request.result as { ownerId: string; leaseTimestampMs: number } | undefined) ?? null);
        request.onerror = () => reject(request.error ?? new Error('the lease could not be read'));
      });
    } finally {
      database.close();
    }
  }, `firestore/[DEFAULT]/${projectId}/main`);
}

/**
 * Holds `busy`'s main thread in one long task (a heavy export, a slowed background tab) until
 * another tab of its browser has taken the cache's lease: a renewal more than a lease's life (5 s)
 * after the task was asked for is `other`'s (`busy` renews every 4 s, and not while it runs).
 * Tries at most three times.
 */
async function leaseTakenFrom(busy: Page, other: Page): Promise<void> {
  const LEASE_LIFE_MS = 5_000;
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = Date.now();
    const blocked = busy.evaluate((ms) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // One long task: none of the page's timers run meanwhile.
      }
    }, 12_000);
    let taken = false;
    while (!taken && Date.now() - from < 11_000) {
      const lease = await cacheLease(other);
      taken = lease !== null && lease.leaseTimestampMs > from + LEASE_LIFE_MS;
      if (!taken) await other.waitForTimeout(250);
    }
    await blocked;
    if (taken) return;
  }
  throw new Error("The other tab never took the cache's lease while the busy tab could not renew it.");
}

/** Waits until the card shows `text` (a status, a time). */
async function shows(locator: Locator, text: string): Promise<void> {
  await locator.getByText(text, { exact: true }).first().waitFor();
}

describe('meetings after matching', () => {
  it('books, moves, cancels, asks, accepts and declines, live on both phones, the board and the grid', async () => {
    const { browser, app, admin } = bed();
    const ada = await openPhone(browser);
    const bo = await openPhone(browser);
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const stop = serveMeetings();
    try {
      const adaId = await signUpByInvite(ada.page, {
        db: admin.db,
        appUrl: app.url,
        inviteId: 'inviteForAdaMeetings',
        email: 'ada@example.com',
        createdBy: account.uid,
      });
      const boId = await completeBosProfile(bo.page);
      await seedEvent(adaId, boId);

      // The admin's Schedule all books both of Ada's matches.
      const control = await desk.newPage();
      control.on('pageerror', (error) => console.error('[browser]', error.message));
      let loads = 0;
      control.on('load', () => {
        if (++loads > 1) console.error(`[control] the page loaded again, at ${control.url()}`);
      });
      control.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') console.error('[control]', message.text());
      });
      await control.goto(new URL(`/events/${EVENT}`, app.url).href);
      await control.getByLabel('Email').fill(account.email);
      await control.getByLabel('Password').fill(account.password);
      await control.getByRole('button', { name: 'Continue' }).click();
      await control.getByRole('button', { name: 'Schedule all' }).click();
      await control.getByRole('status').getByText('Booked 2 meetings.').waitFor();

      const meetingsUrl = new URL(`/meetings/${EVENT}`, app.url).href;
      await Promise.all([ada.page.goto(meetingsUrl), bo.page.goto(meetingsUrl)]);
      const adaWithBo = card(ada.page, 'Bo Lind');
      const boWithAda = card(bo.page, 'Ada Okafor');
      await shows(adaWithBo, 'Confirmed');
      await shows(card(ada.page, 'Cy Park'), 'Confirmed');
      await shows(boWithAda, 'Confirmed');
      await checkPage(ada.page, 360, 'meetings-presenter');
      await checkPage(bo.page, 360, 'meetings-provider');

      const board = await desk.newPage();
      await board.goto(new URL(`/events/${EVENT}/screen`, app.url).href);
      const next = board.getByRole('region', { name: /^Next · / });
      await next.getByText('Ada Okafor (PulseLoop) meets Bo Lind (Nordic Care)').waitFor();
      await checkPage(board, 1280, 'room-display-meetings');

      // The control screen misses its renewals of the browser's shared Firestore cache (one long
      // task here) and the room display, a tab of the same browser, takes the lease over: from
      // then on it serves the control screen's listeners and writes, as the admin too.
      await leaseTakenFrom(control, board);

      // The admin moves Ada and Bo's meeting to the last slot: both phones and the board follow.
      const grid = control.getByRole('table', { name: 'Meetings by slot and place' });
      const bosSlot = await adaWithBo.getByRole('heading').textContent();
      await checkPage(control, 1280, 'admin-meetings-grid');
      await grid.getByRole('button', { name: 'Ada Okafor and Bo Lind · Confirmed' }).click();
      await grid
        .getByRole('row')
        .nth(3)
        .getByRole('button', { name: /^Move here: Table 1 at / })
        .click()
        .catch(async (error: unknown) => {
          // Once in a full run (not alone) the Move here buttons went away a moment after they
          // showed and never came back: the failure says what the control screen showed then
          // (in its message, which CI's excerpt keeps, as the parallel-rooms test's does).
          const file = await saveScreenshot(control, 'meetings-move-failed');
          const shown = await control
            .locator('main')
            .innerText()
            .catch(() => '(no main)');
          throw new Error(`${String(error)}\n[control] at ${control.url()} (${file}), ${loads} loads:\n${shown}`, {
            cause: error,
          });
        });
      await toastSays(control, 'The meeting was moved.');
      await expect.poll(() => adaWithBo.getByRole('heading').textContent(), { timeout: PAGE_WAIT_MS }).not.toBe(bosSlot);
      const moved = await adaWithBo.getByRole('heading').textContent();
      await expect.poll(() => boWithAda.getByRole('heading').textContent(), { timeout: PAGE_WAIT_MS }).toBe(moved);
      await next.getByText('No meetings in this slot.').waitFor();

      // Bo cancels: both phones say so.
      await boWithAda.getByRole('button', { name: 'Cancel meeting' }).click();
      await shows(boWithAda, 'Cancelled');
      await shows(adaWithBo, 'Cancelled');

      // Bo asks again; Ada accepts.
      const ask = bo.page.getByRole('article', { name: 'Ask Ada Okafor to meet' });
      await ask.getByRole('button', { name: 'Ask to meet' }).click();
      await shows(boWithAda, 'Waiting for Ada Okafor to answer');
      await shows(adaWithBo, 'Bo Lind asks to meet');
      await adaWithBo.getByRole('button', { name: 'Accept' }).click();
      await shows(adaWithBo, 'Confirmed');
      await shows(boWithAda, 'Confirmed');

      // Bo cancels again; Ada asks; Bo declines.
      await boWithAda.getByRole('button', { name: 'Cancel meeting' }).click();
      await shows(adaWithBo, 'Cancelled');
      await ada.page.getByRole('article', { name: 'Ask Bo Lind to meet' }).getByRole('button', { name: 'Ask to meet' }).click();
      await shows(boWithAda, 'Ada Okafor asks to meet');
      await boWithAda.getByRole('button', { name: 'Decline' }).click();
      await shows(boWithAda, 'Declined');
      await shows(adaWithBo, 'Declined');
      expect((await admin.db.doc(`meetings/${EVENT}_${adaId}_${boId}`).get()).get('status')).toBe('declined');
    } finally {
      await stop();
      await Promise.all([ada.context.close(), bo.context.close(), desk.close()]);
    }
  }, 240_000);
});
