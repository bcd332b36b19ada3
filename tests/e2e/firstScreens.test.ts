// A first-time visitor at the venue, in Debian's Chromium on the built app: the build-time first
// screens paint before any JavaScript has arrived (and what is typed into them is kept when the
// app takes over), the profile form works while Auth has not answered yet, a profile saved then
// is stored under the visitor's own uid, and an attendee with no profile reads the results.

import type { Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFinalMatch } from '../app/support/finalMatches';
import { storedEvent } from '../db/appDb';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('e2e-first-screens');

const bed = useBuiltApp(projectId);

beforeAll(async () => {
  const { admin } = bed();
  await admin.db.doc('events/medtech').set(
    storedEvent({
      title: 'Med-Tech Pitch Session',
      open: true,
      presenterIndex: 0,
      rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] },
    }),
  );
  await admin.db
    .doc('final_matches/m1')
    .set(
      storedFinalMatch('medtech', { id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }, [
        { id: 'o1', email: 'omar@partner.example', first_name: 'Omar', last_name: 'Diaz', company: 'MedScale' },
      ]),
    );
});

/** A phone that has never opened the app. */
const freshPhone = () => openPhone(bed().browser);

const profile = {
  'First Name': 'Ines',
  'Last Name': 'Moreau',
  Email: 'ines.moreau@example.com',
  'Company Name': 'Clinique Nord',
};

/** A completed provider profile as the app stores it (the spec's section 3 `profile` item). */
const storedProfileFields = {
  first_name: 'Omar',
  last_name: 'Diaz',
  email: 'omar.diaz@example.com',
  company: 'MedScale',
  phone: '',
  terms_accepted: true,
};

