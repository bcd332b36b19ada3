// Auth: the ID tokens the Auth emulator issues reach Firestore and Storage as an identity (uid,
// claims, sign-in provider) at the authorization seam; mockUserToken and `owner` behave as in
// the official emulators. Drives the real web SDK in Chromium against a backend of its own, so
// the seam can be observed.

import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Access, Authorizer } from '../../../backend/src/authz/seam.js';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { authEmulator, uniqueProjectId } from '../../support/emulators.js';

const AUTH_PROJECT = 'demo-conformance';

describe('Auth identity at the authorization seam (web SDK in Chromium)', () => {
  let backend: RunningBackend;
  let browser: Browser;
  let page: Page;
  let admin: App;
  const seen: Access[] = [];
  let decide: Authorizer = () => ({ allow: true });
  const projectId = uniqueProjectId('auth');

  beforeAll(async () => {
    backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      authorizer: (access) => {
        seen.push(access);
        return decide(access);
      },
    });
    browser = await launchChromium();
    admin = initializeApp({ projectId: AUTH_PROJECT }, `auth-identity-${projectId}`);
  });

  afterAll(async () => {
    await browser?.close();
    await backend?.close();
    if (admin) await deleteApp(admin);
  });

  beforeEach(async () => {
    seen.length = 0;
    decide = () => ({ allow: true });
    page = await openSdkPage(browser);
  });

  const hosts = () => ({
    auth: `http://${authEmulator().host}:${authEmulator().port}`,
    firestore: { host: backend.host, port: backend.firestorePort },
    storage: { host: backend.host, port: backend.storagePort },
    projectId,
    authProject: AUTH_PROJECT,
  });

  it('an anonymous user writes with their uid and the anonymous sign-in provider', async () => {
    const uid = await page.evaluate(async (h) => {
      const { app, auth, firestore } = window.sdk;
      const a = app.initializeApp({ projectId: h.projectId, apiKey: 'demo-api-key' });
      const au = auth.getAuth(a);
      auth.connectAuthEmulator(au, h.auth, { disableWarnings: true });
      const credential = await auth.signInAnonymously(au);
      const db = firestore.getFirestore(a);
      firestore.connectFirestoreEmulator(db, h.firestore.host, h.firestore.port);
      await firestore.setDoc(firestore.doc(db, 'seam/anonymous'), { n: 1 });
      return credential.user.uid;
    }, hosts());

    const write = seen.find((a) => a.service === 'firestore' && a.path.endsWith('/documents/seam/anonymous'));
    expect(write?.method).toBe('create');
    expect(write?.identity.admin).toBe(false);
    expect(write?.identity.auth?.uid).toBe(uid);
    expect(write?.identity.auth?.signInProvider).toBe('anonymous');
  });

  it('custom claims granted with firebase-admin appear in the identity after a token refresh', async () => {
    const email = `admin-${Date.now()}@example.edu`;
    const user = await getAuth(admin).createUser({ email, password: 'correct horse battery' });
    await getAuth(admin).setCustomUserClaims(user.uid, { admin: true });

    await page.evaluate(
      async ({ h, email }) => {
        const { app, auth, firestore } = window.sdk;
        const a = app.initializeApp({ projectId: h.projectId, apiKey: 'demo-api-key' });
        const au = auth.getAuth(a);
        auth.connectAuthEmulator(au, h.auth, { disableWarnings: true });
        await auth.signInWithEmailAndPassword(au, email, 'correct horse battery');
        await au.currentUser!.getIdToken(true);
        const db = firestore.getFirestore(a);
        firestore.connectFirestoreEmulator(db, h.firestore.host, h.firestore.port);
        await firestore.getDoc(firestore.doc(db, 'seam/claims'));
      },
      { h: hosts(), email },
    );

    const read = seen.find((a) => a.path.endsWith('/documents/seam/claims'));
    expect(read?.method).toBe('get');
    expect(read?.identity.auth?.uid).toBe(user.uid);
    expect(read?.identity.auth?.signInProvider).toBe('password');
    expect(read?.identity.auth?.token.admin).toBe(true);
    expect(read?.identity.auth?.token.email).toBe(email);
  });

  it('Storage receives the same identity from the Firebase token header', async () => {
    const uid = await page.evaluate(async (h) => {
      const { app, auth, storage } = window.sdk;
      const a = app.initializeApp({
        projectId: h.projectId,
        apiKey: 'demo-api-key',
        storageBucket: `${h.projectId}.firebasestorage.app`,
      });
      const au = auth.getAuth(a);
      auth.connectAuthEmulator(au, h.auth, { disableWarnings: true });
      const credential = await auth.signInAnonymously(au);
      const st = storage.getStorage(a);
      storage.connectStorageEmulator(st, h.storage.host, h.storage.port);
      await storage.uploadBytes(storage.ref(st, 'seam/logo.txt'), new TextEncoder().encode('hello'), {
        contentType: 'text/plain',
      });
      return credential.user.uid;
    }, hosts());

    const upload = seen.find((a) => a.service === 'storage' && a.path === 'seam/logo.txt');
    expect(upload?.method).toBe('create');
    expect(upload?.identity.auth?.uid).toBe(uid);
    expect(upload?.identity.auth?.signInProvider).toBe('anonymous');
  });

  it('mockUserToken gives that identity, and the token owner bypasses a seam that denies everything', async () => {
    decide = () => ({ allow: false, reason: 'test denies all' });
    const outcome = await page.evaluate(async (h) => {
      const { app, firestore } = window.sdk;
      const asUser = firestore.getFirestore(app.initializeApp({ projectId: h.projectId }, 'mock-user'));
      firestore.connectFirestoreEmulator(asUser, h.firestore.host, h.firestore.port, {
        mockUserToken: { user_id: 'mock-alice' },
      });
      const asOwner = firestore.getFirestore(app.initializeApp({ projectId: h.projectId }, 'owner'));
      firestore.connectFirestoreEmulator(asOwner, h.firestore.host, h.firestore.port, { mockUserToken: 'owner' });
      let userError = '';
      try {
        await firestore.setDoc(firestore.doc(asUser, 'seam/mock'), { n: 1 });
      } catch (err) {
        userError = (err as { code: string }).code;
      }
      await firestore.setDoc(firestore.doc(asOwner, 'seam/owner'), { n: 2 });
      const back = await firestore.getDoc(firestore.doc(asOwner, 'seam/owner'));
      return { userError, ownerValue: back.get('n') as number };
    }, hosts());

    expect(outcome).toEqual({ userError: 'permission-denied', ownerValue: 2 });
    const denied = seen.find((a) => a.path.endsWith('/documents/seam/mock'));
    expect(denied?.identity.auth?.uid).toBe('mock-alice');
    expect(denied?.identity.auth?.signInProvider).toBe('custom');
    expect(seen.some((a) => a.path.endsWith('/documents/seam/owner'))).toBe(false);
  });
});
