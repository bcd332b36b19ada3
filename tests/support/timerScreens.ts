// Screens that show the pitch timer, for the browser tests: a device clock set wrong, and a log
// kept in each page of every text and state its timer shows, stamped when the page changed it
// (on the machine's real clock, which all pages share and the wrong Date.now() does not touch),
// so a test reads when each screen showed a second, not when it looked. The stamp is the machine's
// wall clock as Date.now() read it before it was set wrong, not performance.timeOrigin plus
// performance.now(): Chromium pairs the wall clock with its monotonic clock once per renderer
// process, and a renderer held off the CPU between the two reads (a busy machine starting four
// pages at once) puts every stamp of its pages hundreds of ms early. From those logs: when
// each screen turned over to each second, and how far apart the screens did it.

import type { BrowserContext, Page } from 'playwright-core';

export interface TimerScreen {
  name: string;
  page: Page;
  context: BrowserContext;
}

/** One change of what a screen's timer shows. */
export interface Shown {
  at: number;
  /** The text around the clock: it names whose clock it is. */
  live: string;
  /** The digits shown ('0:27', '+0:03'), '' while no clock shows. */
  digits: string;
  state: string;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Sets the device's clock `skewMs` wrong for every page of the context (what the app reads as now). */
export async function skewClock(context: BrowserContext, skewMs: number): Promise<void> {
  await context.addInitScript((skew) => {
    const deviceNow = Date.now.bind(Date);
    Object.defineProperty(window, 'machineNow', { value: deviceNow });
    Date.now = () => deviceNow() + skew;
  }, skewMs);
}

/** Starts the page's log of every text and state its pitch timer shows (the room display's or the live card's). */
export async function recordTimer(screen: TimerScreen): Promise<void> {
  await screen.page.evaluate(() => {
    const log: { at: number; text: string; state: string; live: string }[] = [];
    (window as unknown as { timerLog: typeof log }).timerLog = log;
    const now = (window as unknown as { machineNow?: () => number }).machineNow ?? Date.now.bind(Date);
    let last = '';
    const look = () => {
      const timer = document.querySelector('[role="timer"][aria-label="Pitch timer"]');
      const text = timer?.textContent ?? '';
      const state = timer?.getAttribute('data-state') ?? '';
      // Whose clock it is: the live card (a phone) or the live section (a room display) around it.
      const live = timer?.closest('li, section')?.textContent ?? '';
      if (`${state}|${text}|${live}` === last) return;
      last = `${state}|${text}|${live}`;
      log.push({ at: now(), text, state, live });
    };
    // The observer runs in the task that changed the page, so `at` is when the screen changed.
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    look();
  });
}

export async function logOf(screen: TimerScreen): Promise<Shown[]> {
  const log = await screen.page.evaluate(
    () => (window as unknown as { timerLog: { at: number; text: string; state: string; live: string }[] }).timerLog,
  );
  return log.map(({ at, text, state, live }) => ({ at, state, live, digits: /\+?\d+:\d\d/.exec(text)?.[0] ?? '' }));
}

/**
 * When each screen turned over to each value in [from, to] (real ms): the value → the moments,
 * one per screen in `screens`' order (NaN where a screen did not). A screen's first value in the
 * span is left out: it may be a snapshot arriving, not a turn.
 */
export async function turnovers(screens: TimerScreen[], from: number, to: number): Promise<Map<string, number[]>> {
  const byValue = new Map<string, number[]>();
  const logs = await Promise.all(screens.map(logOf));
  logs.forEach((log, index) => {
    const seen = new Set<string>();
    let first = true;
    for (const shown of log) {
      const key = `${shown.state} ${shown.digits}`;
      if (shown.at < from || shown.at > to || shown.digits === '' || seen.has(key)) continue;
      seen.add(key);
      if (first) {
        first = false;
        continue;
      }
      const moments = byValue.get(key) ?? screens.map(() => Number.NaN);
      moments[index] = shown.at;
      byValue.set(key, moments);
    }
  });
  return byValue;
}

/** For each value every screen turned over to in [from, to]: how far apart (ms) the first and the last did it. */
export async function turnoverSpreads(
  screens: TimerScreen[],
  from: number,
  to: number,
): Promise<{ value: string; spreadMs: number }[]> {
  const spreads: { value: string; spreadMs: number }[] = [];
  for (const [value, moments] of await turnovers(screens, from, to)) {
    if (moments.some(Number.isNaN)) continue;
    spreads.push({ value, spreadMs: Math.max(...moments) - Math.min(...moments) });
  }
  return spreads;
}
