// Points the app's own Firebase module (src/db/firebase.ts) at the emulators under test, on a
// project of the test file's own with the project's firestore.rules in force, gives the test a
// firebase-admin client to arrange data and check what was stored, and signs the app in as an
// admin where the file needs one. Call pointAppAtEmulators() before importing anything from src/db.

import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { appEnvironment, resetFirestore, uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';

/** The project of this worker's app: its db files run one after the other in one worker (vitest.config.ts, `db`). */
let workerProject: string | undefined;

/**
 * Sets the app's VITE_* settings for this test process and loads firestore.rules for the
 * project (through the emulator endpoint the official emulator and rules-unit-testing use);
 * returns the project id. The app reads its settings once, when its modules load, and a worker
 * keeps its modules from one file to the next: so every file of a worker gets the worker's one
 * project, and a file after the first starts with the app signed out (each test still starts on
 * an empty database: useAdminDb).
 */
export async function pointAppAtEmulators(label: string): Promise<string> {
  const laterFile = workerProject !== undefined;
  const projectId = (workerProject ??= uniqueProjectId(label));
  await loadFirestoreRules(projectId);
  appEnvironment(projectId);
  if (laterFile) {
    const { getAppAuth } = await import('../../src/db/auth');
    await signOut(await getAppAuth());
  }
  return projectId;
}

export interface AdminDb {
  db: Firestore;
  close(): Promise<void>;
}

export function openAdminDb(projectId: string): AdminDb {
  const app = initializeApp({ projectId }, `admin-${randomUUID()}`);
  const db = getFirestore(app);
  return {
    db,
    async close() {
      await db.terminate();
      await deleteApp(app);
    },
  };
}

/**
 * Registers a test file's admin client (opened before all tests, closed after) and an empty
 * database before each test; returns the admin Firestore's getter.
 */
export function useAdminDb(projectId: string): () => Firestore {
  let admin: AdminDb;
  beforeAll(() => {
    admin = openAdminDb(projectId);
  });
  afterAll(async () => {
    await admin.close();
  });
  beforeEach(async () => {
    await resetFirestore(projectId);
  });
  return () => admin.db;
}

export interface SignedInAdmin {
  /** The admin account the app is signed in with. */
  account: () => TestAccount;
  signInAsAdmin: () => Promise<void>;
  /** Signs the app in as a new account without the admin claim. */
  signInAsNewUser: () => Promise<TestAccount>;
}

/** Signs the app's `auth` in as a new admin account before the file's tests, and out after them. */
export function useSignedInAdmin(projectId: string, auth: Auth): SignedInAdmin {
  let admin: TestAccount | undefined;
  const account = (): TestAccount => {
    if (!admin) throw new Error('The admin account is made before the tests.');
    return admin;
  };
  const signInAsAdmin = async () => {
    await signInWithEmailAndPassword(auth, account().email, account().password);
  };
  beforeAll(async () => {
    admin = await createAccount(projectId);
    await signInAsAdmin();
  });
  afterAll(async () => {
    await signOut(auth);
  });
  return {
    account,
    signInAsAdmin,
    async signInAsNewUser() {
      const user = await createAccount(projectId, { admin: false });
      await signInWithEmailAndPassword(auth, user.email, user.password);
      return user;
    },
  };
}

export interface StoredEventOptions {
  title?: string;
  open?: boolean;
  startTime?: Date | null;
  roundNumber?: number;
  presenterIndex?: number;
  rounds?: Record<string, { presenter_id: string; first_name: string; last_name: string }[]>;
}

/** An events/{id} document as the admin screens store it. */
export function storedEvent(options: StoredEventOptions = {}): Record<string, unknown> {
  const rounds = options.rounds ?? {
    round_1: [
      { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
      { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
      { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' },
    ],
  };
  return {
    title: options.title ?? 'Med-Tech Pitch Session',
    description: 'Three-minute pitches.',
    location: 'Innovation Hub',
    start_time: options.startTime === null ? null : Timestamp.fromDate(options.startTime ?? new Date('2030-05-01T11:15:00Z')),
    number_of_rounds: Object.keys(rounds).length,
    rounds,
    is_event_open: options.open ?? false,
    round_number: options.roundNumber ?? 1,
    presenter_index: options.presenterIndex ?? -1,
    is_matching: false,
    is_emailing: false,
    is_slider_open: false,
    normalLogo: null,
    middleLogo: null,
    developers: [{ name: 'Dev One', linkedin_url: 'https://www.linkedin.com/in/dev-one' }],
  };
}

/** Stores events/{id} as the admin screens would, with storedEvent(options). */
export async function storeEvent(db: Firestore, id: string, options: StoredEventOptions = {}): Promise<void> {
  await db.doc(`events/${id}`).set(storedEvent(options));
}

/**
 * What creating an event with two rounds stores besides its texts, time and logos: both rounds
 * empty, closed, at round 1 with nobody live.
 */
export const newTwoRoundEvent = {
  number_of_rounds: 2,
  rounds: { round_1: [], round_2: [] },
  is_event_open: false,
  round_number: 1,
  presenter_index: -1,
};

/** Waits until `check` passes (it throws until then), for live updates. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** What a live follower (watchEvent, watchSharedEvent, followSharedEvent…) has passed on so far. */
export interface Followed<Value> {
  seen: Value[];
  errors: unknown[];
  stop: () => void;
  latest: () => Value | undefined;
}

/** Starts a live follower that takes a callback and an error callback, and records both. */
export function follow<Value>(
  start: (callback: (value: Value) => void, onError: (error: unknown) => void) => () => void,
): Followed<Value> {
  const seen: Value[] = [];
  const errors: unknown[] = [];
  const stop = start(
    (value) => seen.push(value),
    (error) => errors.push(error),
  );
  return { seen, errors, stop, latest: () => seen[seen.length - 1] };
}
