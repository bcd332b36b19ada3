// The security headers every page and file of the app is served with (firebase.json's hosting
// `headers`, docs/deploying.md "Security headers"): a Content-Security-Policy that allows only what
// the app needs, and the headers that turn off what it never uses. One builder for both places the
// app is served from: production, where the browser talks to Google's Firebase endpoints, and the
// local backend (`npm run serve`, the browser tests, the rehearsal), where it talks to the
// emulators' hosts instead. firebase.json holds the production policy; `npm run hosting:headers`
// writes it there, and a test fails when the two differ.

import { createHash } from 'node:crypto';
import { INLINE_SCRIPTS } from '../firstScreens.js';

/** The Firebase endpoints a production build calls (src/db/*: the SDKs' own hosts, project-independent). */
export const FIREBASE_ENDPOINTS = [
  // Firestore: its streams and requests, and the reachability check (src/db/connection.ts).
  'https://firestore.googleapis.com',
  // Auth: anonymous and e-mail sign-in, and the tokens' refresh.
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  // Storage: the events' logos (uploads, downloads, copies).
  'https://firebasestorage.googleapis.com',
  // App Check's tokens (src/db/appCheck.ts), when the build has a site key.
  'https://content-firebaseappcheck.googleapis.com',
];

/**
 * The Firestore SDK's connectivity probe: when its stream fails with a network error, WebChannel
 * fetches this image to tell a network that is down from a server that is out of reach. Refused,
 * the probe reads as "network down" and the browser reports a violation on every blip.
 */
export const WEBCHANNEL_PROBE = 'https://www.google.com/images/cleardot.gif';

/** reCAPTCHA Enterprise, App Check's provider: its script, the frames it adds and what they call. */
export const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

/** The emulators' addresses (host:port) a local build talks to. */
export interface LocalBackend {
  firestore: string;
  auth: string;
  storage: string;
}

export type HostingTarget =
  | { kind: 'production' }
  /** `reportUri`: where Chromium posts a report of each violation (the browser tests count them). */
  | { kind: 'local'; backend: LocalBackend; reportUri?: string };

/** The SHA-256 source expression of an inline script's text, as CSP writes it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The policy, directive by directive. Scripts: the app's own files and its two inline scripts
 * by hash (scripts/firstScreens.ts; their text is the same in every build), never inline code
 * otherwise. Styles allow inline code: MUI's styling (emotion) writes <style> elements as screens
 * render, and React's style props are attributes; neither runs code. Images: the app's own, the
 * data: and blob: URLs of uploads and QR codes, and any https: address, since a presenter's photo
 * is a link to anywhere (the spec's "Photo URL"). No page may frame the app (see `FRAME_POLICY`).
 */
export function contentSecurityPolicy(target: HostingTarget): string {
  const local = target.kind === 'local' ? target.backend : null;
  const http = (hostPort: string) => `http://${hostPort}`;
  const backendHosts = local ? [http(local.firestore), http(local.auth), http(local.storage)] : FIREBASE_ENDPOINTS;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...INLINE_SCRIPTS.map(scriptHash), ...(local ? [] : RECAPTCHA.script)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...(local ? [http(local.storage)] : [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...backendHosts, WEBCHANNEL_PROBE, ...(local ? [] : RECAPTCHA.connect)],
    ['frame-src', ...(local ? ["'none'"] : RECAPTCHA.frame)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(local ? [] : [['upgrade-insecure-requests'] as [string]]),
    ...(target.kind === 'local' && target.reportUri ? [['report-uri', target.reportUri] as [string, string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * No page of the app may be shown inside another site's frame, the room display included: it is
 * opened full-screen on the projector's own browser (a streaming tool's browser source loads it as
 * a page, not a frame), and a framed control screen could be clicked through by a page on top.
 * Old browsers read X-Frame-Options; current ones frame-ancestors.
 */
export const FRAME_POLICY = 'DENY';

/**
 * Browser features off for every page: the app uses none of them. Kept on for the app itself: the
 * room display's screen wake lock, the invite link's copy to the clipboard, and full screen.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'fullscreen=(self)',
  'screen-wake-lock=(self)',
].join(', ');

export interface Header {
  key: string;
  value: string;
}

/** The headers every response carries, for this target. */
export function securityHeaders(target: HostingTarget): Header[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(target) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'X-Frame-Options', value: FRAME_POLICY },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}

/** The glob of firebase.json's headers entry that carries the security headers: every path. */
export const SECURITY_HEADERS_SOURCE = '**';
