// CORS for the browser SDKs: WebChannel requests carry credentials (so `*` is refused and the
// Origin is echoed), REST calls are preflighted with the SDK's own headers.

import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'google-cloud-resource-prefix',
  'x-firebase-appcheck',
  'x-firebase-gmpid',
  'x-firebase-client',
  'x-goog-api-client',
  'x-goog-api-key',
  'x-goog-request-params',
  'x-client-protocol',
  'x-webchannel-content-type',
];

const EXPOSED_HEADERS = ['X-HTTP-Session-Id', 'X-Client-Wire-Protocol', 'X-HTTP-Initial-Response', 'Content-Type'];

/** Adds the CORS headers every response carries. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
}

/** Answers a preflight: whatever the SDK asks to send is allowed (a local, unsecured backend). */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  applyCors(req, res);
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const headers = [...new Set([...ALLOWED_HEADERS, ...requested])];
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', headers.join(', '));
  res.setHeader('Access-Control-Max-Age', '3600');
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.writeHead(204);
  res.end();
}
