// The Auth emulator from firebase-tools, started by the project's own launcher, serves the real
// firebase/auth SDK and firebase-admin.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import { startAuthEmulator, type RunningAuthEmulator } from '../../../backend/src/auth/authEmulator.js';

const projectId = 'demo-auth-emulator-test';
let emulator: RunningAuthEmulator;
let app: FirebaseApp;
let auth: Auth;
const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
/** For a test that starts emulators of its own: on a busy machine, seconds each. */
const STARTS_EMULATORS = { timeout: 120_000 };

beforeAll(async () => {
  emulator = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId });
  app = initializeApp({ apiKey: 'demo-api-key', projectId, authDomain: `${projectId}.firebaseapp.com` }, randomUUID());
  auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${emulator.port}`, { disableWarnings: true });
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
  if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
});

describe('startAuthEmulator', () => {
  it('listens on a free port when asked for port 0', () => {
    expect(emulator.port).toBeGreaterThan(0);
  });

  it("refuses a request its API description does not allow, with the validator's reason", async () => {
    // The validators are compiled when an operation is first called (authEmulator.ts): they still run.
    const res = await fetch(
      `http://127.0.0.1:${emulator.port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ['ada@example.edu'], password: 'correct horse' }),
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid JSON payload received. /email must be string',
    );
  });

  it('signs a user in anonymously', async () => {
    const { user } = await signInAnonymously(auth);
    expect(user.isAnonymous).toBe(true);
    const token = await user.getIdTokenResult();
    expect(token.signInProvider).toBe('anonymous');
    await signOut(auth);
  });

  it('signs a user up and in with e-mail and password', async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@example.edu`;
    const created = await createUserWithEmailAndPassword(auth, email, 'correct horse');
    expect(created.user.email).toBe(email);
    await signOut(auth);
    const signedIn = await signInWithEmailAndPassword(auth, email, 'correct horse');
    expect(signedIn.user.uid).toBe(created.user.uid);
    await expect(signInWithEmailAndPassword(auth, email, 'wrong password')).rejects.toThrow(/auth\//);
    await signOut(auth);
  });

  it('puts custom claims set by firebase-admin into the ID token after a refresh', async () => {
    const email = `claims-${randomUUID().slice(0, 8)}@example.edu`;
    const { user } = await createUserWithEmailAndPassword(auth, email, 'correct horse');
    expect((await user.getIdTokenResult()).claims.admin).toBeUndefined();

    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
    const adminApp = initializeAdminApp({ projectId }, randomUUID());
    try {
      await getAdminAuth(adminApp).setCustomUserClaims(user.uid, { admin: true });
    } finally {
      await deleteAdminApp(adminApp);
    }

    const refreshed = await user.getIdTokenResult(true);
    expect(refreshed.claims.admin).toBe(true);
    await signOut(auth);
  });

  it('stops accepting connections once closed', STARTS_EMULATORS, async () => {
    const other = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId });
    const url = `http://127.0.0.1:${other.port}/`;
    expect((await fetch(url)).ok).toBe(true);
    await other.close();
    await expect(fetch(url)).rejects.toThrow();
  });

  it('creates seeded accounts with their custom claims', async () => {
    await emulator.addUsers(projectId, [
      { email: 'seeded-admin@example.edu', password: 'demo-password', customClaims: { admin: true } },
    ]);
    const { user } = await signInWithEmailAndPassword(auth, 'seeded-admin@example.edu', 'demo-password');
    expect((await user.getIdTokenResult()).claims.admin).toBe(true);
    await signOut(auth);
  });

  it('keeps accounts across a restart when given an accounts file', STARTS_EMULATORS, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'auth-accounts-'));
    const accountsFile = path.join(dir, 'accounts.json');
    const first = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId, accountsFile });
    const firstApp = initializeApp({ apiKey: 'demo-api-key', projectId }, randomUUID());
    const firstAuth = getAuth(firstApp);
    connectAuthEmulator(firstAuth, `http://127.0.0.1:${first.port}`, { disableWarnings: true });
    const email = `kept-${randomUUID().slice(0, 8)}@example.edu`;
    const { user } = await createUserWithEmailAndPassword(firstAuth, email, 'correct horse');
    await deleteApp(firstApp);
    await first.close();

    const second = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId, accountsFile });
    const secondApp = initializeApp({ apiKey: 'demo-api-key', projectId }, randomUUID());
    const secondAuth = getAuth(secondApp);
    connectAuthEmulator(secondAuth, `http://127.0.0.1:${second.port}`, { disableWarnings: true });
    try {
      const signedIn = await signInWithEmailAndPassword(secondAuth, email, 'correct horse');
      expect(signedIn.user.uid).toBe(user.uid);
    } finally {
      await deleteApp(secondApp);
      await second.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it(
    'has an account on disk by the time its sign-in is answered, so a crash right after keeps it',
    STARTS_EMULATORS,
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'auth-accounts-'));
      const accountsFile = path.join(dir, 'accounts.json');
      const running = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId, accountsFile });
      const phoneApp = initializeApp({ apiKey: 'demo-api-key', projectId }, randomUUID());
      const phoneAuth = getAuth(phoneApp);
      connectAuthEmulator(phoneAuth, `http://127.0.0.1:${running.port}`, { disableWarnings: true });
      try {
        const stored = async () =>
          ((JSON.parse(await fs.readFile(accountsFile, 'utf8')) as { users: { localId: string }[] }).users ?? []).map(
            (account) => account.localId,
          );
        // What the file holds the moment each answer arrives is what a SIGKILL then would leave.
        const first = await signInAnonymously(phoneAuth);
        expect(await stored()).toContain(first.user.uid);
        await signOut(phoneAuth);
        const both = await Promise.all([
          signInAnonymously(getAuth(phoneApp)),
          createUserWithEmailAndPassword(phoneAuth, `kept-${randomUUID().slice(0, 8)}@example.edu`, 'correct horse'),
        ]);
        expect(await stored()).toEqual(expect.arrayContaining([first.user.uid, ...both.map(({ user }) => user.uid)]));
      } finally {
        await deleteApp(phoneApp);
        await running.close();
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );
});
