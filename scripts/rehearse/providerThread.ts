// One worker thread of SDK providers: each provider runs the app's own src/db code (session,
// providers, events, questions, responses) on the real `firebase` web SDK, in a module graph of
// its own (isolation.ts), so it has its own default app, its own anonymous user and its own
// Firestore client, connected through its own TCP relay (relay.ts) to the backend. A provider
// signs in, saves a profile, watches the shared event (or its room's, with parallel rooms) and rates each presenter that becomes
// Finished with random but recorded answers; some edit an answer later; the ones chosen to drop go
// offline once mid-rating and come back. The thread also signs presenters up through
// src/db/signup.ts when asked. Everything it sees goes to the main thread as messages (record.ts).

import { register } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import * as sharedApp from '@firebase/app';
import { disableNetwork, enableNetwork, terminate, waitForPendingWrites, type Firestore } from 'firebase/firestore';
import { buildQueue } from '../../domain/queue';
import type { Event } from '../../src/types/event';
import type { Provider } from '../../src/types/provider';
import type { Question } from '../../src/types/question';
import type { Answer, SaveOutcome } from '../../src/types/response';
import type { IsolationData } from './isolation';
import { editedAnswer, randomAnswers } from './questions';
import { pick, seededRandom, type GivenAnswer, type MainMessage, type QuestionPlan, type ThreadMessage } from './record';
import { startRelay, type Relay } from './relay';

export interface ThreadProvider {
  index: number;
  /** Goes offline once, mid-rating. */
  drop: boolean;
  seed: number;
  /** The event of the room it joined (parallel rooms); absent: the shared event. */
  room?: string;
}

export interface ThreadData {
  thread: number;
  repoUrl: string;
  /** The app's VITE_* settings (Firestore, Auth and Storage on the backend). */
  env: Record<string, string>;
  firestore: { host: string; port: number };
  providers: ThreadProvider[];
  /** A presenter's slot (ms): the providers rate within it. */
  slotMs: number;
}

interface AppModules {
  firebase: { db: Firestore };
  /** src/db/firebaseApp.ts: the provider's Firebase app. */
  appModule: { app: unknown };
  firebaseApp: { deleteApp(app: unknown): Promise<void> };
}
interface ProviderModules extends AppModules {
  session: { ensureSignedIn(): Promise<{ uid: string }> };
  // The full SDK's write (the app's way when Firestore Lite finds no network): these clients share
  // one Firestore component across their apps, which Lite's separate one would not join.
  providers: { writeProviderProfile(provider: Provider): Promise<void> };
  events: {
    watchSharedEvent(callback: (event: Event | null) => void, onError: (error: Error) => void): () => void;
    watchRoom(eventId: string, callback: (event: Event | null) => void, onError: (error: Error) => void): () => void;
  };
  questions: { getQuestions(): Promise<Question[]> };
  responses: { saveResponses(eventId: string, presenterId: string, answers: Answer[]): Promise<SaveOutcome> };
}
interface SignupModules extends AppModules {
  signup: {
    completeSignup(
      inviteId: string,
      fields: { first_name: string; last_name: string; email: string; company: string; phone: string; website: string },
    ): Promise<{ id: string }>;
  };
}

interface Client {
  plan: ThreadProvider;
  key: string;
  relay: Relay;
  random: () => number;
  modules: ProviderModules;
  providerId: string;
  questions: QuestionPlan[];
  /** The rating (0-based count) during which this provider drops, if it does. */
  dropOn: number;
  ratings: number;
  eventId: string;
  open: boolean;
  lastState: string;
  scheduled: Set<string>;
  answers: Map<string, GivenAnswer[]>;
  inflight: Set<Promise<void>>;
  timers: Set<NodeJS.Timeout>;
  stopWatching: () => void;
}

