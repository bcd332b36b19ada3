// The app's build settings (VITE_*, from .env.<mode>.local): present, for the project checked, no
// demo value, a Storage bucket of a valid form, and App Check's site key when it is set.

import { fail, isDemoValue, note, pass, type Finding } from './findings.js';
import { targetName, type Target } from './target.js';

const APP_SETTINGS = [
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
  'VITE_CONTACT_EMAIL',
  'VITE_ORGANISATION_NAME',
];

const SETTINGS = 'point-this-repository-at-the-project';

/** The file the guide has the deployer write for a mode (Vite reads .env.<mode> and others too). */
export const appEnvFile = (mode: string): string => `.env.${mode}.local`;

export function checkAppSettings(env: Record<string, string>, target: Target, mode: string): Finding[] {
  const { projectId } = target;
  const file = appEnvFile(mode);
  const findings: Finding[] = [];
  for (const key of APP_SETTINGS) {
    const value = env[key]?.trim() ?? '';
    if (value === '') findings.push(fail(`${key} is not set for mode ${mode}: add it to ${file}`, SETTINGS));
    else if (isDemoValue(value))
      findings.push(fail(`${key} is a demo value (${value}): set this project's in ${file}`, SETTINGS));
  }
  const configured = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (configured && configured !== projectId) {
    findings.push(fail(`VITE_FIREBASE_PROJECT_ID in ${file} is ${configured}, not ${targetName(target)}`, SETTINGS));
  }
  if (env.VITE_USE_EMULATORS === 'true') {
    findings.push(fail(`VITE_USE_EMULATORS is true in ${file}: the build would talk to the local emulators`, SETTINGS));
  }
  const bucket = env.VITE_FIREBASE_STORAGE_BUCKET?.trim();
  if (bucket && !isDemoValue(bucket)) findings.push(...checkBucket(bucket, projectId, file));
  if (findings.every((f) => f.ok)) {
    findings.unshift(pass(`The app's settings in ${file} for ${targetName(target)}`, SETTINGS));
  }
  findings.push(checkAppCheckKey(env.VITE_APP_CHECK_SITE_KEY?.trim() ?? '', file));
  return findings;
}

/**
 * A Cloud Storage bucket name (cloud.google.com/storage/docs/buckets#naming): 3-63 characters of
 * lower-case letters, digits, - and _ (up to 222 with dots, each part at most 63), starting and
 * ending with a letter or digit, not an IP address, no "goog" prefix and no "google".
 */
export function bucketNameProblem(name: string): string | null {
  if (/^gs:\/\//.test(name)) return 'it starts with gs:// (give the bucket name alone)';
  if (!/^[a-z0-9][a-z0-9._-]*[a-z0-9]$/.test(name)) {
    return 'a bucket name has lower-case letters, digits, -, _ and dots, and starts and ends with a letter or digit';
  }
  const limit = name.includes('.') ? 222 : 63;
  if (name.length < 3 || name.length > limit) return `it is ${name.length} characters long (3 to ${limit})`;
  if (name.split('.').some((part) => part.length === 0 || part.length > 63))
    return 'a dot-separated part is empty or over 63 characters';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'it is an IP address';
  if (name.startsWith('goog') || name.includes('google')) return 'it starts with "goog" or contains "google"';
  return null;
}

function checkBucket(bucket: string, projectId: string, file: string): Finding[] {
  const problem = bucketNameProblem(bucket);
  if (problem) return [fail(`VITE_FIREBASE_STORAGE_BUCKET in ${file} is not a bucket name: ${problem}`, SETTINGS)];
  const defaultBucket = /^(.+)\.(firebasestorage\.app|appspot\.com)$/.exec(bucket);
  if (defaultBucket && defaultBucket[1] !== projectId) {
    return [
      fail(
        `VITE_FIREBASE_STORAGE_BUCKET (${bucket}) is the default bucket of ${defaultBucket[1]}, not of ${projectId}`,
        SETTINGS,
      ),
    ];
  }
  if (defaultBucket?.[2] === 'appspot.com') {
    return [
      note(
        `VITE_FIREBASE_STORAGE_BUCKET is ${bucket}, the legacy form: right for a project whose bucket was made before ` +
          `30 October 2024; a newer project's default bucket is ${projectId}.firebasestorage.app (the console's Storage page names it)`,
        SETTINGS,
      ),
    ];
  }
  return [];
}

/** reCAPTCHA site keys are 40 characters of letters, digits, - and _. */
function checkAppCheckKey(key: string, file: string): Finding {
  if (key === '') {
    return note(`App Check is off: VITE_APP_CHECK_SITE_KEY is not set in ${file}`, 'app-check');
  }
  if (!/^[A-Za-z0-9_-]{40}$/.test(key)) {
    return fail(
      `VITE_APP_CHECK_SITE_KEY in ${file} is not a reCAPTCHA site key (40 letters, digits, - or _; got ${key.length} characters)`,
      'app-check',
    );
  }
  return pass(`App Check's reCAPTCHA Enterprise site key (VITE_APP_CHECK_SITE_KEY)`, 'app-check');
}
