// A firebase-admin Firestore client for one test file, on a project of its own. It talks to
// FIRESTORE_EMULATOR_HOST when the runner set it (the local backend from globalSetup, or the
// official emulator); otherwise it starts the gRPC server alone over a fresh engine. Either way
// the project has the official emulator's behaviour: every query runs, whatever indexes it needs.

import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { uniqueProjectId } from '../../support/emulators.js';
import { runEveryQuery } from '../../support/projectIndexes.js';

export interface AdminFirestore {
  db: Firestore;
  projectId: string;
  /** A collection name no other test uses. */
  collectionName(label: string): string;
  close(): Promise<void>;
}

export async function openAdminFirestore(label: string): Promise<AdminFirestore> {
  const stops: (() => Promise<void>)[] = [];
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    const { createEngine } = await import('../../../backend/src/firestore/engine/engine.js');
    const { startGrpcServer } = await import('../../../backend/src/firestore/grpc/grpcServer.js');
    const engine = await createEngine({});
    const server = await startGrpcServer({ engine, log: (line) => console.error(line) });
    stops.push(
      () => engine.close(),
      () => server.close(),
    );
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  }
  const projectId = uniqueProjectId(label);
  if (stops.length === 0) await runEveryQuery(projectId);
  const app = initializeApp({ projectId }, `${label}-${randomUUID()}`);
  const db = getFirestore(app);
  return {
    db,
    projectId,
    collectionName: (name) => `${name}-${randomUUID().slice(0, 8)}`,
    async close() {
      await db.terminate();
      await deleteApp(app);
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** Snapshots pushed by a listener, read one at a time in the order they arrived. */
export class SnapshotQueue<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((item: T) => void)[] = [];
  private failure: Error | null = null;

  readonly push = (item: T): void => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  };

  readonly fail = (err: Error): void => {
    this.failure = err;
  };

  async next(timeoutMs = 5000): Promise<T> {
    if (this.failure) throw this.failure;
    const ready = this.items.shift();
    if (ready !== undefined) return ready;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(onItem), 1);
        reject(this.failure ?? new Error(`No snapshot within ${timeoutMs} ms`));
      }, timeoutMs);
      const onItem = (item: T) => {
        clearTimeout(timer);
        resolve(item);
      };
      this.waiters.push(onItem);
    });
  }
}