const data = workerData as ThreadData;
if (!parentPort) throw new Error('providerThread.ts runs in a worker thread.');
const port = parentPort;
const send = (message: ThreadMessage) => port.postMessage(message);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The SDK's own log lines: errors are reported; Node's missing IndexedDB (the persistent cache
// falls back to memory, as it would in a browser without IndexedDB) is expected here.
sharedApp.setLogLevel('silent');
sharedApp.onLog(
  ({ level, message }) => {
    if (message.includes('Falling back to memory cache')) return;
    if (level === 'error')
      send({ type: 'error', providerId: `thread-${data.thread}`, message: `SDK log: ${message.slice(0, 300)}` });
  },
  { level: 'error' },
);

const keyOf = (label: string) => `t${data.thread}-${label}`;

/** One provider's own copy of the app's db modules (and of firebase/app and firebase/auth). */
async function loadModules<T extends AppModules>(key: string, names: string[]): Promise<T> {
  const query = `?provider=${encodeURIComponent(key)}`;
  const appCopy = (await import(`@firebase/app${query}`)) as { _registerComponent(component: unknown): boolean };
  // Firestore's code is shared by the thread's providers: its component joins each provider's app registry.
  // (`_components` is the SDK's internal registry: exported, left out of the public types.)
  const registry = (sharedApp as unknown as { _components: Map<string, unknown> })._components;
  const firestore = registry.get('firestore');
  if (!firestore) throw new Error('The Firestore component is not registered.');
  appCopy._registerComponent(firestore);
  const modules: Record<string, unknown> = {
    firebase: await import(`${data.repoUrl}src/db/firebase.ts${query}`),
    appModule: await import(`${data.repoUrl}src/db/firebaseApp.ts${query}`),
    firebaseApp: await import(`firebase/app${query}`),
  };
  for (const name of names) modules[name] = await import(`${data.repoUrl}src/db/${name}.ts${query}`);
  return modules as unknown as T;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const clients: Client[] = [];

/** How long a provider's writes may take to sync by themselves at the end, before its network is restarted. */
const UNAIDED_SYNC_MS = 60_000;

function track(client: Client, work: () => Promise<void>): void {
  const promise = work().catch((error: unknown) =>
    send({ type: 'error', providerId: client.providerId, message: errorText(error) }),
  );
  client.inflight.add(promise);
  void promise.finally(() => client.inflight.delete(promise));
}

function later(client: Client, ms: number, work: () => Promise<void>): void {
  const timer = setTimeout(() => {
    client.timers.delete(timer);
    track(client, work);
  }, ms);
  client.timers.add(timer);
}

async function save(client: Client, presenterId: string, answers: GivenAnswer[], edit: boolean, offline: boolean) {
  const outcome = await client.modules.responses.saveResponses(client.eventId, presenterId, answers);
  client.answers.set(presenterId, answers);
  send({
    type: 'rated',
    record: {
      providerId: client.providerId,
      presenterId,
      eventId: client.eventId,
      answers,
      at: Date.now(),
      edit,
      offline,
      client: 'sdk',
    },
  });
  outcome.synced.catch((error: unknown) =>
    send({ type: 'error', providerId: client.providerId, message: `Answers refused: ${errorText(error)}` }),
  );
}

/** Rates a Finished presenter; drops mid-rating when planned; sometimes edits an answer later. */
async function rate(client: Client, presenterId: string): Promise<void> {
  // A provider whose screen shows Event Closed can no longer open the questionnaire.
  if (!client.open) return;
  const answers = randomAnswers(client.random, client.questions, `provider ${client.plan.index}`);
  const offline = client.plan.drop && client.ratings === client.dropOn;
  client.ratings += 1;
  if (offline) client.relay.cut(2_000 + client.random() * 4_000, 300 + client.random() * 1_200);
  await save(client, presenterId, answers, false, offline);
  if (client.random() < 0.1) {
    later(client, 1_000 + client.random() * 3_000, async () => {
      const before = client.answers.get(presenterId) ?? answers;
      const changed = pick(client.random, before);
      const question = client.questions.find((candidate) => candidate.question_id === changed.question_id);
      if (!question) return;
      const replacement = editedAnswer(client.random, question, changed, `provider ${client.plan.index}`);
      const edited = before.map((answer) => (answer.question_id === changed.question_id ? replacement : answer));
      await save(client, presenterId, edited, true, false);
    });
  }
}

function onEvent(client: Client, event: Event | null): void {
  if (!event) return;
  client.eventId = event.id;
  client.open = event.isEventOpen;
  const state = `${event.roundNumber}:${event.presenterIndex}`;
  if (state !== client.lastState) {
    client.lastState = state;
    send({
      type: 'seen',
      providerId: client.providerId,
      sighting: { round: event.roundNumber, index: event.presenterIndex, at: Date.now() },
    });
  }
  if (!event.isEventOpen) return;
  for (const entry of buildQueue(event, new Set())) {
    if (entry.kind !== 'presenter' || entry.status !== 'Finished' || client.scheduled.has(entry.presenter_id)) continue;
    client.scheduled.add(entry.presenter_id);
    later(client, (0.1 + 0.5 * client.random()) * data.slotMs, () => rate(client, entry.presenter_id));
  }
}

async function startProvider(plan: ThreadProvider, relay: Relay): Promise<Client> {
  const key = keyOf(`p${plan.index}`);
  const modules = await loadModules<ProviderModules>(key, ['session', 'providers', 'events', 'questions', 'responses']);
  const random = seededRandom(plan.seed);
  const { uid } = await withTimeout(modules.session.ensureSignedIn(), 30_000, 'Anonymous sign-in');
  const profile: Provider = {
    user_id: uid,
    first_name: `Provider${plan.index}`,
    last_name: `Rehearsal`,
    email: `provider${plan.index}@partners.example.org`,
    company: `Partner ${plan.index} Health`,
    phone: '',
    terms_accepted: true,
  };
  await withTimeout(modules.providers.writeProviderProfile(profile), 60_000, 'Saving the profile');
  const questions = await withTimeout(modules.questions.getQuestions(), 60_000, 'Reading the questions');
  const client: Client = {
    plan,
    key,
    relay,
    random,
    modules,
    providerId: uid,
    questions: questions.map(({ question_id, type, title }) => ({ question_id, type, title })),
    dropOn: Math.floor(random() * 3),
    ratings: 0,
    eventId: '',
    open: false,
    lastState: '',
    scheduled: new Set(),
    answers: new Map(),
    inflight: new Set(),
    timers: new Set(),
    stopWatching: () => undefined,
  };
  const watching = (event: Event | null) => onEvent(client, event);
  const watchFailed = (error: Error) => send({ type: 'error', providerId: uid, message: `Watching the event: ${error.message}` });
  client.stopWatching =
    plan.room === undefined
      ? modules.events.watchSharedEvent(watching, watchFailed)
      : modules.events.watchRoom(plan.room, watching, watchFailed);
  send({
    type: 'ready',
    index: plan.index,
    providerId: uid,
    profile: { first_name: profile.first_name, last_name: profile.last_name, email: profile.email, company: profile.company },
    memoryRss: process.memoryUsage().rss,
  });
  return client;
}

async function settle(client: Client, timeoutMs: number): Promise<void> {
  try {
    const deadline = Date.now() + timeoutMs;
    while (client.timers.size > 0 || client.inflight.size > 0) {
      if (Date.now() > deadline) throw new Error('its ratings did not finish in time');
      await Promise.race([Promise.allSettled([...client.inflight]), new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    client.relay.restore();
    const db = client.modules.firebase.db;
    const pending = waitForPendingWrites(db);
    try {
      await withTimeout(pending, Math.max(1_000, Math.min(UNAIDED_SYNC_MS, deadline - Date.now())), 'Pending writes');
      send({ type: 'settled', providerId: client.providerId, pending: false });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    // In a browser the SDK restarts its streams (and their backoff) on the window's 'online' event;
    // the Node SDK has no such event (NoopConnectivityMonitor), so a provider whose writes are still
    // pending is given what a phone gets when its Wi-Fi comes back, and the report names it.
    const before = client.relay.describe();
    await disableNetwork(db);
    await enableNetwork(db);
    await withTimeout(
      pending,
      Math.max(1_000, deadline - Date.now()),
      `Pending writes, after a network restart (before it: ${before})`,
    );
    send({ type: 'settled', providerId: client.providerId, pending: false, restarted: true, message: before });
  } catch (error) {
    send({
      type: 'settled',
      providerId: client.providerId,
      pending: true,
      message: `${errorText(error)} (${client.relay.describe()})`,
    });
  }
}

async function stop(): Promise<void> {
  await Promise.allSettled(
    clients.map(async (client) => {
      for (const timer of client.timers) clearTimeout(timer);
      client.stopWatching();
      await terminate(client.modules.firebase.db);
      await client.modules.firebaseApp.deleteApp(client.modules.appModule.app);
      await client.relay.close();
    }),
  );
  send({ type: 'done', memoryRss: process.memoryUsage().rss });
}

async function signup(message: Extract<MainMessage, { type: 'signup' }>): Promise<void> {
  for (const presenter of message.presenters) {
    const modules = await loadModules<SignupModules>(keyOf(`presenter-${presenter.email}`), ['signup']);
    try {
      const { inviteId, ...fields } = presenter;
      const stored = await withTimeout(
        modules.signup.completeSignup(inviteId, { ...fields, phone: '', website: '' }),
        60_000,
        `Signing up ${presenter.email}`,
      );
      send({ type: 'signedUp', email: presenter.email, presenterId: stored.id });
    } finally {
      await terminate(modules.firebase.db);
      await modules.firebaseApp.deleteApp(modules.appModule.app);
    }
  }
}

async function main(): Promise<void> {
  const relays = await Promise.all(data.providers.map(() => startRelay(data.firestore)));
  const isolation: IsolationData = {
    repoUrl: data.repoUrl,
    env: data.env,
    envByKey: Object.fromEntries(
      data.providers.map((plan, i) => [
        keyOf(`p${plan.index}`),
        { VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${relays[i]?.port}` },
      ]),
    ),
  };
  register(`${data.repoUrl}scripts/rehearse/isolation.ts`, { data: isolation });

  port.on('message', (message: MainMessage) => {
    if (message.type === 'signup')
      void signup(message).catch((error: unknown) =>
        send({ type: 'error', providerId: `thread-${data.thread}`, message: `Signup: ${errorText(error)}` }),
      );
    if (message.type === 'settle') for (const client of clients) void settle(client, message.timeoutMs);
    if (message.type === 'stop') void stop();
  });

  // A few at a time: loading a provider's modules is CPU work, signing in and saving are waits.
  const BATCH = 5;
  for (let start = 0; start < data.providers.length; start += BATCH) {
    const batch = data.providers.slice(start, start + BATCH);
    const started = await Promise.allSettled(batch.map((plan, i) => startProvider(plan, relays[start + i] as Relay)));
    for (const [i, outcome] of started.entries()) {
      if (outcome.status === 'fulfilled') clients.push(outcome.value);
      else
        send({
          type: 'error',
          providerId: `provider ${batch[i]?.index}`,
          message: `Could not start: ${errorText(outcome.reason)}`,
        });
    }
  }
  send({
    type: 'started',
    ready: clients.length,
    failed: data.providers.length - clients.length,
    memoryRss: process.memoryUsage().rss,
  });
}

main().catch((error: unknown) => send({ type: 'error', providerId: `thread-${data.thread}`, message: errorText(error) }));
