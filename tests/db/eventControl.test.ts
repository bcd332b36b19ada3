// The admin's event controls with the real web SDK against the local backend, firestore.rules in
// force: each control stores what the spec's section 4 says, two admins on two clients never lose
// or double a press nor bring back a removed entry, and a non-admin is refused.

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { connectFirestoreEmulator, initializeFirestore, terminate, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenterEntry } from '../../domain/documents';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { authEmulator, firestoreEmulator } from '../support/emulators';
import { pointAppAtEmulators, storedEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-event-control');
const { app } = await import('../../src/db/firebaseApp');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { controlEvent, controlEventOn, startEmailing, startMatching, CONTROL_TIMEOUT_MS, NOT_SAVED_OFFLINE } =
  await import('../../src/db/eventControl');
const adminDb = useAdminDb(projectId);

const entry = (id: string): PresenterEntry => ({ presenter_id: id, first_name: id.toUpperCase(), last_name: 'Presenter' });
// storedEvent()'s round 1.
const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
const lin = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };
const sam = { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' };

interface Client {
  db: Firestore;
  close(): Promise<void>;
}

/** Another browser: its own web SDK app and Firestore, signed in as `account` (or pointed at `firestoreHost`). */
async function openClient(account: TestAccount, firestoreHost = firestoreEmulator()): Promise<Client> {
  const other: FirebaseApp = initializeApp(app.options, `client-${randomUUID()}`);
  const otherAuth = getAuth(other);
  connectAuthEmulator(otherAuth, `http://${authEmulator().host}:${authEmulator().port}`, { disableWarnings: true });
  const db = initializeFirestore(other, {});
  connectFirestoreEmulator(db, firestoreHost.host, firestoreHost.port);
  await signInWithEmailAndPassword(otherAuth, account.email, account.password);
  return {
    db,
    async close() {
      await terminate(db);
      await deleteApp(other);
    },
  };
}

let second: Client;

/** A local TCP server on a free port; close() drops its connections too. */
async function listen(server: net.Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const free = await listen(net.createServer());
  await free.close();
  return free.port;
}

beforeAll(async () => {
  const [first, other] = await Promise.all([createAccount(projectId), createAccount(projectId)]);
  await signInWithEmailAndPassword(auth, first.email, first.password);
  second = await openClient(other);
});

afterAll(async () => {
  await second.close();
  await signOut(auth);
});

async function seed(options: Parameters<typeof storedEvent>[0] = {}): Promise<void> {
  await adminDb().doc('events/e1').set(storedEvent(options));
}

async function stored(): Promise<Record<string, unknown>> {
  const snapshot = await adminDb().doc('events/e1').get();
  return snapshot.data() ?? {};
}

const roundIds = (data: Record<string, unknown>, key: string) =>
  ((data.rounds as Record<string, PresenterEntry[]>)[key] ?? []).map((item) => item.presenter_id);

describe('each control', () => {
  it('starts the event with the first presenter live, then stops it', async () => {
    await seed();
    expect(await controlEvent('e1', { kind: 'start' })).toBe(true);
    expect(await stored()).toMatchObject({ is_event_open: true, presenter_index: 0 });
    expect(await controlEvent('e1', { kind: 'stop' })).toBe(true);
    expect(await stored()).toMatchObject({ is_event_open: false, presenter_index: 0 });
  });

  it('moves to the next and previous presenter, and stops at either end', async () => {
    await seed({ open: true, presenterIndex: 1 });
    expect(await controlEvent('e1', { kind: 'next' })).toBe(true);
    expect((await stored()).presenter_index).toBe(2);
    expect(await controlEvent('e1', { kind: 'next' })).toBe(false);
    expect((await stored()).presenter_index).toBe(2);
    await controlEvent('e1', { kind: 'previous' });
    await controlEvent('e1', { kind: 'previous' });
    expect(await controlEvent('e1', { kind: 'previous' })).toBe(false);
    expect((await stored()).presenter_index).toBe(0);
  });

  it('resets and completes the presenters', async () => {
    await seed({ open: true, presenterIndex: 1 });
    await controlEvent('e1', { kind: 'complete' });
    expect((await stored()).presenter_index).toBe(3);
    await controlEvent('e1', { kind: 'reset' });
    expect((await stored()).presenter_index).toBe(-1);
  });

  it("lands one screen's controls in the order they were given, however quickly they come", async () => {
    await seed({ open: true, presenterIndex: 1 });
    // Complete All, Reset All, → five times over without waiting: in that order each ends with the
    // first presenter live; in any other order with someone else live, or nobody.
    const presses = Array.from({ length: 5 }, () => ['complete', 'reset', 'next'] as const).flat();
    const answers = await Promise.all(presses.map((kind) => controlEvent('e1', { kind })));
    expect(answers).toEqual(presses.map(() => true));
    expect(await stored()).toMatchObject({ is_event_open: true, presenter_index: 0 });
  });

  it('saves the selected round', async () => {
    await seed({ rounds: { round_1: [ada, lin], round_2: [sam] } });
    expect(await controlEvent('e1', { kind: 'selectRound', roundNumber: 2 })).toBe(true);
    expect(await stored()).toMatchObject({ round_number: 2, presenter_index: -1 });
  });

  it("adds, moves and removes presenters, writing only that round's list", async () => {
    await seed({ rounds: { round_1: [ada, lin], round_2: [sam] } });
    await controlEvent('e1', { kind: 'add', roundNumber: 1, entry: entry('p-kim') });
    expect(roundIds(await stored(), 'round_1')).toEqual(['p-ada', 'p-lin', 'p-kim']);
    await controlEvent('e1', { kind: 'moveUp', roundNumber: 1, presenterId: 'p-kim' });
    expect(roundIds(await stored(), 'round_1')).toEqual(['p-ada', 'p-kim', 'p-lin']);
    await controlEvent('e1', { kind: 'moveDown', roundNumber: 1, presenterId: 'p-ada' });
    expect(roundIds(await stored(), 'round_1')).toEqual(['p-kim', 'p-ada', 'p-lin']);
    await controlEvent('e1', { kind: 'remove', roundNumber: 1, presenterId: 'p-ada' });

    const data = await stored();
    expect(data.rounds).toEqual({ round_1: [entry('p-kim'), lin], round_2: [sam] });
    expect(await controlEvent('e1', { kind: 'add', roundNumber: 1, entry: sam })).toBe(false);
  });

  it('keeps the live presenter live when the current round is reordered', async () => {
    await seed({ open: true, presenterIndex: 1 });
    await controlEvent('e1', { kind: 'remove', roundNumber: 1, presenterId: 'p-ada' });
    expect(await stored()).toMatchObject({ presenter_index: 0, rounds: { round_1: [lin, sam] } });
  });

  it('sets the matching and e-mailing flags', async () => {
    await seed();
    await startMatching('e1');
    expect(await stored()).toMatchObject({ is_matching: true, is_emailing: false });
    await startEmailing('e1');
    expect(await stored()).toMatchObject({ is_matching: true, is_emailing: true });
  });

  it('rejects a control on an event that does not exist', async () => {
    await expect(controlEvent('missing', { kind: 'next' })).rejects.toThrow('does not exist');
    await expect(startMatching('missing')).rejects.toThrow('does not exist');
  });
});

describe('two admins running one event', () => {
  it('advances exactly 20 for 20 simultaneous Next presses from two clients', async () => {
    const presenters = Array.from({ length: 25 }, (_, position) => entry(`p-${position}`));
    await seed({ open: true, presenterIndex: 0, rounds: { round_1: presenters } });
    const presses = Array.from({ length: 20 }, (_, press) =>
      press % 2 === 0 ? controlEvent('e1', { kind: 'next' }) : controlEventOn(second.db, 'e1', { kind: 'next' }),
    );
    expect(await Promise.all(presses)).toEqual(Array.from({ length: 20 }, () => true));
    expect((await stored()).presenter_index).toBe(20);
  });

  it('keeps both presenters when both admins add one at once', async () => {
    await seed();
    await Promise.all([
      controlEvent('e1', { kind: 'add', roundNumber: 1, entry: entry('p-kim') }),
      controlEventOn(second.db, 'e1', { kind: 'add', roundNumber: 1, entry: entry('p-raj') }),
    ]);
    expect(roundIds(await stored(), 'round_1').sort()).toEqual(['p-ada', 'p-kim', 'p-lin', 'p-raj', 'p-sam']);
  });

  it('never brings back a presenter the other admin removed', async () => {
    await seed();
    await controlEventOn(second.db, 'e1', { kind: 'remove', roundNumber: 1, presenterId: 'p-lin' });
    expect(await controlEvent('e1', { kind: 'moveUp', roundNumber: 1, presenterId: 'p-lin' })).toBe(false);
    expect(roundIds(await stored(), 'round_1')).toEqual(['p-ada', 'p-sam']);

    await seed();
    await Promise.all([
      controlEventOn(second.db, 'e1', { kind: 'remove', roundNumber: 1, presenterId: 'p-lin' }),
      controlEvent('e1', { kind: 'moveDown', roundNumber: 1, presenterId: 'p-lin' }),
    ]);
    expect(roundIds(await stored(), 'round_1')).not.toContain('p-lin');
  });
});

/** Starts the event from an admin's client whose Firestore is at `port`: refused as not saved, in time. */
async function expectNotSavedOffline(port: number) {
  const offline = await openClient(await createAccount(projectId), { host: '127.0.0.1', port });
  try {
    const started = Date.now();
    await expect(controlEventOn(offline.db, 'e1', { kind: 'start' })).rejects.toThrow(NOT_SAVED_OFFLINE);
    expect(Date.now() - started).toBeLessThanOrEqual(CONTROL_TIMEOUT_MS + 1_000);
  } finally {
    await offline.close();
  }
}

describe('who may run an event', () => {
  it('refuses a signed-in user who is not an admin', async () => {
    await seed();
    const user = await openClient(await createAccount(projectId, { admin: false }));
    try {
      await expect(controlEventOn(user.db, 'e1', { kind: 'start' })).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await stored()).toMatchObject({ is_event_open: false, presenter_index: -1 });
    } finally {
      await user.close();
    }
  });

  it('fails, instead of waiting, when the server cannot be reached', async () => {
    await expectNotSavedOffline(await closedPort());
  });

  it('gives up when the server takes the connection but never answers (a dead Wi-Fi)', async () => {
    const silent = await listen(net.createServer());
    try {
      await expectNotSavedOffline(silent.port);
    } finally {
      await silent.close();
    }
  });
});
