// The admin: a real Chromium page at 1280 px driving the real console, with the selectors and
// flows of tests/e2e/adminJourney.test.ts and onboardingJourney.test.ts: sign in, create the event,
// invite the presenters, arrange the rounds, and run the event with the control screen's buttons
// and keyboard shortcuts; then Start Matching and Send Emails, each after its confirm.

import type { Browser, BrowserContext, Page } from 'playwright-core';

export type AdminPress =
  | { kind: 'start' }
  | { kind: 'next' }
  | { kind: 'reset' }
  | { kind: 'complete' }
  | { kind: 'stop' }
  | { kind: 'round'; round: number };

export interface AdminConsole {
  page: Page;
  createEvent(title: string, rounds: number): Promise<string>;
  /** Creates the invites in the invite section; resolves with each e-mail's signup link. */
  invite(emails: string[]): Promise<Map<string, string>>;
  /** Puts each round's presenters (by displayed name) into it, in order, on the control screen. */
  arrangeRounds(eventId: string, rounds: string[][]): Promise<void>;
  /** Presses a control; resolves with the time of the press (ms since the epoch). */
  press(press: AdminPress): Promise<number>;
  /** The control screen's sync marker ('All changes saved', 'Not saved: try again', ...). */
  saveStatus(): Promise<string>;
  /** Presses Start Matching or Send Emails and confirms. */
  confirm(action: 'Start Matching' | 'Send Emails'): Promise<void>;
  close(): Promise<void>;
}

export async function openAdminConsole(
  browser: Browser,
  appUrl: string,
  account: { email: string; password: string },
  onError: (message: string) => void,
): Promise<AdminConsole> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => onError(`admin page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') onError(`admin console error: ${message.text().slice(0, 300)}`);
  });
  const url = (route: string) => new URL(route, appUrl).href;

  await page.goto(url('/events'));
  await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Events Dashboard' }).waitFor();

  /** Clicks a neutral spot, so the control screen's shortcuts reach the page (not a focused field). */
  const focusPage = () => page.locator('body').click({ position: { x: 5, y: 700 } });

  return {
    page,
    async createEvent(title, rounds) {
      await page.getByRole('button', { name: 'Create New Event' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Event' });
      await create.getByLabel('Title').fill(title);
      await create.getByLabel('Description').fill('A whole live event, rehearsed.');
      await create.getByLabel('Location').fill('Innovation Hub, Room 101');
      await create.getByRole('group', { name: 'Start Time' }).getByRole('spinbutton', { name: 'Month' }).click();
      await page.keyboard.type('050120301115AM');
      await create.getByRole('combobox', { name: 'Number of Rounds' }).click();
      await page.getByRole('option', { name: String(rounds), exact: true }).click();
      await create.getByRole('button', { name: 'Create Event' }).click();
      await page.getByText('Event saved successfully!').waitFor();
      const card = page.getByRole('link', { name: new RegExp(title) });
      await card.click();
      await page.getByRole('heading', { name: 'Manage Presenters' }).waitFor();
      return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    },
    async invite(emails) {
      await page.goto(url('/invite'));
      const section = page.getByRole('region', { name: 'Invite Presenter' });
      await section.getByLabel('E-mail addresses').fill(emails.join('\n'));
      await section.getByRole('button', { name: 'Create Invites' }).click();
      const links = new Map<string, string>();
      for (const email of emails) {
        const link = section.getByRole('textbox', { name: `Invite link for ${email}` });
        // Generous: the SDK providers (hundreds, on the same cores) start while the admin invites.
        await link.waitFor({ timeout: 120_000 });
        links.set(email, await link.inputValue());
      }
      return links;
    },
    async arrangeRounds(eventId, rounds) {
      await page.goto(url(`/events/${encodeURIComponent(eventId)}`));
      await page.getByRole('heading', { name: 'Manage Presenters' }).waitFor();
      for (const [i, names] of rounds.entries()) {
        const round = i + 1;
        if (rounds.length > 1) await page.getByRole('button', { name: `Round ${round}`, exact: true }).click();
        for (const name of names) {
          await page.getByRole('combobox', { name: 'Presenter' }).click();
          await page.getByRole('option', { name, exact: true }).click();
          await page.getByRole('button', { name: `Add Presenter to Round ${round}` }).click();
          await page
            .getByRole('list', { name: `Round ${round} presenters` })
            .getByText(name)
            .waitFor();
        }
      }
      if (rounds.length > 1) await page.getByRole('button', { name: 'Round 1', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    },
    async press(press) {
      await focusPage();
      const at = Date.now();
      switch (press.kind) {
        case 'start':
          await page.getByRole('button', { name: 'Start Event' }).click();
          break;
        case 'stop':
          await page.getByRole('button', { name: 'Stop Event' }).click();
          break;
        case 'next':
          // The console's shortcut (→), as an operator at the laptop presses it.
          await page.keyboard.press('ArrowRight');
          break;
        case 'reset':
          await page.getByRole('button', { name: 'Reset All' }).click();
          break;
        case 'complete':
          await page.getByRole('button', { name: 'Complete All' }).click();
          break;
        case 'round':
          await page.getByRole('button', { name: `Round ${press.round}`, exact: true }).click();
          break;
      }
      return at;
    },
    async saveStatus() {
      const status = page.getByRole('status').filter({ hasText: /saved|Saving|Offline/ });
      return (await status.count()) > 0 ? ((await status.first().textContent()) ?? '') : '';
    },
    async confirm(action) {
      await page.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    },
    close: () => context.close(),
  };
}
