// Providers on phones: real Chromium pages at 360 px on the built app, following /presenters and
// rating through the questionnaire as tests/e2e/providerJourney.test.ts does, with random but
// recorded answers. Once the event starts, each phone drops off the network (the browser
// context's offline mode) on its seeded plan of drop-outs (reconnect.ts), some rating while away,
// and comes back on /presenters, where it stays until it shows the admin's latest change and the
// next one. A page script reports every change of the Live group with the page's clock (the
// machine's), and the phone notes when it is on /presenters and online to see them; another
// reports every change of the live card's pitch timer the same way. Also a presenter's signup
// through an invite link, as tests/e2e/onboardingJourney.test.ts does it.

import type { Browser, BrowserContext } from 'playwright-core';
import { countsInMatching } from '../../domain/questionTypes';
import { answerOnPhone, editedAnswer, randomAnswers } from './questions';
import type { TimerSighting } from './pitchTimer';
import { sdkFault, shows, type DropOut, type LiveChange, type PhoneReturn, type SdkFault } from './reconnect';
import { seededRandom, type GivenAnswer, type QuestionPlan, type RatingRecord } from './record';

export interface PhoneSighting {
  /** The Live group's text (the live presenter's name and 'Live'), '' when it is empty. */
  text: string;
  at: number;
}

