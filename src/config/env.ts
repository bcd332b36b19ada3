// The app's deployment settings, read once from Vite's environment (VITE_*) with demo defaults,
// and checked at start-up so that a bad setting fails loudly instead of half-working.

export interface HostPort {
  host: string;
  port: number;
}

export interface AppEnv {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    /** The default bucket's name: `{projectId}.firebasestorage.app` for buckets made since 30 October 2024. */
    storageBucket: string;
    appId?: string;
  };
  /** Emulator addresses when the app talks to the local backend; null in production. */
  emulators: { firestore: HostPort; auth: HostPort; storage: HostPort } | null;
  /** The innovation office's contact address (shown on Event Closed, excluded from matches). */
  contactEmail: string;
  organisationName: string;
  /**
   * The reCAPTCHA Enterprise site key App Check attests the app with (src/db/appCheck.ts); null:
   * no App Check. Never used against the local backend.
   */
  appCheckSiteKey: string | null;
}

type Source = Record<string, string | boolean | undefined>;

function text(source: Source, key: string, fallback: string): string {
  const value = source[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export function parseHostPort(value: string, key: string): HostPort {
  const at = value.lastIndexOf(':');
  const port = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port <= 0 || port > 65_535) {
    throw new Error(`${key} must be host:port (got "${value}").`);
  }
  return { host: value.slice(0, at), port };
}

export function readEnv(source: Source): AppEnv {
  const projectId = text(source, 'VITE_FIREBASE_PROJECT_ID', 'demo-pitch-live');
  const useEmulators = text(source, 'VITE_USE_EMULATORS', source.DEV ? 'true' : 'false') === 'true';
  if (useEmulators && !projectId.startsWith('demo-')) {
    throw new Error(`With the emulators the project id must start with "demo-" (got "${projectId}").`);
  }
  const emulatorHost = (key: string, fallback: string): HostPort => parseHostPort(text(source, key, fallback), key);
  return {
    firebase: {
      apiKey: text(source, 'VITE_FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: text(source, 'VITE_FIREBASE_AUTH_DOMAIN', `${projectId}.firebaseapp.com`),
      projectId,
      storageBucket: text(source, 'VITE_FIREBASE_STORAGE_BUCKET', `${projectId}.firebasestorage.app`),
      appId: typeof source.VITE_FIREBASE_APP_ID === 'string' ? source.VITE_FIREBASE_APP_ID : undefined,
    },
    emulators: useEmulators
      ? {
          firestore: emulatorHost('VITE_FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080'),
          auth: emulatorHost('VITE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'),
          storage: emulatorHost('VITE_STORAGE_EMULATOR_HOST', '127.0.0.1:9199'),
        }
      : null,
    contactEmail: text(source, 'VITE_CONTACT_EMAIL', 'innovation@example.edu'),
    organisationName: text(source, 'VITE_ORGANISATION_NAME', 'Polytechnic Innovation Office'),
    appCheckSiteKey: appCheckSiteKey(source, useEmulators),
  };
}

/** App Check's site key in a production build; it exchanges its tokens for the app id, so it needs one. */
function appCheckSiteKey(source: Source, useEmulators: boolean): string | null {
  const siteKey = text(source, 'VITE_APP_CHECK_SITE_KEY', '');
  if (useEmulators || siteKey === '') return null;
  if (text(source, 'VITE_FIREBASE_APP_ID', '') === '') {
    throw new Error('VITE_APP_CHECK_SITE_KEY needs VITE_FIREBASE_APP_ID: App Check attests that web app.');
  }
  return siteKey;
}

export const env: AppEnv = readEnv(import.meta.env as unknown as Source);
