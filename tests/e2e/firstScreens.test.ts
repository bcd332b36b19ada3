// A first-time visitor at the venue, in Debian's Chromium on the built app: the build-time first
// screens paint before any JavaScript has arrived (and what is typed into them is kept when the
// app takes over, by the form's own rules, however late that is), the profile form works while
// Auth has not answered yet, a profile saved then is stored under the visitor's own uid, and an
// attendee with no profile reads the results.

import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFinalMatch } from '../app/support/finalMatches';
import { storedEvent } from '../db/appDb';
import { createAccount } from '../support/adminAccount';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { PAGE_WAIT_MS } from '../support/browser';

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
  await admin.db.doc('invites/invite-late').set({
    email: 'noor.haddad@example.com',
    created_by: 'admin',
    created_at: new Date('2026-01-05T09:00:00Z'),
    signup_url: 'http://127.0.0.1/signup?c=invite-late',
  });
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

/** The text under a field: its message, or else its help text (null when it has neither). */
const messageOf = (field: Locator) =>
  field.evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

/** Whether the app has rendered over the build-time first screen. */
const takenOver = (page: Page) => page.evaluate(() => document.querySelector('#root > [data-first-screen]') === null);

/**
 * Holds the app's code back, as on a slow network: every file of it until `release` says which
 * may still wait.
 */
async function holdAppCode(page: Page): Promise<(stillHeld: (url: string) => boolean) => Promise<void>> {
  let holds = (_url: string) => true;
  const held: Route[] = [];
  await page.route('**/assets/*.js', (route) => (holds(route.request().url()) ? held.push(route) : route.continue()));
  return async (stillHeld) => {
    holds = stillHeld;
    const go = held.filter((route) => !stillHeld(route.request().url()));
    held.splice(0, held.length, ...held.filter((route) => stillHeld(route.request().url())));
    await Promise.all(go.map((route) => route.continue()));
  };
}

/** How many times slower Chromium runs the page for a low-tier phone's CPU (bench:phone calibrates about 14). */
const PHONE_CPU = 10;