export interface Phone {
  providerId: string;
  profile: { first_name: string; last_name: string; email: string; company: string };
  sightings: PhoneSighting[];
  /** Every change of the live card's pitch timer while on /presenters. */
  timerSightings: TimerSighting[];
  /** When the phone was on /presenters and online, able to see a change: [from, to] (to = Infinity while there). */
  watching: [number, number][];
  /** Each return from a drop-out. */
  returns: PhoneReturn[];
  /** Firestore SDK assertions and stopped listeners its console or page errors showed. */
  faults: { kind: SdkFault; message: string }[];
  /** Starts the phone's drop-outs, timed from now (the event's start). */
  startDropOuts(plan: DropOut[]): void;
  /** Stops rating, finishes the rating under way and brings the phone back online. */
  settle(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface PhonePlan {
  index: number;
  seed: number;
  questions: QuestionPlan[];
  onRated(record: RatingRecord): void;
  onError(message: string): void;
  log(line: string): void;
  /** The room's join link (/join/{code}) the phone opens, as if it had scanned the room display's QR code; absent: /profile. */
  joinPath?: string;
  /** The admin's changes in the phone's room so far, in press order. */
  changes(): readonly LiveChange[];
}

/** The longest a phone back from a drop-out waits on /presenters for the admin's latest change and the next one. */
const HOLD_AFTER_RETURN_MS = 30_000;

// Runs in the page (a string: the scripts are type-checked without the DOM's types).
const OBSERVE_LIVE = `(() => {
  let last = null;
  let lastTimer = '';
  const read = () => {
    if (location.pathname !== '/presenters') { last = null; lastTimer = ''; return; }
    const section = Array.from(document.querySelectorAll('section')).find((s) => s.querySelector('h2')?.textContent === 'Live');
    // The live card without its pitch timer, whose every second is reported apart.
    const card = section ? section.cloneNode(true) : null;
    card?.querySelectorAll('[role="timer"]').forEach((timer) => timer.remove());
    const text = card ? (card.textContent || '').replace(/\\s+/g, ' ').trim() : '';
    const timer = section?.querySelector('[role="timer"]')?.textContent || '';
    if (text === last && timer === lastTimer) return;
    if (timer !== lastTimer) window.rehearsalTimer(text, timer, Date.now());
    lastTimer = timer;
    if (text === last) return;
    last = text;
    window.rehearsalLive(text, Date.now());
  };
  window.rehearsalShown = () => last;
  const start = () => {
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    read();
  };
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
}

export async function startPhone(browser: Browser, appUrl: string, plan: PhonePlan): Promise<Phone> {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  const random = seededRandom(plan.seed);
  const sightings: PhoneSighting[] = [];
  const watching: [number, number][] = [];
  const returns: PhoneReturn[] = [];
  const faults: { kind: SdkFault; message: string }[] = [];
  const noteFault = (message: string) => {
    const kind = sdkFault(message);
    if (kind) faults.push({ kind, message: `phone ${plan.index}: ${message.slice(0, 300)}` });
  };
  page.on('pageerror', (error) => {
    plan.onError(`phone ${plan.index} page error: ${error.message}`);
    noteFault(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') plan.onError(`phone ${plan.index} console error: ${message.text().slice(0, 300)}`);
    noteFault(message.text());
  });
  await page.exposeBinding('rehearsalLive', (_source, text: string, at: number) => {
    sightings.push({ text, at });
  });
  const timerSightings: TimerSighting[] = [];
  await page.exposeBinding('rehearsalTimer', (_source, live: string, text: string, at: number) => {
    timerSightings.push({ live, text, at });
  });
  await context.addInitScript(OBSERVE_LIVE);

  // The profile, through the form.
  const profile = {
    first_name: `Phone${plan.index}`,
    last_name: 'Rehearsal',
    email: `phone${plan.index}@phones.example.net`,
    company: `Phone Partner ${plan.index}`,
  };
  await page.goto(new URL(plan.joinPath ?? '/profile', appUrl).href);
  await page.getByRole('heading', { name: 'Provider Profile' }).waitFor();
  await page.getByLabel('First Name').fill(profile.first_name);
  await page.getByLabel('Last Name').fill(profile.last_name);
  await page.getByLabel('Email').fill(profile.email);
  await page.getByLabel('Company Name').fill(profile.company);
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Profile saved successfully!').waitFor();
  await page.waitForURL('**/presenters');
  watching.push([Date.now(), Number.POSITIVE_INFINITY]);
  const providerId = String(await page.evaluate('JSON.parse(localStorage.getItem("profile") || "{}").user_id'));

  let stopping = false;
  let offline = false;
  let dropOuts: { from: number; to: number; rateWhileAway: boolean }[] = [];
  const rated = new Set<string>();
  const given = new Map<string, GivenAnswer[]>();
  const edits: string[] = [];

  const leave = () => {
    const current = watching[watching.length - 1];
    if (current && current[1] === Number.POSITIVE_INFINITY) current[1] = Date.now();
  };
  const backOnQueue = async () => {
    if (!page.url().endsWith('/presenters')) {
      await page.waitForURL('**/presenters', { timeout: 10_000 }).catch(() => page.goto(new URL('/presenters', appUrl).href));
    }
    if (!offline) watching.push([Date.now(), Number.POSITIVE_INFINITY]);
  };

  /** Opens a presenter's questionnaire from the queue, gives the answers and submits. */
  const submit = async (presenterId: string, answers: GivenAnswer[], edit: boolean) => {
    leave();
    await page.locator(`a[href="/questions/${presenterId}"]`).first().click();
    const rules = page.getByRole('dialog', { name: 'Star Rating System' });
    await rules.getByRole('button', { name: 'OK' }).click();
    await rules.waitFor({ state: 'hidden' });
    for (const answer of answers) {
      const question = plan.questions.find((candidate) => candidate.question_id === answer.question_id);
      if (question) await answerOnPhone(page.getByRole('region', { name: question.title, exact: true }), answer);
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText(/Responses submitted successfully!|Your answers are saved on this device/)
      .first()
      .waitFor();
    given.set(presenterId, answers);
    plan.onRated({ providerId, presenterId, eventId: '', answers, at: Date.now(), edit, offline, client: 'phone' });
    await backOnQueue();
  };

  const step = async () => {
    const edit = edits.shift();
    if (edit) {
      const before = given.get(edit) ?? [];
      const changed = before.find((answer) => countsInMatching(answer.type)) ?? before[0];
      const question = plan.questions.find((candidate) => candidate.question_id === changed?.question_id);
      if (changed && question) {
        await submit(edit, [editedAnswer(random, question, changed, `phone ${plan.index}`)], true);
        return true;
      }
    }
    const finished = await page.getByRole('region', { name: 'Finished' }).getByRole('link').all();
    for (const link of finished) {
      const presenterId = (await link.getAttribute('href', { timeout: 2_000 }).catch(() => null))?.split('/').pop();
      if (!presenterId || rated.has(presenterId)) continue;
      rated.add(presenterId);
      await submit(presenterId, randomAnswers(random, plan.questions, `phone ${plan.index}`), false);
      if (random() < 0.1) edits.push(presenterId);
      return true;
    }
    return false;
  };

  /** The Live group's text now, as the page's observer last reported it ('' off /presenters). */
  const shownNow = async () => String((await page.evaluate('window.rehearsalShown?.() ?? ""')) ?? '');

  /** Waits on /presenters until the phone shows the admin's latest change and one made after `since` that altered the Live group. */
  const holdAfterReturn = async (since: number) => {
    const deadline = Date.now() + HOLD_AFTER_RETURN_MS;
    const done = () => {
      const changes = plan.changes();
      const latest = changes[changes.length - 1];
      const shown = sightings[sightings.length - 1]?.text ?? '';
      const altered = changes.some(
        (change, k) => change.pressedAt > since && k > 0 && change.liveName !== changes[k - 1]?.liveName,
      );
      return latest !== undefined && altered && shows(shown, latest);
    };
    while (!stopping && !done() && Date.now() < deadline) await page.waitForTimeout(100);
    if (!stopping && !done())
      plan.log(`phone ${plan.index}: no sign of the admin's changes ${HOLD_AFTER_RETURN_MS / 1000} s after its return`);
  };

