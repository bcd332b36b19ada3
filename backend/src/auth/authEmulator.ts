// Runs the Auth emulator that ships with firebase-tools (pure JavaScript) inside this process,
// so the local backend, the tests and `npm start` get real Firebase Auth behaviour offline.
// Optionally keeps the project's accounts in a file across restarts, so that a browser's
// signed-in (anonymous) user stays the same user.

import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readBody, sendJson } from '../shared/http.js';

export interface AuthEmulatorOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The default project; requests naming another project still work (own state each). */
  projectId: string;
  /** Accounts of `projectId` are loaded from and saved to this JSON file; absent = memory only. */
  accountsFile?: string;
  /** Reports a failed save of the accounts file (it is tried again at the next change). */
  log?: (line: string) => void;
}

/** An account to create, such as a demo admin. */
export interface AuthUserSeed {
  uid?: string;
  email: string;
  password: string;
  displayName?: string;
  customClaims?: Record<string, unknown>;
}

export interface RunningAuthEmulator {
  host: string;
  port: number;
  /** Creates (or replaces) accounts in a project. */
  addUsers(projectId: string, users: AuthUserSeed[]): Promise<void>;
  /** Saves the accounts (when an accounts file is set) and stops the server. */
  close(): Promise<void>;
}

/** The emulator's Express app, a request listener. */
type AuthApp = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface AuthServerModule {
  createApp(defaultProjectId: string): Promise<AuthApp>;
}

interface StoredAccounts {
  users?: Record<string, unknown>[];
}

/**
 * firebase-tools reads a request body of up to 1 GiB whole before looking at it; Auth requests
 * are small (a batchCreate of 1,000 accounts is about 1 MB), so a larger one is refused unread.
 */
const MAX_AUTH_REQUEST_BYTES = 10 * 1024 * 1024;

const require = createRequire(import.meta.url);

/**
 * firebase-tools is CommonJS without typings for its internals. It is loaded lazily: it takes
 * seconds to load. Used as a library (not through the `firebase` command) it runs no update
 * check and reports no usage, so it needs no network.
 */
function loadAuthServer(): AuthServerModule {
  const serverPath = require.resolve('firebase-tools/lib/emulator/auth/server.js');
  compileValidatorsOnFirstUse(createRequire(serverPath));
  return require(serverPath) as AuthServerModule;
}

interface ExegesisExpress {
  middleware(document: unknown, options: Record<string, unknown>, done?: unknown): unknown;
  compilingOnFirstUse?: boolean;
}

/**
 * The emulator builds its request and response validators from the Identity Toolkit API's
 * description through exegesis, and by default compiles every one of them up front: 7-9 s of
 * CPU at each start on a 2-core machine, before the first request is answered (the backend's
 * restart after a crash waited on it, and so did every test that starts the emulator). exegesis's
 * own `lazyCompileValidationSchemas` compiles each operation's validators when it is first
 * called, with the same schemas and the same checks: the start takes about 0.5 s. Set here, on
 * the exegesis-express that firebase-tools itself loads, unless the emulator sets it itself.
 */
