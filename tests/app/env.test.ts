// Reading the app's settings: demo defaults, emulators in development, loud failures.

import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config/env';

describe('readEnv', () => {
  it('uses the demo project and the local emulators in development by default', () => {
    const env = readEnv({ DEV: true });
    expect(env.firebase.projectId).toBe('demo-pitch-live');
    expect(env.emulators).toEqual({
      firestore: { host: '127.0.0.1', port: 8080 },
      auth: { host: '127.0.0.1', port: 9099 },
      storage: { host: '127.0.0.1', port: 9199 },
    });
  });

  it('talks to the real services in a production build', () => {
    const env = readEnv({ DEV: false, VITE_FIREBASE_PROJECT_ID: 'pitch-live-prod' });
    expect(env.emulators).toBeNull();
    expect(env.firebase.storageBucket).toBe('pitch-live-prod.firebasestorage.app');
  });

  it('takes a bucket of the older form when the project has one', () => {
    const env = readEnv({
      DEV: false,
      VITE_FIREBASE_PROJECT_ID: 'pitch-live-prod',
      VITE_FIREBASE_STORAGE_BUCKET: 'pitch-live-prod.appspot.com',
    });
    expect(env.firebase.storageBucket).toBe('pitch-live-prod.appspot.com');
  });

  it('takes emulator addresses from the environment', () => {
    const env = readEnv({ DEV: true, VITE_FIRESTORE_EMULATOR_HOST: '192.168.1.20:8181' });
    expect(env.emulators?.firestore).toEqual({ host: '192.168.1.20', port: 8181 });
  });

  it('refuses a real project id with the emulators', () => {
    expect(() => readEnv({ VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'real-project' })).toThrow(/demo-/);
  });

  it('refuses a malformed emulator address', () => {
    expect(() => readEnv({ DEV: true, VITE_AUTH_EMULATOR_HOST: 'localhost' })).toThrow(/host:port/);
  });

  it('turns App Check on in a production build with a site key, and never against the local backend', () => {
    const production = { DEV: false, VITE_FIREBASE_PROJECT_ID: 'pitch-live-prod', VITE_FIREBASE_APP_ID: '1:123:web:abc' };
    expect(readEnv(production).appCheckSiteKey).toBeNull();
    expect(readEnv({ ...production, VITE_APP_CHECK_SITE_KEY: ' 6LcSiteKey ' }).appCheckSiteKey).toBe('6LcSiteKey');
    expect(readEnv({ DEV: true, VITE_APP_CHECK_SITE_KEY: '6LcSiteKey' }).appCheckSiteKey).toBeNull();
  });

  it('refuses an App Check site key without the web app id it attests', () => {
    expect(() =>
      readEnv({ DEV: false, VITE_FIREBASE_PROJECT_ID: 'pitch-live-prod', VITE_APP_CHECK_SITE_KEY: '6LcSiteKey' }),
    ).toThrow(/VITE_FIREBASE_APP_ID/);
  });
});