/** Runs the page `rate` times slower than this machine can (1: at its own speed). */
async function slowCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.detach();
}

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

  it('types into the profile form before, during and after a late takeover, and the form keeps every rule: the phone formatted, the messages of the fields left, Save held back, the focus and the caret', async () => {
    const { context, page } = await freshPhone();
    try {
      const release = await holdAppCode(page);
      await page.goto(new URL('/profile', bed().app.url).href, { waitUntil: 'commit' });
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      const firstName = field('First Name');
      const lastName = field('Last Name');
      const email = field('Email');
      const company = field('Company Name');
      const phone = field('Phone Number');
      await firstName.waitFor();

      // Before any of the app's code has run: only the page's own inline script, which gives
      // the phone field its rule from the first paint.
      await firstName.pressSequentially('Ines');
      await email.pressSequentially('ines.moreau@example');
      await phone.pressSequentially('5550100123');
      expect(await phone.inputValue()).toBe('(555) 010-0123');
      await phone.selectText();
      await phone.pressSequentially('555010012');
      expect(await phone.inputValue()).toBe('555010012');
      await phone.press('3');
      expect(await phone.inputValue()).toBe('(555) 010-0123');

      // The app's script starts (its first act is the event's read), but its form cannot take
      // over: the route's code is still held back. What was typed keeps the form's rule.
      const appStarted = page.waitForRequest((request) => request.url().includes('/documents'));
      await release((url) => url.includes('/ProfileRoute-'));
      await appStarted;
      expect(await phone.inputValue()).toBe('(555) 010-0123');
      // And so is what is typed from now on.
      await phone.selectText();
      await phone.pressSequentially('5550100199');
      expect(await phone.inputValue()).toBe('(555) 010-0199');
      await lastName.click();
      await page.keyboard.press('Tab'); // left empty
      await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
      await company.pressSequentially('Nord');
      await page.keyboard.press('Home');
      expect(await takenOver(page)).toBe(false);

      // The route's code arrives on a slow phone's CPU: the visitor types on while the app renders
      // in slices and takes over, and a few keys more after.
      await slowCpu(page, PHONE_CPU);
      await release(() => false);
      const name = 'Clinique Universitaire du Nord et de la Vallee ';
      let typed = '';
      let keysAfter = 0;
      while (keysAfter < 3 && typed.length < 1000) {
        const key = name[typed.length % name.length]!;
        await page.keyboard.type(key);
        typed += key;
        if (await takenOver(page)) keysAfter += 1;
      }
      await slowCpu(page, 1);

      // Nothing lost or doubled, the caret and the focus where the visitor left them.
      expect(await company.inputValue()).toBe(`${typed}Nord`);
      expect(
        await company.evaluate((input: HTMLInputElement) => [input === document.activeElement, input.selectionStart]),
      ).toEqual([true, typed.length]);
      // Each field as the form would have it had it all been typed there.
      expect(await firstName.inputValue()).toBe('Ines');
      expect(await messageOf(firstName)).toBeNull();
      expect(await lastName.inputValue()).toBe('');
      expect(await messageOf(lastName)).toBe('Required');
      expect(await email.inputValue()).toBe('ines.moreau@example');
      expect(await messageOf(email)).toBe('Please enter a valid email');
      expect(await phone.inputValue()).toBe('(555) 010-0199');
      expect(await messageOf(phone)).toBe('Optional. (###) ###-####');
      expect(await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).isChecked()).toBe(true);
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);

      await lastName.fill('Moreau');
      await email.fill('ines.moreau@example.com');
      await expect.poll(() => messageOf(email)).toBeNull();
      expect(await messageOf(lastName)).toBeNull();
      expect(await save.isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("has no first screen at /signup to type into before the app, and the signup form keeps every rule on a slow phone's CPU", async () => {
    const { context, page } = await freshPhone();
    try {
      const release = await holdAppCode(page);
      await page.goto(new URL('/signup?c=invite-late', bed().app.url).href, { waitUntil: 'domcontentloaded' });
      // Nothing to type into until the app has checked the invite: nothing to take over.
      expect(await page.getByRole('textbox').count()).toBe(0);

      await slowCpu(page, PHONE_CPU);
      await release(() => false);
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      await field('First Name').waitFor();
      await field('First Name').pressSequentially('Noor');
      await field('Last Name').click(); // and left empty
      await field('Company Name').pressSequentially('Cardiolytics');
      await field('Website').pressSequentially('cardiolytics.example');
      await field('Phone Number').pressSequentially('5550100199');
      await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
      await slowCpu(page, 1);

      expect(await field('Email').inputValue()).toBe('noor.haddad@example.com');
      expect(await messageOf(field('Last Name'))).toBe('Required');
      expect(await messageOf(field('Website'))).toBe('Please enter a web address starting with http:// or https://');
      expect(await field('Phone Number').inputValue()).toBe('(555) 010-0199');
      expect(await messageOf(field('Phone Number'))).toBe('Optional. (###) ###-####');
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await field('Last Name').fill('Haddad');
      await field('Website').fill('https://cardiolytics.example');
      await expect.poll(() => save.isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("keeps an admin's sign-in typed into /events' first screen, filled as a password manager fills it, and the app's Continue signs in with it", async () => {
    const account = await createAccount(projectId);
    const { context, page } = await freshPhone();
    try {
      const release = await holdAppCode(page);
      await page.goto(new URL('/events', bed().app.url).href, { waitUntil: 'commit' });
      const email = page.getByRole('textbox', { name: 'Email', exact: true });
      const password = page.getByLabel('Password', { exact: true });
      const continueButton = page.getByRole('button', { name: 'Continue' });
      await email.waitFor();
      // fill() focuses the field, then inserts the text as one edit (as autofill does).
      await email.fill(account.email);
      await password.fill(account.password);
      // The build-time button cannot know the password was typed; the app's form does.
      expect(await takenOver(page)).toBe(false);
      expect(await continueButton.isDisabled()).toBe(true);

      await release(() => false);
      await page.waitForFunction(() => document.querySelector('#root > [data-first-screen]') === null);
      expect(await email.inputValue()).toBe(account.email);
      expect(await password.inputValue()).toBe(account.password);
      expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
      await continueButton.click();
      await page.getByRole('heading', { name: 'Events Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);

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
      await expect.poll(() => save.isEnabled(), { timeout: PAGE_WAIT_MS }).toBe(true);
      await save.click();
      // Saving waits for the sign-in: nothing is stored while Auth cannot be reached.
      await expect.poll(() => page.getByRole('form').getAttribute('aria-busy'), { timeout: PAGE_WAIT_MS }).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('profile'))).toBeNull();
      expect(held.length).toBeGreaterThan(0);

      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.getByText('Profile saved successfully!').waitFor();
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
      await potential.getByRole('heading', { name: 'Ada Okafor' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/results');
      expect(await page.getByRole('region', { name: 'Your Matches' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Create your profile' }).getAttribute('href')).toBe('/profile');
      await checkPage(page, 360, 'first-screens-results-attendee');
    } finally {
      await context.close();
    }
  });
});
