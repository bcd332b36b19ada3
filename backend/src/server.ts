// Starts the local backend: Firestore (REST, WebChannel and gRPC on one port, as the official
// emulator does) and Storage, both in front of one engine each and one authorization seam, where
// the project's security rules decide every client request.

import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRulesAuthorizer, rulesDebugFromEnv, type RulesAuthorizer, type RulesSource } from './rules/authorizer.js';
import type { Authorizer } from './authz/seam.js';
import type { FirestoreEngine } from './firestore/engine/api.js';
import type { Document } from './firestore/types.js';
import { createEngine } from './firestore/engine/engine.js';
import { IndexPolicy, type IndexSettings } from './firestore/indexes/indexPolicy.js';
import { startGrpcServer } from './firestore/grpc/grpcServer.js';
import { createFirestoreHttpHandler, type FirestoreHttpDeps } from './firestore/http/router.js';
import { startTriggerDeliveries } from './firestore/triggers/deliveries.js';
import { TriggerRegistry, type TriggerRegistration } from './firestore/triggers/registrations.js';
import type { CorsEntry } from './storage/bucketCors.js';
import { createStorageService, type StorageService } from './storage/storageService.js';

export interface BackendOptions {
  host?: string;
  /** 0 picks a free port. */
  firestorePort: number;
  storagePort: number;
  /** Durable data lives here; absent = in memory only. */
  dataDir?: string;
  /** Opens a damaged data folder by salvaging every intact record, keeping the damaged files aside. */
  salvage?: boolean;
  /**
   * The project's rules files. A syntax or type error fails start-up (RulesSyntaxError,
   * `file:line:column: message`). A service without rules allows every client request.
   */
  rules?: { firestore?: RulesSource; storage?: RulesSource };
  /** Decides client requests of a service without rules (default: allow all). */
  authorizer?: Authorizer;
  /**
   * Every project's indexes (firestore.indexes.json) and whether queries must have them, as in
   * production. Absent: every query runs, as in the official emulator.
   */
  indexes?: IndexSettings;
  /**
   * Every bucket's CORS configuration at start (gcloud's format): a browser's downloads follow it,
   * as in production. Absent: every origin may download, as with the official emulator.
   */
  bucketCors?: CorsEntry[];
  /** Logs every rules decision and the rule that made it (also RULES_DEBUG=1). */
  rulesDebug?: boolean;
  /**
   * The only folder Firestore's export and import endpoints may use (default: `exports/` in the
   * data folder; none in memory, which turns them off).
   */
  exportsDir?: string;
  /** How long a connection may take to send a complete request, on both ports (Node's defaults). */
  requestTimeouts?: RequestTimeouts;
  /** WebChannel timings, for tests. */
  webChannel?: FirestoreHttpDeps['webChannel'];
  /**
   * The Functions emulator's host:port, where the changes its registered Firestore triggers match
   * are delivered (the official emulator's --functions_emulator); also settable later.
   */
  functionsEmulator?: string;
  /** Pauses between tries of a trigger delivery whose Functions emulator cannot be reached, for tests. */
  triggerRetryDelaysMs?: number[];
  /** After how long a trigger event still waiting for a place or an answer is logged, for tests. */
  triggerSlowAfterMs?: number;
  log?: (line: string) => void;
}

export interface RequestTimeouts {
  /** From the connection (or the previous request) to the end of the headers. */
  headersMs: number;
  /** From there to the end of the body. A response may take as long as it likes. */
  requestMs: number;
  /** How often open connections are checked against both. */
  checkIntervalMs: number;
}

/** Node's own, which the Storage port has always had. */
const DEFAULT_TIMEOUTS: RequestTimeouts = { headersMs: 60_000, requestMs: 300_000, checkIntervalMs: 30_000 };

export interface RunningBackend {
  host: string;
  firestorePort: number;
  storagePort: number;
  engine: FirestoreEngine;
  storage: StorageService;
  /** The rules in force; replacing them throws RulesSyntaxError and keeps the old ones. */
  rules: RulesAuthorizer;
  /** The projects' indexes and whether they are required (per project through the emulator endpoint). */
  indexes: IndexPolicy;
  /** Replaces the decider of client requests that no rules govern (Firestore and Storage). */
  setAuthorizer(authorizer: Authorizer): void;
  /** Open WebChannel sessions (each a browser's Listen or Write stream). */
  channelSessions(): number;
  /** The Firestore triggers the Functions emulator registered, and where their events go. */
  triggers: {
    /** Points a project's deliveries (every project's without one) at a Functions emulator (host:port), or at none. */
    setFunctionsEmulator(address: string | undefined, project?: string): void;
    list(project: string): TriggerRegistration[];
    /** Resolves once every delivery of the changes committed so far is answered or given up. */
    idle(): Promise<void>;
  };
  close(): Promise<void>;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  // Compiled first: broken rules stop start-up before any port opens.
  let readDocument: (name: string) => Document | null = () => null;
  const rules = createRulesAuthorizer({
    firestore: options.rules?.firestore,
    storage: options.rules?.storage,
    fallback: options.authorizer,
    firestoreDocument: (name) => {
      const doc = readDocument(name);
      return doc ? (doc.fields ?? {}) : null;
    },
    debug: options.rulesDebug ?? rulesDebugFromEnv(),
    log,
  });
  const authorizer: Authorizer = (access) => rules.authorize(access);

