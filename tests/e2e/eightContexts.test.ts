// Eight browser contexts of one Chromium (one address, one User-Agent, as phones behind one NAT
// or a laptop rehearsing with several profiles look to the backend), each with a room display
// following one of four events, in Debian's Chromium on the built app against the local backend:
// an admin moves each event's live presenter on a schedule while the contexts' displays are
// closed and opened again in turn, and every open display shows every change: the test fails on a
// display left behind (STALE_MS) and prints how soon they showed it against the product's target of
// a second (TARGET_MS), which bench:contexts holds over runs. Each page times what it shows itself
// (a MutationObserver on the live presenter), so the figures carry no polling interval. It runs
// after every other test file, alone (the browser-alone project, vitest.config.ts): the figures
// are the product's, not the rest of the suite's load.
//
// A display opened again in a context first shows what that context's offline cache holds, which
// may be a presenter or two behind, and follows the room once its listen is up (a second or two
// later on a busy machine; its first fresh presenter may come from the page's one-time first
// read). So an opened-again display answers for the changes committed after it showed a second
// one made since it was opened (proof that its listener is up), and the next display of its event
// is closed only a second after that: each change has a live display for its whole second.

import { appendFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';

const projectId = uniqueProjectId('e2e-eight-contexts');
const bed = useBuiltApp(projectId);

const CONTEXTS = 8;
const EVENTS = ['room-a', 'room-b', 'room-c', 'room-d'] as const;
/** Each event's live presenter moves this many times, one event every WRITE_EVERY_MS in turn. */
const CHANGES_PER_EVENT = 12;
const WRITE_EVERY_MS = 250;
/** A display is closed and opened again this often while the changes are made. */
const TAB_ACTION_EVERY_MS = 1_500;
/**
 * The product's target: an open display shows each change within a second of its commit. A speed
 * target on a shared two-core machine (eight pages, the backend and the test side by side) is a
 * benchmark's to hold, by medians over runs (`npm run bench:contexts`): this test prints its
 * figures and fails on a display that does not follow the room (STALE_MS).
 */
const TARGET_MS = 1_000;
/** A display still behind this long after a change is stale, as in the rehearsal's phones. */
const STALE_MS = 3_000;
/**
 * How often the test looks at a page. What it checks is timed by the page itself, so this only
 * sets how soon the test moves on; each look is a round trip through the browser, work that would
 * share the two cores with the displays being timed.
 */
const POLL_MS = 100;
/** The slot every event moves to before the schedule starts (see the test). */
const WARM_UP = CHANGES_PER_EVENT + 1;

/** A name no other presenter's contains: the event's letter and the change's number. */
const presenterName = (event: number, change: number) =>
  `${String.fromCharCode(65 + event)}${String(change).padStart(2, '0')} Speaker`;
const ANY_PRESENTER = /[A-Z]\d\d Speaker/;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  const { db } = bed().admin;
  const batch = db.batch();
  EVENTS.forEach((id, event) => {
    // Slot 0 is live at first, slots 1 to CHANGES_PER_EVENT are the changes, the last is the warm-up.
    const round = Array.from({ length: CHANGES_PER_EVENT + 2 }, (_, change) => {
      const [first_name = '', last_name = ''] = presenterName(event, change).split(' ');
      return { presenter_id: `p-${event}-${change}`, first_name, last_name };
    });
    batch.set(
      db.doc(`events/${id}`),
      storedEvent({
        title: `Room ${String.fromCharCode(65 + event)}`,
        open: true,
        presenterIndex: 0,
        rounds: { round_1: round },
      }),
    );
  });
  await batch.commit();
}, 180_000);

interface Sighting {
  text: string;
  /** Date.now() in the page when its DOM changed. */
  at: number;
}

/** A task that held the page's main thread 50 ms or more, in Date.now() time. */
interface LongTask {
  at: number;
  duration: number;
}

/**
 * Runs in every page before the app: records each new text of the live presenter's section, and
 * when; and the page's long tasks, so a late sighting says whether its own main thread was busy.
 */
