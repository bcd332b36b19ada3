// `npm run rehearse`'s main function: a whole live event against the local backend, started here
// on free loopback ports and a fresh data folder (the backend as a child process, the SMTP
// catcher, the local worker that runs matching and e-mails, the built app and Chromium). The
// admin runs the event in the real console; phones and SDK providers rate; some drop out; the
// backend is killed and restarted midway; then matching and e-mails, and the checks of the report.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { DEFAULT_MAX_MATCHES_PER_PRESENTER, DEFAULT_MIN_MATCH_SCORE } from '../../domain/constants';
import { repoRoot } from '../../backend/src/config';
import { startWorker, type Worker as ReactionWorker } from '../../functions/src/local/worker';
import { createMailer } from '../../functions/src/mail/transport';
import { startSmtpCatcher, type SmtpCatcher } from '../../tests/support/smtpCatcher';
import { openAdminConsole, type AdminConsole, type AdminPress } from './adminConsole';
import { backendProcess, type BackendProcess } from './backendProcess';
import { oracleMatches, type OracleAnswer } from './oracle';
import type { RehearsalOptions } from './options';
import { signupInBrowser, startPhone, type Phone } from './phone';
import { startProviderPool, type ProviderPool } from './providerPool';
import {
  seededRandom,
  type LiveState,
  type ProviderProfileRecord,
  type QuestionPlan,
  type RatingRecord,
  type Sighting,
  type ThreadMessage,
} from './record';
import { checkAnswers, checkEmails, checkMatches, countErrors, failuresOf, lastAnswers } from './checks';
import { formatReport, phoneDelivery, sdkDelivery, type Change, type RehearsalReport } from './report';
import { createAdminAccount, freePort, launchChromium, loadFirestoreRules, serveBuiltApp, type ServedApp } from './services';

export { formatReport };
export type { RehearsalReport };

const PROJECT_ID = 'demo-rehearsal';
const CONTACT = { email: 'innovation@example.edu', first: 'Innovation', last: 'Office' };

const QUESTIONS: (QuestionPlan & { question_number: number; questions: string })[] = [
  {
    question_id: 'q-clinical',
    question_number: 1,
    type: 'stars',
    title: 'Clinical validation',
    questions: 'How well can you support clinical validation and trials?',
  },
  {
    question_id: 'q-regulatory',
    question_number: 2,
    type: 'stars',
    title: 'Regulatory pathway',
    questions: 'How well can you support the regulatory pathway?',
  },
  {
    question_id: 'q-funding',
    question_number: 3,
    type: 'stars',
    title: 'Funding',
    questions: 'How well can you support funding and investment?',
  },
  {
    question_id: 'q-overall',
    question_number: 4,
    type: 'rating',
    title: 'Overall',
    questions: 'How promising is this innovation overall?',
  },
  {
    question_id: 'q-notes',
    question_number: 5,
    type: 'text',
    title: 'Notes',
    questions: 'Anything you would like the presenter to know?',
  },
];
/** Favourites of every other presenter (the rest count every star question). */
const FAVOURITE_SETS = [['q-clinical'], ['q-regulatory', 'q-funding']];

const FIRST_NAMES = ['Ada', 'Lin', 'Sam', 'Noor', 'Kofi', 'Mira', 'Jonas', 'Priya', 'Tomás', 'Yuki', 'Leila', 'Ravi'];
const LAST_NAMES = ['Okafor', 'Chen', 'Rivera', 'Haddad', 'Mensah', 'Novak', 'Berg', 'Iyer', 'Silva', 'Sato', 'Karimi', 'Das'];

interface PresenterPlan {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  name: string;
  id?: string;
}

interface Step {
  press: AdminPress;
  expect: LiveState & { open: boolean };
}

/** The admin's presses: Start, Next through round 1; for each later round Reset All, the round, Next through it; Complete All. */
function livePlan(rounds: PresenterPlan[][]): Step[] {
  const steps: Step[] = [{ press: { kind: 'start' }, expect: { round: 1, index: 0, open: true } }];
  rounds.forEach((round, r) => {
    if (r > 0) {
      steps.push({ press: { kind: 'reset' }, expect: { round: r, index: -1, open: true } });
      steps.push({ press: { kind: 'round', round: r + 1 }, expect: { round: r + 1, index: -1, open: true } });
      steps.push({ press: { kind: 'next' }, expect: { round: r + 1, index: 0, open: true } });
    }
    for (let index = 1; index < round.length; index++)
      steps.push({ press: { kind: 'next' }, expect: { round: r + 1, index, open: true } });
  });
  const last = rounds.length;
  steps.push({ press: { kind: 'complete' }, expect: { round: last, index: rounds[last - 1]?.length ?? 0, open: true } });
  return steps;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took over ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Polls `check` (which may throw while the backend restarts) until it returns true. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 150): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs the rehearsal; resolves with its report (report.failures empty when nothing that must never happen happened). */