  /** Takes the drop-out that is due, if any: offline until its end (rating meanwhile, or not), then back on /presenters. */
  const dropOut = async (): Promise<boolean> => {
    const due = dropOuts[0];
    if (!due || Date.now() < due.from) return false;
    dropOuts.shift();
    leave();
    offline = true;
    await context.setOffline(true);
    const awayAt = Date.now();
    plan.log(
      `phone ${plan.index} drops off the network for ${Math.round((due.to - awayAt) / 1000)} s${due.rateWhileAway ? ', rating meanwhile' : ''}`,
    );
    while (!stopping && Date.now() < due.to) {
      try {
        if (due.rateWhileAway && (await step())) continue;
      } catch (error) {
        if (stopping) break;
        plan.onError(`phone ${plan.index} (offline): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      await page.waitForTimeout(Math.min(250, Math.max(1, due.to - Date.now())));
    }
    await context.setOffline(false);
    offline = false;
    const backAt = Date.now();
    if (stopping) return true;
    // A step that failed offline may have left an error page: the phone goes back to the queue.
    if (!page.url().endsWith('/presenters')) await page.goto(new URL('/presenters', appUrl).href);
    returns.push({ awayAt, backAt, ratedAway: due.rateWhileAway, shownAtReturn: await shownNow() });
    watching.push([backAt, Number.POSITIVE_INFINITY]);
    await holdAfterReturn(backAt);
    return true;
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        if (await dropOut()) continue;
        if (!(await step())) await page.waitForTimeout(300 + random() * 400);
      } catch (error) {
        if (stopping) break;
        plan.onError(`phone ${plan.index}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        await page.goto(new URL('/presenters', appUrl).href).catch(() => undefined);
        leave();
        if (!offline) watching.push([Date.now(), Number.POSITIVE_INFINITY]);
      }
    }
  })();

  return {
    providerId,
    profile,
    sightings,
    timerSightings,
    watching,
    returns,
    faults,
    startDropOuts(dropPlan) {
      const at = Date.now();
      dropOuts = dropPlan.map((drop) => ({
        from: at + drop.startMs,
        to: at + drop.startMs + drop.lengthMs,
        rateWhileAway: drop.rateWhileAway,
      }));
    },
    async settle(timeoutMs) {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      leave();
      await context.setOffline(false);
    },
    async close() {
      stopping = true;
      await context.close();
    },
  };
}

/** A presenter opens their invite link on a phone and signs up; resolves with the presenter id. */
export async function signupInBrowser(
  browser: Browser,
  link: string,
  presenter: { first_name: string; last_name: string; company: string },
  onError: (message: string) => void,
): Promise<void> {
  const context = await newPhoneContext(browser);
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => onError(`signup page error: ${error.message}`));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Presenter Signup' }).waitFor();
    await page.getByLabel('First Name').fill(presenter.first_name);
    await page.getByLabel('Last Name').fill(presenter.last_name);
    await page.getByLabel('Company Name').fill(presenter.company);
    await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Completed signup.').waitFor();
  } finally {
    await context.close();
  }
}
