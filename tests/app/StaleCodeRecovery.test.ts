// @vitest-environment happy-dom
// Code of the app that fails to load (a page from before a deployment): the page reloads once to
// pick up the new version; a second failure soon after shows 'The app was updated. Reload to
// continue.' instead of reloading in a loop; the mark of that reload goes once the app has
// started. Each "page" is a fresh load of the module, with the tab's session storage kept, as a
// reload keeps it. Only the browser's reload itself is replaced (jsdom has none) and the clock.

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MARK = 'reloaded-for-update';
const START = new Date('2026-11-26T10:00:00Z').getTime();

let closePage = (): void => undefined;

/**
 * A fresh page: the previous one gone, the module loaded anew and its listener added; it counts
 * the reloads it asks for.
 */
async function openPage() {
  closePage();
  vi.resetModules();
  let reloads = 0;
  const opened: string[] = [];
  const staleCode = await import('../../src/app/staleCode');
  closePage = staleCode.watchForStaleCode({ reload: () => (reloads += 1), open: (address) => opened.push(address) });
  return { ...staleCode, reloads: () => reloads, opened: () => opened };
}

/** What Vite dispatches when a chunk or preload of the built app fails to load. */
function preloadError(): Event {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
    payload: new TypeError('Failed to fetch dynamically imported module: /assets/QuestionsRoute-old.js'),
  });
  window.dispatchEvent(event);
  return event;
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  // Enough turns of the microtask queue for a loaded module to come through.
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  return done;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(START);
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  closePage();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a failed chunk or preload', () => {
  it('opens the screen a navigation under way was going to, not the one still shown', async () => {
    const page = await openPage();
    window.history.replaceState(null, '', '/presenters');
    page.followNavigations(() => '/questions/p-ada');
    preloadError();
    expect(page.opened()).toEqual(['/questions/p-ada']);
    expect(page.reloads()).toBe(0);
  });

  it('reloads the page shown when no navigation is under way', async () => {
    const page = await openPage();
    window.history.replaceState(null, '', '/presenters');
    page.followNavigations(() => undefined);
    preloadError();
    expect(page.opened()).toEqual([]);
    expect(page.reloads()).toBe(1);
  });

  it('reloads the page once, even when several fail together', async () => {
    const page = await openPage();
    const first = preloadError();
    preloadError();
    expect(page.reloads()).toBe(1);
    expect(first.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(MARK)).toBe(String(START));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the message instead of reloading when it fails again within a minute of that reload', async () => {
    const before = await openPage();
    preloadError();
    expect(before.reloads()).toBe(1);

    vi.setSystemTime(START + 30_000);
    const after = await openPage();
    preloadError();
    expect(after.reloads()).toBe(0);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The app was updated. Reload to continue.');

    // The visitor's own Reload still reloads.
    vi.useRealTimers();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(after.reloads()).toBe(1);
  });

  it('reloads again for a failure more than a minute after the last reload', async () => {
    await openPage();
    preloadError();
    vi.setSystemTime(START + 61_000);
    const later = await openPage();
    preloadError();
    expect(later.reloads()).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits for the network when the device is offline, then reloads', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const page = await openPage();
    preloadError();
    expect(page.reloads()).toBe(0);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(page.reloads()).toBe(1);
  });
});

describe('loading a start-up stage or a screen', () => {
  it('reloads once when the import is refused, and never settles', async () => {
    const page = await openPage();
    const load = page.loadCode(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await settled(load)).toBe(false);
    expect(page.reloads()).toBe(1);
  });

  it('reloads once when the preload handler left the import empty', async () => {
    const page = await openPage();
    const load = page.loadCode(() => Promise.resolve(undefined));
    expect(await settled(load)).toBe(false);
    expect(page.reloads()).toBe(1);
  });

  it('hands over the module when it loads', async () => {
    const page = await openPage();
    const module = { default: 'screen' };
    await expect(page.loadCode(() => Promise.resolve(module))).resolves.toBe(module);
    expect(page.reloads()).toBe(0);
  });
});

describe('a good start after the reload', () => {
  it('forgets the mark at once when the minute is over', async () => {
    await openPage();
    preloadError();
    vi.setSystemTime(START + 65_000);
    const after = await openPage();
    after.staleCodeAppStarted();
    expect(sessionStorage.getItem(MARK)).toBeNull();
  });

  it('keeps the mark to the end of the minute, so a screen that fails after the start does not reload again', async () => {
    await openPage();
    preloadError();
    vi.setSystemTime(START + 5_000);
    const after = await openPage();
    after.staleCodeAppStarted();
    expect(sessionStorage.getItem(MARK)).toBe(String(START));
    preloadError();
    expect(after.reloads()).toBe(0);
    expect(screen.getByRole('alert').textContent).toContain('The app was updated.');

    vi.advanceTimersByTime(55_000);
    expect(sessionStorage.getItem(MARK)).toBeNull();
  });
});
