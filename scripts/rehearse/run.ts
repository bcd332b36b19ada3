// `npm run rehearse`'s main function: a whole live event against the local backend, started here
// on free loopback ports and a fresh data folder (the backend as a child process, the SMTP
// catcher, the Cloud Functions in firebase-tools' Functions emulator, the built app and Chromium). The
// admin runs the event in the real console; phones and SDK providers rate; some drop out (the
// phones on a seeded plan of drop-outs, each return checked); the backend is killed and restarted
// midway; then matching and e-mails, and the checks of the report.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { repoRoot } from '../../backend/src/config';
import { paths } from '../../src/config/paths';
import { roomCode } from '../../src/lib/roomChoice';
import { startSmtpCatcher, type SmtpCatcher } from '../../tests/support/smtpCatcher';
import { openAdminConsole, type AdminConsole, type AdminPress } from './adminConsole';
import { localFunctionParams, startFunctionsEmulator } from '../functions/emulator';
import { meetingFailures, rehearseMeetings } from './meetings';
import { backendProcess, type BackendProcess } from './backendProcess';
import type { RehearsalOptions } from './options';
import { signupInBrowser, startPhone, type Phone } from './phone';
import { QUESTIONS } from './questions';
import { startProviderPool, type ProviderPool } from './providerPool';
import {
  seededRandom,
  type LiveState,
  type ProviderProfileRecord,
  type RatingRecord,
  type Sighting,
  type ThreadMessage,
} from './record';
import { localAppSettings } from '../hosting/build.js';
import { checkEmails, countErrors, failuresOf, lastAnswers } from './checks';
import { checkPitchLengths, timerSpread, type LiveWrite, type RecordedPitch } from './pitchTimer';
import { checkReturns, dropOutPlan, reconnectFailures, type Outage } from './reconnect';
import { formatReport, pitchTimerFailures, reconnectFigures, type RehearsalReport } from './report';
import { checkRoom, deliveryInRooms, roomReport, type PresenterPlan, type Room } from './rooms';
import { createAdminAccount, freePort, launchChromium, loadFirestoreRules, serveBuiltApp, type ServedApp } from './services';

export { formatReport };
export type { RehearsalReport };

const PROJECT_ID = 'demo-rehearsal';
const CONTACT = { email: 'innovation@example.edu', first: 'Innovation', last: 'Office' };

/** Favourites of every other presenter (the rest count every star question). */
const FAVOURITE_SETS = [['q-clinical'], ['q-regulatory', 'q-funding']];

