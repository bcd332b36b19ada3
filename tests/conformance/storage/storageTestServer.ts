// Runs the local Storage service on its own HTTP server for tests that need to control it
// (its authorizer, its data folder, a restart); other tests use the shared backend named by
// FIREBASE_STORAGE_EMULATOR_HOST when it is set, so the suite also runs against the official one.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { allowAll, type Authorizer } from '../../../backend/src/authz/seam.js';
import { createStorageService, type StorageService } from '../../../backend/src/storage/storageService.js';

export interface StorageServer {
  host: string;
  port: number;
  service: StorageService;
  close(): Promise<void>;
}

export async function startStorageServer(options: { dataDir?: string; authorizer?: Authorizer } = {}): Promise<StorageServer> {
  const service = await createStorageService({
    dataDir: options.dataDir,
    authorizer: options.authorizer ?? allowAll,
    log: () => {},
  });
  const server = http.createServer(service.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    service,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await service.close();
    },
  };
}

/** The backend under test: FIREBASE_STORAGE_EMULATOR_HOST when set, else a server of our own. */
export async function sharedStorageHost(): Promise<{ host: string; port: number; close(): Promise<void> }> {
  const value = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  if (value) {
    const at = value.lastIndexOf(':');
    return { host: value.slice(0, at), port: Number(value.slice(at + 1)), close: async () => {} };
  }
  return startStorageServer();
}

export interface SdkClient {
  app: FirebaseApp;
  storage: FirebaseStorage;
  close(): Promise<void>;
}

let clients = 0;

/** A fresh web SDK app connected to the given Storage host, optionally as a mock user. */
export function storageClient(
  target: { host: string; port: number },
  bucket: string,
  mockUserToken?: { user_id: string } | string,
): SdkClient {
  const app = initializeApp(
    { projectId: bucket.split('.')[0], apiKey: 'demo-api-key', storageBucket: bucket },
    `storage-test-${++clients}`,
  );
  const storage = getStorage(app);
  connectStorageEmulator(storage, target.host, target.port, mockUserToken ? { mockUserToken } : {});
  return { app, storage, close: () => deleteApp(app) };
}

/** The SDK error code a call fails with, or 'no error'. */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  return 'no error';
}