function compileValidatorsOnFirstUse(requireFromServer: NodeJS.Require): void {
  const express = requireFromServer('exegesis-express') as ExegesisExpress;
  if (express.compilingOnFirstUse) return;
  const middleware = express.middleware.bind(express);
  express.middleware = (document, options, done) =>
    middleware(document, { lazyCompileValidationSchemas: true, ...options }, done);
  express.compilingOnFirstUse = true;
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const { createApp } = loadAuthServer();
  const app = await createApp(options.projectId);
  const sockets = new Set<net.Socket>();
  // Set below once the accounts file is read: saves the accounts a request may have changed.
  let saved: (() => Promise<void>) | null = null;
  const server = http.createServer((req, res) => {
    // A sign-up, sign-in, update or delete (any request but a read) is answered once the accounts
    // are saved: an account a client has been given survives a crash of this process, as
    // production never forgets one. (Saved every 10 s before, a phone signed in just before a
    // crash came back with a new uid, and its answers under another id.)
    if (req.method !== 'GET' && saved) answerWhenSaved(res, saved);
    if (Number(req.headers['content-length'] ?? 0) <= MAX_AUTH_REQUEST_BYTES) app(req, res);
    else refuseOversized(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Idle connections stay open for a minute rather than Node's 5 s: a client that was busy for a
  // few seconds (as a test process is while firebase-tools loads) must not send its next request
  // on a socket the server is closing at that moment.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const { port } = server.address() as net.AddressInfo;
  const origin = `http://${options.host}:${port}`;

  const call = async (method: string, urlPath: string, body?: unknown): Promise<unknown> => {
    const send = () =>
      fetch(origin + urlPath, {
        method,
        // "owner" is the emulator's admin credential, as firebase-tools' own import uses.
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // One more try when the connection fails before any answer: fetch may reuse a kept-alive
    // socket that the server is closing as idle, which happens when this process's event loop
    // was busy past the idle timeout (loading firebase-tools takes seconds). Both calls made
    // here can be repeated: batchCreate overwrites, batchGet reads.
    const res = await send().catch(send);
    const text = await res.text();
    if (!res.ok) throw new Error(`Auth emulator ${method} ${urlPath}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const accountsPath = (projectId: string, action: string): string =>
    `/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:${action}`;

  const batchCreate = async (projectId: string, users: Record<string, unknown>[]): Promise<void> => {
    if (users.length === 0) return;
    await call('POST', accountsPath(projectId, 'batchCreate'), { users, allowOverwrite: true });
  };

  let lastSaved = '';
  const save = async (): Promise<void> => {
    if (!options.accountsFile) return;
    const accounts = (await call('GET', `${accountsPath(options.projectId, 'batchGet')}?maxResults=-1`)) as StoredAccounts;
    const text = JSON.stringify({ users: accounts.users ?? [] }, null, 2);
    if (text === lastSaved) return;
    await fs.mkdir(path.dirname(options.accountsFile), { recursive: true });
    const temporary = `${options.accountsFile}.tmp`;
    await fs.writeFile(temporary, text);
    await fs.rename(temporary, options.accountsFile);
    lastSaved = text;
  };

  // One save at a time. A change made while one runs may not be in what it read: the requests
  // that ask meanwhile share one more save, started when it ends.
  let running: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  const report = (error: unknown) =>
    options.log?.(
      `Saving the Auth accounts to ${options.accountsFile} failed (tried again at the next change): ${String(error)}`,
    );
  const saveAfterChange = (): Promise<void> => {
    if (!running) {
      running = save()
        .catch(report)
        .finally(() => (running = null));
      return running;
    }
    following ??= running.then(() => {
      following = null;
      return saveAfterChange();
    });
    return following;
  };
  if (options.accountsFile) {
    const stored = await readAccounts(options.accountsFile);
    await batchCreate(options.projectId, stored.users ?? []);
    lastSaved = JSON.stringify({ users: stored.users ?? [] }, null, 2);
    saved = saveAfterChange;
  }

  return {
    host: options.host,
    port,
    async addUsers(projectId, users) {
      await batchCreate(
        projectId,
        users.map((user) => ({
          localId: user.uid ?? `demo-${user.email.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
          email: user.email,
          rawPassword: user.password,
          displayName: user.displayName,
          emailVerified: true,
          customAttributes: user.customClaims ? JSON.stringify(user.customClaims) : undefined,
        })),
      );
    },
    async close() {
      saved = null;
      try {
        await following;
        await running;
        await save();
      } finally {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      }
    },
  };
}

/** Holds the response's end (the answer's last bytes) until `saved` has saved what the request changed. */
function answerWhenSaved(res: http.ServerResponse, saved: () => Promise<void>): void {
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((...args: unknown[]) => {
    void saved().finally(() => end(...args));
    return res;
  }) as typeof res.end;
}

/** 413 in the emulator's error shape, once the body is read to its end (so the client sees it, not a reset). */
function refuseOversized(req: http.IncomingMessage, res: http.ServerResponse): void {
  const message = `Request payload size exceeds the limit: ${MAX_AUTH_REQUEST_BYTES} bytes.`;
  const tooLarge = () => new Error(message);
  const answer = () => sendJson(res, 413, { error: { code: 413, message, status: 'INVALID_ARGUMENT' } }, { Connection: 'close' });
  readBody(req, MAX_AUTH_REQUEST_BYTES, { tooLarge, aborted: tooLarge }).then(answer, answer);
}

async function readAccounts(file: string): Promise<StoredAccounts> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredAccounts;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read the saved Auth accounts in ${file}: ${(error as Error).message}`, { cause: error });
  }
}