const FIRST_NAMES = ['Ada', 'Lin', 'Sam', 'Noor', 'Kofi', 'Mira', 'Jonas', 'Priya', 'Tomás', 'Yuki', 'Leila', 'Ravi'];
const LAST_NAMES = ['Okafor', 'Chen', 'Rivera', 'Haddad', 'Mensah', 'Novak', 'Berg', 'Iyer', 'Silva', 'Sato', 'Karimi', 'Das'];

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
  /** Each SDK provider's index in the plan, by provider id (which room it is in). */
  const sdkIndexOf = new Map<string, number>();
  const notSynced: string[] = [];
  const restartedToSync: string[] = [];
  let threadRssAtStart = 0;
  let threadRssReady = 0;
  let restartSeconds: { firestore: number; all: number } | null = null;
  let restarts = 0;
  let eventId = '';

  const onThreadMessage = (message: ThreadMessage) => {
    if (message.type === 'ready') {
      profiles.set(message.providerId, message.profile);
      sdkIndexOf.set(message.providerId, message.index);
    }
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

    // The SMTP catcher and the Cloud Functions that run the server reactions, sending to it.
    const smtp: SmtpCatcher = await startSmtpCatcher();
    cleanups.push(() => smtp.close());
    const functions = await startFunctionsEmulator({
      projectId: PROJECT_ID,
      firestore: `127.0.0.1:${ports.firestore}`,
      auth: `127.0.0.1:${ports.auth}`,
      storage: `127.0.0.1:${ports.storage}`,
      params: {
        ...localFunctionParams({ smtpPort: smtp.port }, {}),
        SMTP_FROM: CONTACT.email,
        ORGANISATION_NAME: 'Rehearsal Polytechnic',
        CONTACT_EMAIL: CONTACT.email,
        CONTACT_FIRST_NAME: CONTACT.first,
        CONTACT_LAST_NAME: CONTACT.last,
      },
      log: (line) => log(`[functions] ${line}`),
    });
    cleanups.push(() => functions.stop());

    const addresses = {
      firestore: `127.0.0.1:${ports.firestore}`,
      auth: `127.0.0.1:${ports.auth}`,
      storage: `127.0.0.1:${ports.storage}`,
    };
    const env = { ...localAppSettings(PROJECT_ID, addresses), VITE_CONTACT_EMAIL: CONTACT.email };
    log(options.prebuiltApp ? 'Serving the prebuilt app and starting Chromium…' : 'Building the app and starting Chromium…');
    const [app, browser, account]: [ServedApp, Browser, { email: string; password: string }] = await Promise.all([
      serveBuiltApp(PROJECT_ID, env, addresses, options.prebuiltApp),
      launchChromium(),
      createAdminAccount(PROJECT_ID),
    ]);
    cleanups.push(() => app.close());
    cleanups.push(() => browser.close());

    // Each room's admin creates its event and invites its presenters (one room: the event of old).
    const rooms: Room[] = [];
    for (let r = 0; r < options.rooms; r++) {
      const admin: AdminConsole = await openAdminConsole(browser, app.url, account, onError);
      cleanups.push(() => admin.close());
      const letter = String.fromCharCode(65 + r);
      const title = options.rooms === 1 ? 'Rehearsal Pitch Night' : `Rehearsal Pitch Night, Room ${letter}`;
      const roomEventId = await admin.createEvent(title, options.rounds);
      if (r === 0) eventId = roomEventId;
      log(`Event ${roomEventId} (${title}) created; inviting ${options.presenters} presenters…`);
      const presenters: PresenterPlan[] = Array.from({ length: options.presenters }, (_, j) => {
        const i = r * options.presenters + j;
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
      rooms.push({
        letter,
        title,
        admin,
        eventId: roomEventId,
        joinPath: options.rooms === 1 ? null : paths.join(roomCode(roomEventId)),
        presenters,
        links,
        rounds: splitRounds(presenters, options.rounds),
        changes: [],
        phones: [],
        sdkIndexes: new Set(),
      });
    }
    const roomOf = (index: number): Room => rooms[index % rooms.length] ?? (rooms[0] as Room);
    const presenters = rooms.flatMap((room) => room.presenters);
    const links = new Map(rooms.flatMap((room) => [...room.links]));

    // The SDK providers start meanwhile (loading, signing in, saving profiles), each in its room.
    const dropping = new Set<number>();
    const totalProviders = options.providers + options.phones;
    const dropCount = Math.round(options.dropRate * totalProviders);
    while (dropping.size < dropCount) dropping.add(Math.floor(random() * totalProviders));
    threadRssAtStart = process.memoryUsage().rss;
    const slotMs = (options.duration * 1000) / Math.max(1, livePlan(rooms[0]?.rounds ?? []).length);
    const pool: ProviderPool = startProviderPool({
      repoRoot,
      threads: options.threads,
      providers: Array.from({ length: options.providers }, (_, index) => {
        const room = roomOf(index);
        room.sdkIndexes.add(index);
        return {
          index,
          drop: dropping.has(index),
          seed: options.seed * 7919 + index,
          ...(options.rooms > 1 ? { room: room.eventId } : {}),
        };
      }),
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
    // Favourite questions, as an admin would pick them on /invite: every other presenter of each room.
    const favouriteBatch = db.batch();
    for (const room of rooms)
      room.presenters.forEach((presenter, i) => {
        const chosen = i % 2 === 1 ? (FAVOURITE_SETS[(i >> 1) % FAVOURITE_SETS.length] ?? []) : [];
        favourites[presenter.id ?? ''] = chosen;
        if (presenter.id && chosen.length > 0)
          favouriteBatch.update(db.doc(`presenters/${presenter.id}`), { favourites: chosen, verified: true });
      });
    await favouriteBatch.commit();

    log('Arranging the rounds…');
    for (const room of rooms)
      await room.admin.arrangeRounds(
        room.eventId,
        room.rounds.map((round) => round.map((presenter) => presenter.name)),
      );

    // Phones: each opens its room's join link (with parallel rooms), makes its profile through the form, then follows the queue.
    log(`Starting ${options.phones} phones and ${options.providers} SDK providers…`);
    const phones: Phone[] = [];
    for (let index = 0; index < options.phones; index++) {
      const room = roomOf(index);
      const phone = await startPhone(browser, app.url, {
        index,
        seed: options.seed * 104_729 + index,
        questions: QUESTIONS,
        onRated: (record) => records.push({ ...record, eventId: room.eventId }),
        onError,
        log,
        changes: () => room.changes,
        ...(room.joinPath === null ? {} : { joinPath: room.joinPath }),
      });
      profiles.set(phone.providerId, phone.profile);
      phones.push(phone);
      room.phones.push(phone);
      cleanups.push(() => phone.close());
    }
    const started = await withTimeout(pool.started, left(600_000), 'Starting the SDK providers');
    log(`${started.ready} SDK providers ready (${started.failed} failed); the event starts.`);

    // The live part: each room's admin presses through every presenter, the rooms side by side; the backend dies midway.
    const steps = livePlan(rooms[0]?.rounds ?? []);
    const killAt = Math.floor(steps.length / 2);
    const outages: Outage[] = [];
    // Each phone's drop-outs, all back a slot before the last press so that a next change follows each return.
    const dropOuts = phones.map((_, index) =>
      dropOutPlan(seededRandom(options.seed * 7_907 + index), {
        windowMs: (steps.length - 2) * slotMs,
        minMs: options.dropMin * 1000,
        maxMs: options.dropMax * 1000,
      }),
    );
    const nameAt = (room: Room, state: LiveState) => {
      const round = room.rounds[state.round - 1] ?? [];
      return state.index >= 0 && state.index < round.length ? (round[state.index]?.name ?? null) : null;
    };
    const reaches = (room: Room, expect: Step['expect']) => async () => {
      const data = (await db.doc(`events/${room.eventId}`).get()).data();
      return data?.round_number === expect.round && data?.presenter_index === expect.index && data?.is_event_open === expect.open;
    };
    // What the admin did, as the server saw it: after each press, who is live and the time of the write.
    const liveWrites = new Map<string, LiveWrite[]>();
    const noteLiveWrite = async (room: Room) => {
      const snapshot = await db.doc(`events/${room.eventId}`).get();
      const data = snapshot.data() ?? {};
      const round = (data.rounds as Record<string, { presenter_id: string }[]> | undefined)?.[
        `round_${String(data.round_number)}`
      ];
      const live = typeof data.presenter_index === 'number' ? round?.[data.presenter_index] : undefined;
      const writes = liveWrites.get(room.eventId) ?? [];
      writes.push({ presenterId: live?.presenter_id ?? null, atMs: snapshot.updateTime?.toMillis() ?? 0 });
      liveWrites.set(room.eventId, writes);
    };
    const pressUntilApplied = async (room: Room, step: Step): Promise<number> => {
      for (let attempt = 1; ; attempt++) {
        const pressedAt = await room.admin.press(step.press);
        try {
          await until(reaches(room, step.expect), 15_000, `the press ${JSON.stringify(step.press)} to apply`, 100);
          return pressedAt;
        } catch (error) {
          // The console says a press that could not reach the server failed (within 10 s): press again.
          const status = await room.admin.saveStatus().catch(() => '');
          if (attempt >= 4) throw error;
          log(`room ${room.letter}: press ${JSON.stringify(step.press)} not applied (status '${status}'); pressing again`);
        }
      }
    };
    for (const [i, step] of steps.entries()) {
      if (Date.now() > deadline) throw new Error('The rehearsal ran past its deadline.');
      const slotStart = Date.now();
      if (options.kill && i === killAt) {
        log('Killing the backend (SIGKILL) and restarting it on the same data folder…');
        const killedAt = Date.now();
        await backend.kill();
        const spawnedAt = Date.now();
        const { firestoreMs, readyMs } = await backend.start();
        outages.push({ from: killedAt, to: spawnedAt + firestoreMs });
        await loadFirestoreRules(repoRoot, ports.firestore, PROJECT_ID);
        restartSeconds = { firestore: Math.round(firestoreMs / 100) / 10, all: Math.round(readyMs / 100) / 10 };
        restarts += 1;
        for (const room of rooms)
          await until(async () => (await room.admin.saveStatus()) !== 'Saving…', 20_000, "the admin's console to settle").catch(
            () => undefined,
          );
      }
      await Promise.all(
        rooms.map(async (room) => {
          const pressedAt = await pressUntilApplied(room, step);
          await noteLiveWrite(room);
          room.changes.push({
            round: step.expect.round,
            index: step.expect.index,
            pressedAt,
            liveName: nameAt(room, step.expect),
            afterRestart: options.kill && i === killAt,
          });
        }),
      );
      if (i === 0) phones.forEach((phone, index) => phone.startDropOuts(dropOuts[index] ?? []));
      log(
        `${step.press.kind}${step.press.kind === 'round' ? ` ${step.press.round}` : ''} → round ${step.expect.round}, index ${step.expect.index}` +
          (rooms.length > 1 ? ` in ${rooms.length} rooms` : ''),
      );
      await sleep(slotMs - (Date.now() - slotStart));
    }
    await sleep(slotMs * 0.2);
    const stop: Step = {
      press: { kind: 'stop' },
      expect: { ...(steps[steps.length - 1]?.expect ?? { round: 1, index: 0 }), open: false },
    };
    await Promise.all(rooms.map((room) => pressUntilApplied(room, stop)));
    log('Events stopped; waiting for every provider to come back online and sync…');

    // Everyone back online with nothing pending, before matching fixes the answers.
    await Promise.all([pool.settle(left(180_000)), ...phones.map((phone) => phone.settle(left(60_000)))]);
    const recordedOf = (room: Room) =>
      lastAnswers(
        records.filter((record) => (record.eventId || eventId) === room.eventId),
        room.eventId,
      );
    await until(
      async () => {
        for (const room of rooms) {
          const snapshot = await db.collection('responses').where('event_id', '==', room.eventId).get();
          const ids = new Set(snapshot.docs.map((doc) => doc.id));
          if (![...recordedOf(room).keys()].every((key) => ids.has(key))) return false;
        }
        return true;
      },
      left(90_000),
      'every recorded answer to reach the server',
      1_000,
    ).catch((error: unknown) => notSynced.push(error instanceof Error ? error.message : String(error)));

    const reaction = async (room: Room, action: 'Start Matching' | 'Send Emails', field: string, what: string) => {
      log(`room ${room.letter}: ${action}…`);
      await room.admin.confirm(action);
      await until(
        async () => (await db.doc(`events/${room.eventId}`).get()).get(`${field}.state`) === 'done',
        left(180_000),
        `${what} of room ${room.letter}`,
        500,
      );
    };
    for (const room of rooms) await reaction(room, 'Start Matching', 'matching_status', 'matching to be done');
    for (const room of rooms) await reaction(room, 'Send Emails', 'emailing_status', 'the e-mails to be sent');
    for (const room of rooms)
      await room.admin.page
        .getByText(/E-mails: done/)
        .waitFor({ timeout: left(30_000) })
        .catch(() => onError(`admin of room ${room.letter}: the console did not show "E-mails: done"`));
    await sleep(1_000);

    // What the server has, against what the rehearsal recorded, room by room.
    const checked = await Promise.all(
      rooms.map((room) => checkRoom(db, room, recordedOf(room), QUESTIONS, profiles, favourites)),
    );
    const allFinals = new Map(checked.flatMap((room) => [...room.finals]));
    // What the pitch timer recorded of each presenter, against the admin's writes, room by room.
    const pitchLengths = await Promise.all(
      rooms.map(async (room) => {
        const stored = (await db.doc(`events/${room.eventId}`).get()).get('pitch_times') as
          Record<string, { started_at: { toMillis(): number }; ended_at: { toMillis(): number }; paused_ms: number }> | undefined;
        const recorded = new Map<string, RecordedPitch>(
          Object.entries(stored ?? {}).map(([presenterId, record]) => [
            presenterId,
            { startedAtMs: record.started_at.toMillis(), endedAtMs: record.ended_at.toMillis(), pausedMs: record.paused_ms },
          ]),
        );
        return checkPitchLengths(liveWrites.get(room.eventId) ?? [], recorded);
      }),
    );
    const pitchTimer = {
      spread: timerSpread(phones),
      lengths: {
        live: pitchLengths.reduce((sum, check) => sum + check.live, 0),
        recorded: pitchLengths.reduce((sum, check) => sum + check.recorded, 0),
        missing: pitchLengths.flatMap((check) => check.missing),
        maxDeviationMs: pitchLengths.reduce<number | null>(
          (max, check) => (check.maxDeviationMs === null ? max : Math.max(max ?? 0, check.maxDeviationMs)),
          null,
        ),
      },
    };
    const returnChecks = rooms.flatMap((room) =>
      room.phones.flatMap((phone) => checkReturns(room.changes, { ...phone, index: phones.indexOf(phone) }, outages)),
    );
    const faults = phones.flatMap((phone) => phone.faults);
    const plannedDropOuts = dropOuts.reduce((sum, plan) => sum + plan.length, 0);
    // The result e-mails alone: the meetings' invites come after them.
    const resultMails = [...smtp.mails];
    const emails = checkEmails(allFinals, resultMails);
    const answers = {
      lost: checked.flatMap((room) => room.answers.lost),
      wrong: checked.flatMap((room) => room.answers.wrong),
      unexpected: checked.flatMap((room) => room.answers.unexpected),
    };
    const differences = checked.flatMap((room) => room.differences);
    const oracle = new Map(checked.flatMap((room) => [...room.oracle]));
    const matchedPairs = [...oracle.values()].reduce((sum, result) => sum + result.providerIds.length, 0);
    const given = checked.reduce((sum, room) => sum + room.given, 0);
    const storedCount = checked.reduce((sum, room) => sum + room.stored, 0);

    // Then the meetings after matching, in every room.
    const meetings = await rehearseMeetings({
      db,
      rooms: rooms.map((room) => ({
        letter: room.letter,
        eventId: room.eventId,
        scheduleAll: () => room.admin.page.getByRole('button', { name: 'Schedule all' }).click({ timeout: left(60_000) }),
      })),
      finals: allFinals,
      mails: smtp.mails,
      random: seededRandom(options.seed * 31 + 7),
      until: (check, timeoutMs, what, everyMs) => until(check, left(timeoutMs), what, everyMs),
      log,
    });

    return {
      settings: {
        providers: options.providers,
        phones: options.phones,
        presenters: options.presenters,
        rounds: options.rounds,
        rooms: options.rooms,
        dropRate: options.dropRate,
        duration: options.duration,
        threads: options.threads,
        kill: options.kill,
        seed: options.seed,
        dropMin: options.dropMin,
        dropMax: options.dropMax,
      },
      wallSeconds: Math.round((Date.now() - began) / 1000),
      providers: {
        sdkPlanned: options.providers,
        sdkReady: started.ready,
        sdkFailedToStart: started.failed,
        phones: phones.length,
        dropping: [...dropping].filter((index) => index < options.providers).length,
        threads: Math.min(options.threads, Math.max(1, options.providers)),
        memoryPerProviderMb:
          started.ready > 0 ? Math.round(((threadRssReady - threadRssAtStart) / started.ready / 1_048_576) * 10) / 10 : null,
      },
      presenters: { invited: presenters.length, signedUpInBrowser: inBrowser.length, signedUpWithSdk: withSdk.length },
      changes: rooms.reduce((sum, room) => sum + room.changes.length, 0),
      delivery: deliveryInRooms(rooms, sightings, sdkIndexOf),
      deliveryAfterRestart: {
        sdk: deliveryInRooms(rooms, sightings, sdkIndexOf, (change) => change.afterRestart === true).sdk,
        // Phones measure only changes that name a live presenter: the first such one from the restart on.
        phones: deliveryInRooms(rooms, sightings, sdkIndexOf, (change) =>
          rooms.some((room) => {
            const restart = room.changes.findIndex((candidate) => candidate.afterRestart === true);
            return restart >= 0 && room.changes.slice(restart).find((candidate) => candidate.liveName !== null) === change;
          }),
        ).phones,
      },
      reconnect: reconnectFigures(returnChecks, faults, plannedDropOuts),
      ratings: {
        submits: records.length,
        edits: records.filter((record) => record.edit).length,
        offlineSubmits: records.filter((record) => record.offline).length,
        given,
        stored: storedCount,
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
      emails: { ...emails, received: resultMails.length },
      meetings,
      errors: { count: errors.length, distinct: countErrors(errors) },
      backend: { ...backend.usage(), restarts, restartSeconds },
      rooms: checked.map((room) => roomReport(room, sightings, sdkIndexOf, resultMails)),
      pitchTimer,
      failures: [
        ...failuresOf(answers, differences, emails, records.length, started.failed),
        ...pitchTimerFailures(pitchTimer),
        ...reconnectFailures(returnChecks, faults, plannedDropOuts),
        ...meetingFailures(meetings),
      ],
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
