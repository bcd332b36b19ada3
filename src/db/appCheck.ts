// Firebase App Check in production builds with a site key (env.appCheckSiteKey): reCAPTCHA
// Enterprise attests the app, and Firestore, Storage and Auth requests carry its token, so the
// project can refuse requests that do not come from this app. Never started against the local
// backend. Its code is fetched on first use, in a chunk of its own, so a provider's first load
// carries none of it (docs/performance.md): the first read through Firestore Lite waits for that
// chunk (src/db/lite.ts), Auth before it starts (src/db/auth.ts), and the full Firestore SDK and
// Storage start it too, adopting it once it is in.

import { env } from '../config/env';
import { app } from './firebaseApp';

let starting: Promise<void> | null = null;
/** The started App Check and its module's getToken, for a request the SDKs do not make (src/db/serverClock.ts). */
let tokenSource: (() => Promise<string>) | null = null;

/**
 * Starts App Check once (a no-op without a site key, against the local backend, and outside a
 * browser, as when the build renders the first screens); resolves when it is initialised, after
 * which every Firebase request carries its token. It never rejects: when App Check cannot start
 * (its code not fetched, offline), requests go without its token, and the next call tries again.
 */
export function startAppCheck(): Promise<void> {
  const siteKey = env.emulators === null ? env.appCheckSiteKey : null;
  if (siteKey === null || typeof document === 'undefined') return Promise.resolve();
  starting ??= import('firebase/app-check')
    .then(({ initializeAppCheck, getToken, ReCaptchaEnterpriseProvider }) => {
      const appCheck = initializeAppCheck(app, {
        provider: new ReCaptchaEnterpriseProvider(siteKey),
        isTokenAutoRefreshEnabled: true,
      });
      tokenSource = async () => (await getToken(appCheck)).token;
    })
    .catch((error: unknown) => {
      starting = null;
      console.warn('App Check could not start: requests go without its token until it does.', error);
    });
  return starting;
}

/**
 * The App Check token for a request of the app's own to a Firebase service, or null without App
 * Check (or when it cannot give one: the request then goes without, as the SDKs' do).
 */
export async function appCheckToken(): Promise<string | null> {
  await startAppCheck();
  try {
    return tokenSource ? await tokenSource() : null;
  } catch {
    return null;
  }
}
