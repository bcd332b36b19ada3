// HTTP plumbing both adapters share (Firestore's REST/WebChannel and Storage's API): reading a
// request body within a limit, JSON and empty answers, and CORS for the browser SDKs, which run
// on another origin, send credentials and custom headers (so browsers preflight them) and read
// response headers that must be exposed. What an error looks like stays with each adapter.

import type { IncomingMessage, ServerResponse } from 'node:http';

/** Past this much, an oversized body is no longer read to its end: the connection is closed. */
const MAX_DISCARD_BYTES = 256 * 1024 * 1024;

export interface BodyErrors {
  /** The body is over the limit (answered 413). */
  tooLarge(limit: number): Error;
  /** The client went away before the body ended. */
  aborted(): Error;
}

/**
 * The whole body, or a `tooLarge` rejection when it passes `limit`. An oversized body is read to
 * its end and discarded before the refusal (a client still sending when the answer comes would
 * see its connection reset instead of the 413); past 256 MiB it is left unread, and the answer
 * closes the connection.
 */
export function readBody(req: IncomingMessage, limit: number, errors: BodyErrors): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
      if (size > MAX_DISCARD_BYTES) {
        req.off('data', onData);
        req.pause();
        settle(() => reject(errors.tooLarge(limit)));
      }
    };
    req.on('data', onData);
    req.on('end', () => settle(() => (size > limit ? reject(errors.tooLarge(limit)) : resolve(Buffer.concat(chunks, size)))));
    req.on('error', (err) => settle(() => reject(err)));
    req.on('close', () => {
      if (!req.complete) settle(() => reject(errors.aborted()));
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, 'Content-Length': '0' });
  res.end();
}

/** The CORS headers every response carries: the Origin echoed with credentials, or `*` without one. */
export function applyCors(req: IncomingMessage, res: ServerResponse, exposedHeaders: readonly string[]): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
  res.setHeader('Access-Control-Expose-Headers', exposedHeaders.join(', '));
}

/**
 * Answers a preflight: the adapter's methods, and its known request headers plus whatever else
 * the browser asks to send (a local backend for development).
 */
export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  options: { methods: readonly string[]; exposedHeaders: readonly string[]; allowedHeaders?: readonly string[] },
): void {
  applyCors(req, res, options.exposedHeaders);
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const headers = [...new Set([...(options.allowedHeaders ?? []), ...requested])];
  res.setHeader('Access-Control-Allow-Methods', options.methods.join(', '));
  if (headers.length > 0) res.setHeader('Access-Control-Allow-Headers', headers.join(', '));
  res.setHeader('Access-Control-Max-Age', '3600');
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.writeHead(204);
  res.end();
}
