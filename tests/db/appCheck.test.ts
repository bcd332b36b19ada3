// @vitest-environment jsdom
// App Check (src/db/appCheck.ts): a production build with a site key starts it with reCAPTCHA
// Enterprise before the first Firestore Lite read; against the local backend it never starts,
// and the reads go on as before. The real SDK runs; jsdom loads no external script, so nothing
// leaves the machine.

import { deleteApp, type FirebaseApp } from 'firebase/app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appEnvironment, uniqueProjectId } from '../support/emulators';

const RECAPTCHA_ENTERPRISE = 'https://www.google.com/recaptcha/enterprise.js?render=explicit';
const VARIABLES = ['VITE_USE_EMULATORS', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_APP_ID', 'VITE_APP_CHECK_SITE_KEY'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
let loaded: FirebaseApp | null = null;

/** The app's modules loaded afresh with these settings (the app reads them when its modules load). */
async function loadApp(settings: Record<string, string>) {
  vi.resetModules();
  Object.assign(process.env, settings);
  const { app } = await import('../../src/db/firebaseApp');
  loaded = app;
  const { liteDb } = await import('../../src/db/lite');
  return { liteDb };
}

/** App Check with reCAPTCHA Enterprise adds its script to the page as it starts (jsdom does not fetch it). */
const appCheckStarted = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src === RECAPTCHA_ENTERPRISE).length === 1;

afterEach(async () => {
  // The next test's settings make a new default app.
  if (loaded) await deleteApp(loaded);
  loaded = null;
  document.head.replaceChildren();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('App Check', () => {
  it('is never started against the local backend, even with a site key', async () => {
    appEnvironment(uniqueProjectId('app-check-local'));
    const { liteDb } = await loadApp({ VITE_APP_CHECK_SITE_KEY: '6LcTestSiteKey' });
    await liteDb();
    expect(appCheckStarted()).toBe(false);
  });

  it('starts with reCAPTCHA Enterprise in a production build with a site key, before the first Lite read', async () => {
    const { liteDb } = await loadApp({
      VITE_USE_EMULATORS: 'false',
      VITE_FIREBASE_PROJECT_ID: 'pitch-live-check',
      VITE_FIREBASE_APP_ID: '1:123:web:abc',
      VITE_APP_CHECK_SITE_KEY: '6LcTestSiteKey',
    });
    expect(appCheckStarted()).toBe(false);
    await liteDb();
    expect(appCheckStarted()).toBe(true);
  });

  it('stays off in a production build without a site key', async () => {
    const { liteDb } = await loadApp({
      VITE_USE_EMULATORS: 'false',
      VITE_FIREBASE_PROJECT_ID: 'pitch-live-check',
      VITE_APP_CHECK_SITE_KEY: '',
    });
    await liteDb();
    expect(appCheckStarted()).toBe(false);
  });
});