describe('a first-time visitor', () => {
  it('sees the profile form at /profile before any script has run, and keeps what was typed when the app takes over', async () => {
    const { context, page } = await freshPhone();
    try {
      // The app's code is held back, as on a slow network.
      const held: Route[] = [];
      let released = false;
      await page.route('**/assets/*.js', (route) => (released ? route.continue() : held.push(route)));
      await page.goto(new URL('/presenters', bed().app.url).href, { waitUntil: 'commit' });
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      await firstName.waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await page.getByRole('heading', { name: 'Provider Profile' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
      expect(held.length).toBeGreaterThan(0);
      await firstName.fill('Ines');

      released = true;
      await Promise.all(held.map((route) => route.continue()));
      // The app renders over the build-time screen, keeping what was typed and the focus.
      await page.locator('#root > [data-first-screen]').first().waitFor({ state: 'detached' });
      expect(await firstName.inputValue()).toBe('Ines');
      expect(await firstName.evaluate((input) => input === document.activeElement)).toBe(true);
      // It is the app's form now: a wrong e-mail is reported as the spec says.
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('not-an-address');
      await email.blur();
      await page.getByText('Please enter a valid email').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows which field the tap or the keyboard is in: its outline 2 px and its label in the primary colour, red while it has a problem', async () => {
    const PRIMARY = 'rgb(11, 92, 173)';
    const ERROR = 'rgb(211, 47, 47)';
    const { context, page } = await freshPhone();
    try {
      await page.goto(new URL('/profile', bed().app.url).href);
      await page.locator('#root > [data-first-screen]').first().waitFor({ state: 'detached' });
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      const looks = (name: string) =>
        field(name).evaluate((input) => {
          const outline = getComputedStyle(input.parentElement!.querySelector('fieldset')!);
          const label = getComputedStyle(input.closest('.MuiFormControl-root')!.querySelector('label')!);
          return { outline: `${outline.borderTopWidth} ${outline.borderTopColor}`, label: label.color };
        });
      const resting = await looks('First Name');
      expect(resting.outline).not.toContain(PRIMARY);

      await field('First Name').click();
      await expect.poll(() => looks('First Name')).toEqual({ outline: `2px ${PRIMARY}`, label: PRIMARY });
      await page.keyboard.type('Ines');
      await page.keyboard.press('Tab');
      await page.mouse.move(0, 0); // off the field the click hovered
      await expect.poll(() => looks('Last Name')).toEqual({ outline: `2px ${PRIMARY}`, label: PRIMARY });
      await expect.poll(() => looks('First Name')).toEqual(resting);

      await field('Email').fill('not-an-address');
      await field('Email').blur();
      await page.getByText('Please enter a valid email').waitFor();
      await field('Email').focus();
      await expect.poll(() => looks('Email')).toEqual({ outline: `2px ${ERROR}`, label: ERROR });
    } finally {
      await context.close();
    }
  });

  it("asks for the code of the screen it shows along with the app's own, before any of it runs, and for no other screen's", async () => {
    const requestedBeforeAnyScript = async (storedProfile: boolean, route: string) => {
      const { context, page } = await freshPhone();
      try {
        if (storedProfile) {
          await context.addInitScript({
            content: `localStorage.setItem('profile', ${JSON.stringify(JSON.stringify({ user_id: '', ...storedProfileFields }))});`,
          });
        }
        // The app's code is held back: none of it runs, so nothing but the page itself asks for code.
        await page.route('**/assets/*.js', () => undefined);
        await page.goto(new URL('/presenters', bed().app.url).href, { waitUntil: 'commit' });
        // The page asks for the entry first, then for the preloads a few at a time, its screen's route last.
        await page.locator(`head > link[rel="modulepreload"][href*="/assets/${route}-"]`).waitFor({ state: 'attached' });
        return await page.evaluate(() =>
          [
            ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
              'head > link[rel="modulepreload"], head > script[src]',
            ),
          ].map((element) => new URL('href' in element ? element.href : element.src).pathname.replace(/^\/assets\//, '')),
        );
      } finally {
        await context.close();
      }
    };
    const newcomer = await requestedBeforeAnyScript(false, 'ProfileRoute');
    // The start-up's later stages (src/main.tsx) come with the entry, not after it has run.
    expect(newcomer.filter((file) => /^(router|renderApp)-/.test(file))).toHaveLength(2);
    expect(newcomer.some((file) => file.startsWith('ProfileRoute-'))).toBe(true);
    expect(newcomer.some((file) => file.startsWith('PresentersRoute-'))).toBe(false);
    const provider = await requestedBeforeAnyScript(true, 'PresentersRoute');
    expect(provider.some((file) => file.startsWith('PresentersRoute-'))).toBe(true);
    expect(provider.some((file) => file.startsWith('ProfileRoute-'))).toBe(false);
  });

  it('fills the profile form in while Auth has not answered, and the profile saved then is stored under its uid', async () => {
    const { context, page } = await freshPhone();
    // Auth's code is held back: Auth cannot start, let alone answer, until it is released.
    const held: Route[] = [];
    let released = false;
    await page.route('**/assets/firebase-auth-*.js', (route) => (released ? route.continue() : held.push(route)));
    try {
      await page.goto(new URL('/presenters', bed().app.url).href);
      for (const [label, value] of Object.entries(profile)) {
        await page.getByRole('textbox', { name: label }).fill(value);
      }
      await page.getByRole('checkbox').check();
      const save = page.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
      await save.click();
      // Saving waits for the sign-in: nothing is stored while Auth cannot be reached.
      await expect.poll(() => page.getByRole('form').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('profile'))).toBeNull();
      expect(held.length).toBeGreaterThan(0);

      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.getByText('Profile saved successfully!').waitFor({ timeout: 30_000 });
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('profile'))) ?? '{}') as { user_id?: string };
      const uid = await page.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            const request = indexedDB.open('firebaseLocalStorageDb');
            request.onsuccess = () => {
              const read = request.result.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
              read.onsuccess = () => resolve((read.result[0] as { value?: { uid?: string } } | undefined)?.value?.uid ?? null);
              read.onerror = () => resolve(null);
            };
            request.onerror = () => resolve(null);
          }),
      );
      expect(uid).toBeTruthy();
      expect(stored.user_id).toBe(uid);
      const saved = await bed().admin.db.doc(`providers/${uid}`).get();
      expect(saved.get('email')).toBe(profile.Email);
      expect(saved.get('first_name')).toBe(profile['First Name']);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reads the session results at /results with no profile, every match as potential', async () => {
    const { context, page } = await freshPhone();
    try {
      await page.goto(new URL('/results', bed().app.url).href);
      const potential = page.getByRole('region', { name: 'Potential Matches' });
      await potential.getByRole('heading', { name: 'Ada Okafor' }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/results');
      expect(await page.getByRole('region', { name: 'Your Matches' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Create your profile' }).getAttribute('href')).toBe('/profile');
      await checkPage(page, 360, 'first-screens-results-attendee');
    } finally {
      await context.close();
    }
  });
});
