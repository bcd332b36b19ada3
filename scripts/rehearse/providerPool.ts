// The main thread's side of the SDK providers: starts the worker threads (each runs
// providerThread.ts under tsx's loader, whichever runner started the rehearsal: tsx or Vitest),
// hands each its share of the providers, and gathers what they report.

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MainMessage, ThreadMessage } from './record';
import type { ThreadData, ThreadProvider } from './providerThread';

export interface ProviderPool {
  /** Resolves once every thread has started its providers (ready or failed). */
  started: Promise<{ ready: number; failed: number }>;
  /** Signs presenters up through src/db/signup.ts in the first thread. */
  signup(presenters: Extract<MainMessage, { type: 'signup' }>['presenters']): void;
  /** Asks every provider to finish its ratings, come back online and sync; resolves when all answered. */
  settle(timeoutMs: number): Promise<void>;
  stop(timeoutMs: number): Promise<void>;
}

export interface PoolOptions {
  repoRoot: string;
  threads: number;
  providers: ThreadProvider[];
  env: Record<string, string>;
  firestore: { host: string; port: number };
  slotMs: number;
  onMessage: (message: ThreadMessage) => void;
}

// The worker's first code, plain JavaScript: tsx's loader (for the TypeScript), then the thread.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi)
  .then((tsx) => { tsx.register(); return import(workerData.entry); })
  .catch((error) => { console.error(error); process.exit(1); });
`;

export function startProviderPool(options: PoolOptions): ProviderPool {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const repoUrl = pathToFileURL(`${options.repoRoot}/`).href;
  const entry = `${repoUrl}scripts/rehearse/providerThread.ts`;
  const count = Math.max(1, Math.min(options.threads, options.providers.length || 1));
  const workers: Worker[] = [];
  const startedThreads: Promise<{ ready: number; failed: number }>[] = [];
  const settledCounts: number[] = [];
  let settleWaiters: (() => void)[] = [];
  let settleTargets = 0;
  const doneWaiters: (() => void)[] = [];

  for (let thread = 0; thread < count; thread++) {
    const share = options.providers.filter((_, i) => i % count === thread);
    const data: ThreadData & { tsxApi: string; entry: string } = {
      thread,
      repoUrl,
      env: options.env,
      firestore: options.firestore,
      providers: share,
      slotMs: options.slotMs,
      tsxApi,
      entry,
    };
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: data, execArgv: [], stdout: false, stderr: false });
    workers.push(worker);
    settledCounts.push(0);
    startedThreads.push(
      new Promise((resolve, reject) => {
        worker.on('message', (message: ThreadMessage) => {
          if (message.type === 'started') resolve(message);
          if (message.type === 'settled') {
            settledCounts[thread] = (settledCounts[thread] ?? 0) + 1;
            if (settledCounts.reduce((a, b) => a + b, 0) >= settleTargets) for (const wake of settleWaiters) wake();
          }
          if (message.type === 'done') doneWaiters[thread]?.();
          options.onMessage(message);
        });
        worker.on('error', (error) => {
          options.onMessage({ type: 'error', providerId: `thread-${thread}`, message: `Thread failed: ${error.message}` });
          reject(error);
        });
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`Provider thread ${thread} exited with ${code}`));
          doneWaiters[thread]?.();
        });
      }),
    );
  }

  const started = Promise.all(startedThreads).then((all) => ({
    ready: all.reduce((sum, one) => sum + one.ready, 0),
    failed: all.reduce((sum, one) => sum + one.failed, 0),
  }));
  let readyCount = 0;
  void started.then(({ ready }) => {
    readyCount = ready;
  });

  return {
    started,
    signup(presenters) {
      workers[0]?.postMessage({ type: 'signup', presenters } satisfies MainMessage);
    },
    async settle(timeoutMs) {
      settledCounts.fill(0);
      settleTargets = readyCount;
      if (readyCount === 0) return;
      const all = new Promise<void>((resolve) => {
        settleWaiters = [resolve];
      });
      for (const worker of workers) worker.postMessage({ type: 'settle', timeoutMs } satisfies MainMessage);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs + 5_000)))]);
      clearTimeout(timer);
    },
    async stop(timeoutMs) {
      await Promise.all(
        workers.map(async (worker, thread) => {
          const done = new Promise<void>((resolve) => {
            doneWaiters[thread] = resolve;
          });
          worker.postMessage({ type: 'stop' } satisfies MainMessage);
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
          clearTimeout(timer);
          await worker.terminate();
        }),
      );
    },
  };
}