  const indexes = new IndexPolicy(options.indexes);
  const engine = await createEngine({
    dataDir: options.dataDir ? path.join(options.dataDir, 'firestore') : undefined,
    authorizer,
    indexes,
    salvage: options.salvage,
    log,
  });
  const storage = await createStorageService({
    dataDir: options.dataDir ? path.join(options.dataDir, 'storage') : undefined,
    authorizer,
    rules,
    bucketCors: options.bucketCors,
    log,
  });

  readDocument = (name) => engine.lookup(name);
  const triggers = new TriggerRegistry(
    options.functionsEmulator,
    options.dataDir ? path.join(options.dataDir, 'firestore-triggers.json') : undefined,
  );
  const deliveries = startTriggerDeliveries({
    engine,
    registry: triggers,
    retryDelaysMs: options.triggerRetryDelaysMs,
    slowAfterMs: options.triggerSlowAfterMs,
    log,
  });
  const grpc = await startGrpcServer({ engine, log });
  const exportsDir = options.exportsDir ?? (options.dataDir ? path.join(options.dataDir, 'exports') : undefined);
  const firestoreHandler = createFirestoreHttpHandler({
    engine,
    rules,
    indexes,
    exportsDir,
    triggers: { registry: triggers, pending: (project) => deliveries.pending(project) },
    log,
    webChannel: options.webChannel,
  });
  const timeouts = options.requestTimeouts ?? DEFAULT_TIMEOUTS;
  const serverOptions: http.ServerOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
    keepAliveTimeout: 65_000,
  };
  const firestoreHttp = http.createServer(serverOptions, firestoreHandler);
  // Node checks those timeouts only on the connections of a server that listens; this one is
  // handed its connections by the front below, so its check is started by hand.
  firestoreHttp.emit('listening');

  // One port for both protocols: gRPC clients open with the HTTP/2 preface and are piped to
  // the gRPC server; everything else is HTTP/1.1.
  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // A connection that sends nothing is closed as one that never finishes its headers is.
    const silent = (): void => {
      socket.destroy();
    };
    socket.setTimeout(timeouts.headersMs);
    socket.once('timeout', silent);
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.off('timeout', silent);
      socket.pause();
      const isHttp2 = first
        .subarray(0, HTTP2_PREFACE.length)
        .equals(HTTP2_PREFACE.subarray(0, Math.min(first.length, HTTP2_PREFACE.length)));
      if (isHttp2) {
        const upstream = net.connect(grpc.port, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          socket.destroy();
        });
        upstream.on('error', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
        upstream.write(first);
        socket.pipe(upstream);
        upstream.pipe(socket);
        socket.resume();
      } else {
        socket.unshift(first);
        firestoreHttp.emit('connection', socket);
        socket.resume();
      }
    });
  });
  const firestorePort = await listen(front, options.firestorePort, host);

  const storageHttp = http.createServer(serverOptions, storage.handle);
  const storagePort = await listen(storageHttp, options.storagePort, host);

  log(`Firestore on http://${host}:${firestorePort} (REST, WebChannel, gRPC)`);
  log(`Storage on http://${host}:${storagePort}`);

  return {
    host,
    firestorePort,
    storagePort,
    engine,
    storage,
    rules,
    indexes,
    setAuthorizer(next) {
      rules.fallback = next;
    },
    channelSessions: () => firestoreHandler.sessionCount(),
    triggers: {
      setFunctionsEmulator: (address, project) => triggers.setTarget(address, project),
      list: (project) => triggers.list(project),
      idle: () => deliveries.idle(),
    },
    async close() {
      await deliveries.stop();
      firestoreHandler.close();
      // Stop accepting first, then end open (keep-alive) connections: close() waits for them.
      const closing = Promise.all([closeServer(front), closeServer(storageHttp)]);
      firestoreHttp.closeAllConnections();
      firestoreHttp.close();
      storageHttp.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closing;
      await grpc.close();
      await engine.close();
      await storage.close();
    },
  };
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