export async function rehearse(options: RehearsalOptions): Promise<RehearsalReport> {
  const log = options.log ?? (() => undefined);
  const began = Date.now();
  const deadline = began + options.timeout * 1000;
  const left = (capMs: number) => Math.max(1_000, Math.min(capMs, deadline - Date.now()));
  const random = seededRandom(options.seed);
  const cleanups: (() => Promise<unknown>)[] = [];
  const envKeys = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_STORAGE_EMULATOR_HOST', 'GCLOUD_PROJECT'];
  const savedEnv = Object.fromEntries(envKeys.map((key) => [key, process.env[key]]));

  // What the rehearsal records.
  const errors: string[] = [];
  const onError = (message: string) => errors.push(message);
  const records: RatingRecord[] = [];
  const sightings = new Map<string, Sighting[]>();
  const profiles = new Map<string, ProviderProfileRecord>();
  const notSynced: string[] = [];
  const restartedToSync: string[] = [];
  const changes: Change[] = [];
  let threadRssAtStart = 0;
  let threadRssReady = 0;
  let restartSeconds: { firestore: number; all: number } | null = null;
  let restarts = 0;
  let eventId = '';

  const onThreadMessage = (message: ThreadMessage) => {
    if (message.type === 'ready') profiles.set(message.providerId, message.profile);
    if (message.type === 'seen') {
      const list = sightings.get(message.providerId) ?? [];
      list.push(message.sighting);
      sightings.set(message.providerId, list);
    }
    if (message.type === 'rated') records.push(message.record);
    if (message.type === 'error') onError(`${message.providerId}: ${message.message}`);
    if (message.type === 'settled' && message.pending) notSynced.push(`${message.providerId}: ${message.message ?? 'pending'}`);
    if (message.type === 'settled' && message.restarted) restartedToSync.push(`${message.providerId}: ${message.message ?? ''}`);
    if (message.type === 'started') threadRssReady = Math.max(threadRssReady, message.memoryRss);
  };

  const run = async (): Promise<RehearsalReport> => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rehearsal-data-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const ports = { firestore: await freePort(), storage: await freePort(), auth: await freePort() };
    const backend: BackendProcess = backendProcess({ repoRoot, dataDir, projectId: PROJECT_ID, ports, log });
    cleanups.push(() => backend.stop());
    log(`Starting the backend on 127.0.0.1:${ports.firestore} (data in ${dataDir})…`);
    await backend.start();
    await loadFirestoreRules(repoRoot, ports.firestore, PROJECT_ID);
    Object.assign(process.env, {
      GCLOUD_PROJECT: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
      FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      METADATA_SERVER_DETECTION: 'none',
    });
    const adminApp = initializeApp({ projectId: PROJECT_ID }, `rehearsal-${randomUUID()}`);
    const db: Firestore = getFirestore(adminApp);
    cleanups.push(async () => {
      await db.terminate();
      await deleteApp(adminApp);
    });

    // The questionnaire (admins maintain it; there is no screen for it).
    const batch = db.batch();
    for (const { question_id, question_number, type, title, questions } of QUESTIONS)
      batch.set(db.doc(`questions/${question_id}`), { question_number, type, title, questions, question: title });
    await batch.commit();

    // The SMTP catcher and the worker that runs the server reactions, sending to it.
    const smtp: SmtpCatcher = await startSmtpCatcher();
    cleanups.push(() => smtp.close());
    const mail = createMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from: CONTACT.email,
      organisation: 'Rehearsal Polytechnic',
    });
    cleanups.push(async () => mail.close());
    const workerLog: string[] = [];
    let worker: ReactionWorker = startWorker({
      firestore: db,
      mail,
      matching: {
        fallback: { first_name: CONTACT.first, last_name: CONTACT.last, email: CONTACT.email, company: 'Rehearsal Polytechnic' },
      },
      log: (line) => {
        workerLog.push(line);
        log(`[worker] ${line}`);
      },
    });
    cleanups.push(() => worker.stop());

    const env = {
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
      VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
      VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      VITE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
      VITE_CONTACT_EMAIL: CONTACT.email,
    };
    log('Building the app and starting Chromium…');
    const [app, browser, account]: [ServedApp, Browser, { email: string; password: string }] = await Promise.all([
      serveBuiltApp(repoRoot, env),
      launchChromium(),
      createAdminAccount(PROJECT_ID),
    ]);
    cleanups.push(() => app.close());
    cleanups.push(() => browser.close());

    // The admin creates the event and invites the presenters.
    const admin: AdminConsole = await openAdminConsole(browser, app.url, account, onError);
    cleanups.push(() => admin.close());
    eventId = await admin.createEvent('Rehearsal Pitch Night', options.rounds);
    log(`Event ${eventId} created; inviting ${options.presenters} presenters…`);
    const presenters: PresenterPlan[] = Array.from({ length: options.presenters }, (_, i) => {
      const first_name = `${FIRST_NAMES[i % FIRST_NAMES.length]}${i >= FIRST_NAMES.length ? i : ''}`;
      const last_name = LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Presenter';
      return {
        first_name,
        last_name,
        name: `${first_name} ${last_name}`,
        email: `presenter${i}@rehearsal.example.com`,
        company: `${last_name} Health ${i}`,
      };
    });
    const links = await admin.invite(presenters.map((presenter) => presenter.email));

    // The SDK providers start meanwhile (loading, signing in, saving profiles).
    const dropping = new Set<number>();
    const totalProviders = options.providers + options.phones;
    const dropCount = Math.round(options.dropRate * totalProviders);
    while (dropping.size < dropCount) dropping.add(Math.floor(random() * totalProviders));
    threadRssAtStart = process.memoryUsage().rss;
    const slotMs = (options.duration * 1000) / Math.max(1, livePlan(splitRounds(presenters, options.rounds)).length);
    const pool: ProviderPool = startProviderPool({
      repoRoot,
      threads: options.threads,
      providers: Array.from({ length: options.providers }, (_, index) => ({
        index,
        drop: dropping.has(index),
        seed: options.seed * 7919 + index,
      })),
      env,
      firestore: { host: '127.0.0.1', port: ports.firestore },
      slotMs,
      onMessage: onThreadMessage,
    });
    cleanups.push(() => pool.stop(30_000));

    // Presenters sign up through their links: two in Chromium, the rest with the SDK (src/db/signup.ts).
    const inBrowser = presenters.slice(0, 2);
    const withSdk = presenters.slice(2);
    if (withSdk.length > 0)
      pool.signup(withSdk.map((p) => ({ inviteId: new URL(links.get(p.email) ?? '').searchParams.get('c') ?? '', ...pick(p) })));
    for (const presenter of inBrowser) await signupInBrowser(browser, links.get(presenter.email) ?? '', presenter, onError);
    await until(
      async () => (await db.collection('presenters').count().get()).data().count >= presenters.length,
      left(180_000),
      'every presenter to sign up',
    );
    const stored = await db.collection('presenters').get();
    const favourites: Record<string, string[]> = {};
    for (const doc of stored.docs) {
      const presenter = presenters.find((p) => p.email === doc.get('email'));
      if (presenter) presenter.id = doc.id;
    }
    // Favourite questions, as an admin would pick them on /invite: every other presenter.
    const favouriteBatch = db.batch();
    presenters.forEach((presenter, i) => {
      const chosen = i % 2 === 1 ? (FAVOURITE_SETS[(i >> 1) % FAVOURITE_SETS.length] ?? []) : [];
      favourites[presenter.id ?? ''] = chosen;
      if (presenter.id && chosen.length > 0)
        favouriteBatch.update(db.doc(`presenters/${presenter.id}`), { favourites: chosen, verified: true });
    });
    await favouriteBatch.commit();

    const rounds = splitRounds(presenters, options.rounds);
    log('Arranging the rounds…');
    await admin.arrangeRounds(
      eventId,
      rounds.map((round) => round.map((presenter) => presenter.name)),
    );

    // Phones: profiles through the form, then they follow the queue.
    log(`Starting ${options.phones} phones and ${options.providers} SDK providers…`);
    const phones: Phone[] = [];
    for (let index = 0; index < options.phones; index++) {
      const phone = await startPhone(browser, app.url, {
        index,
        drop: dropping.has(options.providers + index),
        seed: options.seed * 104_729 + index,
        questions: QUESTIONS,
        onRated: (record) => records.push({ ...record, eventId }),
        onError,
        log,
      });
      profiles.set(phone.providerId, phone.profile);
      phones.push(phone);
      cleanups.push(() => phone.close());
    }
    const started = await withTimeout(pool.started, left(600_000), 'Starting the SDK providers');
    log(`${started.ready} SDK providers ready (${started.failed} failed); the event starts.`);

    // The live part: the admin presses through every presenter; the backend dies midway.
    const steps = livePlan(rounds);
    const killAt = Math.floor(steps.length / 2);
    const nameAt = (state: LiveState) => {
      const round = rounds[state.round - 1] ?? [];
      return state.index >= 0 && state.index < round.length ? (round[state.index]?.name ?? null) : null;
    };
    const eventRef = db.doc(`events/${eventId}`);
    const reaches = (expect: Step['expect']) => async () => {
      const data = (await eventRef.get()).data();
      return data?.round_number === expect.round && data?.presenter_index === expect.index && data?.is_event_open === expect.open;
    };
    const pressUntilApplied = async (step: Step): Promise<number> => {
      for (let attempt = 1; ; attempt++) {
        const pressedAt = await admin.press(step.press);
        try {
          await until(reaches(step.expect), 15_000, `the press ${JSON.stringify(step.press)} to apply`, 100);
          return pressedAt;
        } catch (error) {
          // The console says a press that could not reach the server failed (within 10 s): press again.
          const status = await admin.saveStatus().catch(() => '');
          if (attempt >= 4) throw error;
          log(`press ${JSON.stringify(step.press)} not applied (status '${status}'); pressing again`);
        }
      }
    };
    for (const [i, step] of steps.entries()) {
      if (Date.now() > deadline) throw new Error('The rehearsal ran past its deadline.');
      const slotStart = Date.now();
      if (options.kill && i === killAt) {
        log('Killing the backend (SIGKILL) and restarting it on the same data folder…');
        await backend.kill();
        const { firestoreMs, readyMs } = await backend.start();
        await loadFirestoreRules(repoRoot, ports.firestore, PROJECT_ID);
        restartSeconds = { firestore: Math.round(firestoreMs / 100) / 10, all: Math.round(readyMs / 100) / 10 };
        restarts += 1;
        await until(async () => (await admin.saveStatus()) !== 'Saving…', 20_000, "the admin's console to settle").catch(
          () => undefined,
        );
      }
      const pressedAt = await pressUntilApplied(step);
      changes.push({ round: step.expect.round, index: step.expect.index, pressedAt, liveName: nameAt(step.expect) });
      log(
        `${step.press.kind}${step.press.kind === 'round' ? ` ${step.press.round}` : ''} → round ${step.expect.round}, index ${step.expect.index}`,
      );
      await sleep(slotMs - (Date.now() - slotStart));
    }
    await sleep(slotMs * 0.2);
    const stop: Step = {
      press: { kind: 'stop' },
      expect: { ...(steps[steps.length - 1]?.expect ?? { round: 1, index: 0 }), open: false },
    };
    await pressUntilApplied(stop);
    log('Event stopped; waiting for every provider to come back online and sync…');

    // Everyone back online with nothing pending, before matching fixes the answers.
    await Promise.all([pool.settle(left(180_000)), ...phones.map((phone) => phone.settle(left(60_000)))]);
    const recorded = lastAnswers(records, eventId);
    await until(
      async () => {
        const snapshot = await db.collection('responses').where('event_id', '==', eventId).get();
        const ids = new Set(snapshot.docs.map((doc) => doc.id));
        return [...recorded.keys()].every((key) => ids.has(key));
      },
      left(90_000),
      'every recorded answer to reach the server',
      1_000,
    ).catch((error: unknown) => notSynced.push(error instanceof Error ? error.message : String(error)));

    // The worker's listeners must have survived the restart; if one stopped, that is a finding, and a new worker carries on.
    if (workerLog.some((line) => line.startsWith('Stopped watching'))) {
      onError(`worker: ${workerLog.filter((line) => line.startsWith('Stopped watching')).join('; ')}`);
      await worker.stop();
      worker = startWorker({ firestore: db, mail, log: (line) => workerLog.push(line) });
    }

    log('Start Matching…');
    await admin.confirm('Start Matching');
    await until(
      async () => (await eventRef.get()).get('matching_status.state') === 'done',
      left(180_000),
      'matching to be done',
      500,
    );
    log('Send Emails…');
    await admin.confirm('Send Emails');
    await until(
      async () => (await eventRef.get()).get('emailing_status.state') === 'done',
      left(180_000),
      'the e-mails to be sent',
      500,
    );
    await admin.page
      .getByText(/E-mails: done/)
      .waitFor({ timeout: left(30_000) })
      .catch(() => onError('admin: the console did not show "E-mails: done"'));
    await sleep(1_000);

    // What the server has, against what the rehearsal recorded.
    const event = (await eventRef.get()).data() ?? {};
    const responses = await db.collection('responses').where('event_id', '==', eventId).get();
    const finals = await db.collection('final_matches').where('event_id', '==', eventId).get();
    const storedAnswers = new Map(responses.docs.map((doc) => [doc.id, doc.data()]));
    const answers = checkAnswers(recorded, storedAnswers);

    const oracle = oracleMatches({
      presenterIds: rounds.flat().map((presenter) => presenter.id ?? ''),
      favourites,
      questionTypes: Object.fromEntries(QUESTIONS.map((q) => [q.question_id, q.type])),
      providers: Object.fromEntries(profiles),
      answers: [...recorded].map(([key, { answer, providerId, presenterId }]): OracleAnswer => {
        const updated = storedAnswers.get(key)?.updated_at;
        return {
          providerId,
          presenterId,
          questionId: answer.question_id,
          type: answer.type,
          rating: answer.rating,
          answeredAt: updated instanceof Timestamp ? updated.toMillis() : Number.POSITIVE_INFINITY,
        };
      }),
      minScore: typeof event.min_match_score === 'number' ? event.min_match_score : DEFAULT_MIN_MATCH_SCORE,
      maxMatches:
        typeof event.max_matches_per_presenter === 'number' ? event.max_matches_per_presenter : DEFAULT_MAX_MATCHES_PER_PRESENTER,
    });
    const finalByPresenter = new Map(finals.docs.map((doc) => [doc.get('presenter_id') as string, doc.data()]));
    const differences = checkMatches(oracle, finalByPresenter);
    const emails = checkEmails(finalByPresenter, smtp.mails);
    const matchedPairs = [...oracle.values()].reduce((sum, result) => sum + result.providerIds.length, 0);

    return {
      settings: {
        providers: options.providers,
        phones: options.phones,
        presenters: options.presenters,
        rounds: options.rounds,
        dropRate: options.dropRate,
        duration: options.duration,
        threads: options.threads,
        kill: options.kill,
        seed: options.seed,
      },
      wallSeconds: Math.round((Date.now() - began) / 1000),
      providers: {
        sdkPlanned: options.providers,
        sdkReady: started.ready,
        sdkFailedToStart: started.failed,
        phones: phones.length,
        dropping: dropping.size,
        threads: Math.min(options.threads, Math.max(1, options.providers)),
        memoryPerProviderMb:
          started.ready > 0 ? Math.round(((threadRssReady - threadRssAtStart) / started.ready / 1_048_576) * 10) / 10 : null,
      },
      presenters: { invited: presenters.length, signedUpInBrowser: inBrowser.length, signedUpWithSdk: withSdk.length },
      changes: changes.length,
      delivery: { sdk: sdkDelivery(changes, sightings), phones: phoneDelivery(changes, phones) },
      ratings: {
        submits: records.length,
        edits: records.filter((record) => record.edit).length,
        offlineSubmits: records.filter((record) => record.offline).length,
        given: recorded.size,
        stored: storedAnswers.size,
        lost: answers.lost.length,
        unexpected: answers.unexpected.length,
        wrong: answers.wrong.length,
        notSynced: notSynced.length,
        notSyncedDetails: notSynced,
        restartedToSync,
        problems: [...answers.lost.map((key) => `lost: ${key}`), ...answers.wrong.map((item) => `wrong: ${item}`)].slice(0, 20),
      },
      matches: {
        presenters: oracle.size,
        matchedPairs,
        fallbacks: [...oracle.values()].filter((result) => result.fallback).length,
        equalToOracle: differences.length === 0,
        differences,
      },
      emails: { ...emails, received: smtp.mails.length },
      errors: { count: errors.length, distinct: countErrors(errors) },
      backend: { ...backend.usage(), restarts, restartSeconds },
      failures: failuresOf(answers, differences, emails, records.length),
    };
  };

  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The rehearsal did not finish within its ${options.timeout} s deadline.`)),
          options.timeout * 1000,
        );
        options.abort?.addEventListener('abort', () => reject(new Error('The rehearsal was interrupted.')));
      }),
    ]);
  } finally {
    clearTimeout(timer);
    for (const cleanup of cleanups.reverse()) await withTimeout(cleanup(), 30_000, 'A clean-up step').catch(() => undefined);
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Presenters spread over the rounds in order, each round at least one. */
function splitRounds<T>(presenters: T[], rounds: number): T[][] {
  const size = Math.ceil(presenters.length / rounds);
  return Array.from({ length: rounds }, (_, r) => presenters.slice(r * size, (r + 1) * size)).filter((round) => round.length > 0);
}

function pick(presenter: PresenterPlan) {
  return { first_name: presenter.first_name, last_name: presenter.last_name, email: presenter.email, company: presenter.company };
}
