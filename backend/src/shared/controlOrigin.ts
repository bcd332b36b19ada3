// Who may call the emulator's control endpoints (rules upload, reset, export, import, Storage's
// /internal/*): tools on this machine, never a web page the developer happens to visit. A browser
// sends an Origin with every request that could change something, so a request without one comes
// from a tool (the SDKs' test helpers, curl), and a page elsewhere names itself. Firestore and
// Storage both answer these endpoints; neither owns the rule.

import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** http(s)://localhost, 127.0.0.1 or [::1], on any port. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

/** Why a control request is refused (its Origin is not this machine), or null when it may run. */
export function controlRefusal(headers: IncomingHttpHeaders, endpoint: string): string | null {
  const origin = headers.origin;
  if (origin === undefined || isLoopbackOrigin(origin)) return null;
  return (
    `${endpoint} is an emulator control endpoint: it answers only requests from this machine ` +
    `(no Origin, or http(s)://localhost, 127.0.0.1 or [::1]), and this one came from the web page ${origin}.`
  );
}
