// The Firestore HTTP/1.1 front: WebChannel streams, the REST API, the emulator endpoints and
// CORS, each in its own module; this one routes, and keeps the emulator's control endpoints to
// callers on this machine.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { controlRefusal } from '../../shared/controlOrigin.js';
import type { FirestoreEngine } from '../engine/api.js';
import { ApiError, toApiError } from '../errors.js';
import { handleEmulator, type ProjectRules } from './emulator.js';
import { handleIndexesEndpoint } from './indexesEndpoint.js';
import type { IndexPolicy } from '../indexes/indexPolicy.js';
import { answerPreflight, applyCors, sendJson } from '../../shared/http.js';
import type { TriggerRegistry } from '../triggers/registrations.js';
import { sendError } from './io.js';
import { handleRest } from './rest.js';
import { handleTriggersEndpoint } from './triggersEndpoint.js';
import { createWebChannelServer, type WebChannelOptions } from './webchannel.js';

// CORS for the browser SDKs: WebChannel requests carry credentials (so `*` is refused and the
// Origin is echoed), REST calls are preflighted with the SDK's own headers.
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

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
/** A database's WebChannel sessions and held backchannels: what a page's channels hold here. */
const CHANNELS_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/channels$/;

export interface FirestoreHttpDeps {
  engine: FirestoreEngine;
  /** Takes the rules the emulator endpoint sets per project. */
  rules?: ProjectRules;
  /** Takes the indexes the emulator endpoint sets per project; absent = no such endpoint. */
  indexes?: IndexPolicy;
  /** The folder exports and imports stay inside; absent = they are refused. */
  exportsDir?: string;
  /** Takes the Functions emulator's trigger registrations, and counts each project's events queued; absent = no such endpoint. */
  triggers?: { registry: TriggerRegistry; pending(project: string): number };
  log: (line: string) => void;
  /** WebChannel timings, for tests. */
  webChannel?: Omit<WebChannelOptions, 'engine' | 'log'>;
}

export type FirestoreHttpHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** Ends every WebChannel session and its timers. */
  close(): void;
  /** Open WebChannel sessions. */
  sessionCount(): number;
};

export function createFirestoreHttpHandler(deps: FirestoreHttpDeps): FirestoreHttpHandler {
  const { engine, log } = deps;
  const channels = createWebChannelServer({ engine, log, ...deps.webChannel });

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/emulator/')) {
      // Before CORS: a page elsewhere learns nothing, and its preflight is granted nothing.
      const refusal = controlRefusal(req.headers, url.pathname);
      if (refusal) throw new ApiError('PERMISSION_DENIED', refusal);
    }
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res, { methods: METHODS, exposedHeaders: EXPOSED_HEADERS, allowedHeaders: ALLOWED_HEADERS });
      return;
    }
    applyCors(req, res, EXPOSED_HEADERS);

    const channel = CHANNEL_PATH.exec(url.pathname);
    if (channel) {
      channels.handle(req, res, channel[1] as 'Listen' | 'Write', url);
      return;
    }
    if (url.pathname.startsWith('/v1/')) {
      await handleRest(engine, req, res, url);
      return;
    }
    const channelsOf = CHANNELS_PATH.exec(url.pathname);
    if (channelsOf && req.method === 'GET') {
      sendJson(res, 200, channels.channelsOf(`projects/${channelsOf[1]}/databases/${decodeURIComponent(channelsOf[2] ?? '')}`));
      return;
    }
    if (url.pathname.startsWith('/emulator/v1/') && (await handleEmulator(engine, req, res, url, deps))) return;
    if (deps.indexes && url.pathname.startsWith('/emulator/v1/') && (await handleIndexesEndpoint(deps.indexes, req, res, url)))
      return;
    if (
      deps.triggers &&
      url.pathname.startsWith('/emulator/v1/') &&
      (await handleTriggersEndpoint(deps.triggers.registry, deps.triggers.pending, req, res, url))
    )
      return;
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      // What the official emulator answers at its root; start-up scripts probe it, and so does
      // the app's reachability check (a HEAD: src/db/connection.ts).
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'GET' ? 'Ok' : undefined);
      return;
    }
    throw new ApiError('NOT_FOUND', `${req.method} ${url.pathname} is not served by the local Firestore backend.`);
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((err: unknown) => {
      const apiError = toApiError(err);
      if (apiError.status === 'INTERNAL') log(`firestore http: ${req.method} ${req.url}: ${apiError.message}`);
      if (!res.headersSent) sendError(res, apiError);
      else if (!res.writableEnded) res.end();
    });
  };
  return Object.assign(handler, { close: () => channels.close(), sessionCount: () => channels.sessionCount() });
}