function recordLiveSightings(): void {
  const page = window as unknown as { liveSightings: Sighting[]; longTasks: LongTask[] };
  page.liveSightings = [];
  page.longTasks = [];
  let last = '';
  new MutationObserver(() => {
    const text = document.getElementById('room-live-heading')?.parentElement?.textContent ?? '';
    if (text === last) return;
    last = text;
    page.liveSightings.push({ text, at: Date.now() });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      page.longTasks.push({ at: performance.timeOrigin + entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const sightingsOf = (page: Page) => page.evaluate(() => (window as unknown as { liveSightings: Sighting[] }).liveSightings);
const longTasksOf = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: LongTask[] }).longTasks);

/** How long the page's main thread spent in long tasks between two moments. */
const busyBetween = (tasks: LongTask[], from: number, to: number) =>
  Math.round(tasks.reduce((sum, task) => sum + Math.max(0, Math.min(to, task.at + task.duration) - Math.max(from, task.at)), 0));

interface Tab {
  label: string;
  event: number;
  page: Page;
  /** When it was opened (before its page loaded). */
  openedAt: number;
  /**
   * From when it was live: it answers for the changes committed after. A first display is live
   * when it shows the warm-up change, made once every first display showed a presenter; one
   * opened again, when it shows the second change committed after it was opened (or never, if
   * none came). A display's first presenter may come from the page's one-time first read
   * (Firestore Lite), which is no listen; these can only come from the listener.
   */
  readyAt: number;
  /** When the test began closing it: it answers for the changes whose deadline came before. */
  closedAt: number;
  sightings: Sighting[];
  longTasks: LongTask[];
}

interface Change {
  event: number;
  change: number;
  committedAt: number;
}

describe('eight contexts of one Chromium', () => {
  it('every room display follows every change while tabs open and close, and the figures against a second are printed', async () => {
    const { browser, app, admin } = bed();
    const contexts: BrowserContext[] = [];
    const tabs: Tab[] = [];
    const eventOf = (context: number) => context % EVENTS.length;

    const changes: Change[] = [];
    let writesDone = false;

    async function openTab(context: number, label: string): Promise<Tab> {
      const openedAt = Date.now();
      const page = await (contexts[context] as BrowserContext).newPage();
      page.on('pageerror', (error) => console.error(`[${label}]`, error.message));
      await page.goto(new URL(`/events/${EVENTS[eventOf(context)]}/screen`, app.url).href);
      const shown = (pattern: string) =>
        (window as unknown as { liveSightings: Sighting[] }).liveSightings.find((s) => new RegExp(pattern).test(s.text))?.at;
      await page.waitForFunction(shown, ANY_PRESENTER.source, { polling: POLL_MS });
      const readyAt = (await page.evaluate(shown, ANY_PRESENTER.source)) ?? 0;
      const tab: Tab = {
        label,
        event: eventOf(context),
        page,
        openedAt,
        readyAt,
        closedAt: Number.POSITIVE_INFINITY,
        sightings: [],
        longTasks: [],
      };
      tabs.push(tab);
      return tab;
    }

    /** Whether the display shows in this sighting a change committed after it was opened. */
    const freshFor = (tab: Tab, sighting: Sighting) =>
      changes.some(
        (c) => c.event === tab.event && c.committedAt > tab.openedAt && sighting.text.includes(presenterName(c.event, c.change)),
      );

    /** When an opened-again display was live by its sightings (Tab.readyAt), or undefined. */
    const liveFrom = (tab: Tab, sightings: Sighting[]) => sightings.filter((sighting) => freshFor(tab, sighting))[1]?.at;

    /** Waits until an opened-again display is live (Tab.readyAt), and returns when it was. */
    async function liveAt(tab: Tab): Promise<number> {
      const deadline = Date.now() + 30_000;
      while (!writesDone && Date.now() < deadline) {
        const seen = liveFrom(tab, await sightingsOf(tab.page));
        if (seen !== undefined) return seen;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!writesDone) throw new Error(`${tab.label} showed no change made after it opened within 30 s`);
      return Number.POSITIVE_INFINITY;
    }

    async function closeTab(tab: Tab): Promise<void> {
      tab.closedAt = Date.now();
      tab.sightings = await sightingsOf(tab.page);
      tab.longTasks = await longTasksOf(tab.page);
      await tab.page.close();
    }

    try {
      for (let context = 0; context < CONTEXTS; context++) {
        // No service worker: each context's would fetch and store the whole app at its first
        // visit, eight installs at once on the machine's two cores while the changes are timed,
        // where each phone in a room installs its own, once, on its own processor.
        const opened = await browser.newContext({ viewport: { width: 800, height: 450 }, serviceWorkers: 'block' });
        await opened.addInitScript(recordLiveSightings);
        contexts.push(opened);
      }
      const mains = await Promise.all(contexts.map((_, context) => openTab(context, `context ${context}`)));

      // A first display may show its first presenter from the page's one-time first read, before
      // its listen is up. Every first display has shown one, so a warm-up change can only reach it
      // through the listener: each is live from when it shows that change.
      await Promise.all(EVENTS.map((id) => admin.db.doc(`events/${id}`).update({ presenter_index: WARM_UP })));
      await Promise.all(
        mains.map(async (tab) => {
          const warmUp = presenterName(tab.event, WARM_UP);
          await tab.page.waitForFunction(
            (name) => (window as unknown as { liveSightings: Sighting[] }).liveSightings.some((s) => s.text.includes(name)),
            warmUp,
            { polling: POLL_MS },
          );
          tab.readyAt = (await sightingsOf(tab.page)).find((s) => s.text.includes(warmUp))?.at ?? Number.POSITIVE_INFINITY;
        }),
      );

      const started = Date.now();
      const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ms - Date.now())));
      const total = CHANGES_PER_EVENT * EVENTS.length;

      // The admin's schedule: one event's live presenter moves every WRITE_EVERY_MS, in turn.
      async function writeChanges(): Promise<void> {
        for (let k = 0; k < total; k++) {
          await at(k * WRITE_EVERY_MS);
          const event = k % EVENTS.length;
          const change = Math.floor(k / EVENTS.length) + 1;
          const result = await admin.db.doc(`events/${EVENTS[event]}`).update({ presenter_index: change });
          changes.push({ event, change, committedAt: result.writeTime.toMillis() });
        }
        writesDone = true;
      }

      // Meanwhile, every TAB_ACTION_EVERY_MS the next context in turn has its display closed and
      // opened again: the closed page's channels go, the new page's are opened, on the backend. One
      // event's displays take their turns one after the other, and a turn ends a second after its
      // display is live, so each change has a live display open for its whole second.
      async function closeAndOpenTabs(): Promise<void> {
        const turns = EVENTS.map(() => Promise.resolve());
        for (let i = 0; ; i++) {
          await at((i + 1) * TAB_ACTION_EVERY_MS);
          if (writesDone) break;
          const context = i % CONTEXTS;
          const event = eventOf(context);
          turns[event] = (turns[event] as Promise<void>).then(async () => {
            // A turn queued behind a slow one starts no later than the last change.
            if (writesDone) return;
            await closeTab(mains[context] as Tab);
            const tab = await openTab(context, `context ${context}, opened again`);
            mains[context] = tab;
            tab.readyAt = await liveAt(tab);
            if (Number.isFinite(tab.readyAt)) await at(tab.readyAt + TARGET_MS - started);
          });
        }
        await Promise.all(turns);
      }

      await Promise.all([writeChanges(), closeAndOpenTabs()]);

      // Each page still open shows its event's last change (or the wait ends and the figures say so),
      // and stays open until a second after the last commit: a display that showed the last changes
      // at once was watching them for their whole second.
      const watchedUntil = Math.max(...changes.map((change) => change.committedAt)) + TARGET_MS;
      await Promise.all(
        tabs
          .filter((tab) => tab.closedAt === Number.POSITIVE_INFINITY)
          .map(async (tab) => {
            const last = presenterName(tab.event, CHANGES_PER_EVENT);
            await tab.page
              .waitForFunction(
                (name) => (window as unknown as { liveSightings: Sighting[] }).liveSightings.some((s) => s.text.includes(name)),
                last,
                { polling: POLL_MS },
              )
              .catch(() => undefined);
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, watchedUntil - Date.now())));
            tab.closedAt = Date.now();
            tab.sightings = await sightingsOf(tab.page);
            tab.longTasks = await longTasksOf(tab.page);
          }),
      );

      // A display opened again near the end may have gone live after its wait stopped.
      for (const tab of tabs) {
        if (Number.isFinite(tab.readyAt) || !tab.label.endsWith('again')) continue;
        tab.readyAt = liveFrom(tab, tab.sightings) ?? Number.POSITIVE_INFINITY;
      }

      // For each change and each page that was showing its event from before the commit to past the
      // deadline: when it first showed that change or a later one.
      const delays: number[] = [];
      /** The slowest sighting, and its page's long tasks meanwhile. */
      let worst = { delay: Number.NEGATIVE_INFINITY, busy: 0 };
      const late: string[] = [];
      const stale: string[] = [];
      const unwatched: string[] = [];
      for (const { event, change, committedAt } of changes) {
        const names = Array.from({ length: CHANGES_PER_EVENT - change + 1 }, (_, i) => presenterName(event, change + i));
        const watching = tabs.filter(
          (tab) => tab.event === event && tab.readyAt < committedAt && committedAt + TARGET_MS <= tab.closedAt,
        );
        if (watching.length === 0) unwatched.push(`${presenterName(event, change)} at ${committedAt - started} ms`);
        for (const tab of watching) {
          const seen = tab.sightings.find((s) => s.at >= tab.readyAt && names.some((name) => s.text.includes(name)));
          const delay = seen ? seen.at - committedAt : Number.POSITIVE_INFINITY;
          if (delay > worst.delay) worst = { delay, busy: busyBetween(tab.longTasks, committedAt, committedAt + delay) };
          delays.push(delay);
          const line =
            `${tab.label}: ${presenterName(event, change)} after ${delay} ms ` +
            `(its main thread ${busyBetween(tab.longTasks, committedAt, committedAt + delay)} ms in long tasks meanwhile)`;
          if (delay > TARGET_MS) late.push(line);
          // Unseen by a page closed before the stale mark counts against the target only.
          if (delay > STALE_MS && (seen || committedAt + STALE_MS <= tab.closedAt)) stale.push(line);
        }
      }
      const sorted = [...delays].sort((a, b) => a - b);
      const toLive = tabs
        .filter((tab) => tab.label.endsWith('again') && Number.isFinite(tab.readyAt))
        .map((tab) => tab.readyAt - tab.openedAt)
        .sort((a, b) => a - b);
      const figures = {
        sightings: delays.length,
        medianMs: sorted[Math.floor(sorted.length / 2)],
        worstMs: sorted.at(-1),
        targetMs: TARGET_MS,
        overTarget: late.length,
        toLiveMedianMs: toLive[Math.floor(toLive.length / 2)] ?? null,
      };
      if (process.env.EIGHT_CONTEXTS_FIGURES) appendFileSync(process.env.EIGHT_CONTEXTS_FIGURES, `${JSON.stringify(figures)}\n`);
      if (late.length > 0) console.log(`eight contexts, over ${TARGET_MS} ms:\n${late.join('\n')}`);
      console.log(
        `eight contexts: ${delays.length} sightings of ${changes.length} changes in ${tabs.length} tabs; ` +
          `median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms (${worst.busy} ms of it in its page's long tasks), ${late.length} over ${TARGET_MS} ms; ` +
          `a display opened again was live after a median ${toLive[Math.floor(toLive.length / 2)]} ms (worst ${toLive.at(-1)} ms)`,
      );
      expect(changes).toHaveLength(CHANGES_PER_EVENT * EVENTS.length);
      expect(unwatched, 'changes no display was open for').toEqual([]);
      expect(stale, `displays behind for more than ${STALE_MS} ms`).toEqual([]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  }, 240_000);
});
