// The local backend's settings, read from the same files the Firebase tools read: the emulator
// ports and hosts from firebase.json, the project id from .firebaserc; and the bucket CORS file
// the deployer applies with gcloud (storage.cors.json).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceAddress {
  host: string;
  port: number;
}

export interface LocalConfig {
  projectId: string;
  auth: ServiceAddress;
  firestore: ServiceAddress;
  storage: ServiceAddress;
  /** Where the backend keeps its data between runs. */
  dataDir: string;
  firestoreRules: string;
  storageRules: string;
  /** The indexes file firebase.json names (`firestore.indexes`), or null when it names none. */
  firestoreIndexes: string | null;
  /** The bucket CORS file (gcloud's format) that `gcloud storage buckets update --cors-file` applies. */
  bucketCorsFile: string;
}

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORTS = { auth: 9099, firestore: 8080, storage: 9199 } as const;

interface FirebaseJson {
  firestore?: { rules?: string; indexes?: string };
  storage?: { rules?: string };
  emulators?: Partial<Record<keyof typeof DEFAULT_PORTS, { host?: string; port?: number }>>;
}

interface FirebaseRc {
  projects?: { default?: string };
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`Cannot read ${path.relative(process.cwd(), file) || file}: ${(error as Error).message}`, { cause: error });
  }
}

export function loadConfig(root: string = repoRoot): LocalConfig {
  const firebaseJson = readJson<FirebaseJson>(path.join(root, 'firebase.json'));
  const firebaseRc = readJson<FirebaseRc>(path.join(root, '.firebaserc'));
  const projectId = process.env.GCLOUD_PROJECT ?? firebaseRc.projects?.default;
  if (!projectId) throw new Error('.firebaserc names no default project.');
  if (!projectId.startsWith('demo-')) {
    // A demo- project id guarantees that nothing local ever reaches a real Firebase project.
    throw new Error(`The local project id must start with "demo-" (got "${projectId}").`);
  }

  const address = (service: keyof typeof DEFAULT_PORTS): ServiceAddress => {
    const entry = firebaseJson.emulators?.[service];
    return { host: entry?.host ?? DEFAULT_HOST, port: entry?.port ?? DEFAULT_PORTS[service] };
  };

  return {
    projectId,
    auth: address('auth'),
    firestore: address('firestore'),
    storage: address('storage'),
    dataDir: path.join(root, '.data'),
    firestoreRules: path.join(root, firebaseJson.firestore?.rules ?? 'firestore.rules'),
    storageRules: path.join(root, firebaseJson.storage?.rules ?? 'storage.rules'),
    firestoreIndexes: firebaseJson.firestore?.indexes ? path.join(root, firebaseJson.firestore.indexes) : null,
    bucketCorsFile: path.join(root, 'storage.cors.json'),
  };
}
