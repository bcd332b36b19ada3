// A test's bucket CORS configuration on the shared backend, which enforces it as production does
// (globalSetup starts it with storage.cors.json): each browser test serves the app on a port of
// its own, so it adds that origin to its project's bucket, as a deployer adds their Hosting
// origin, through the request gcloud sends (`PATCH /storage/v1/b/{bucket}` with `{"cors": [...]}`).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCorsFile, type CorsEntry } from '../../backend/src/storage/bucketCors.js';
import { storageEmulator } from './emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository's bucket CORS file, storage.cors.json. */
export const projectCorsFile = path.join(root, 'storage.cors.json');
export const projectCors = (): CorsEntry[] => readCorsFile(projectCorsFile);

/** The app's default bucket for a project (src/config/env.ts). */
export const projectBucket = (projectId: string): string => `${projectId}.firebasestorage.app`;

function bucketUrl(projectId: string): string {
  const { host, port } = storageEmulator();
  return `http://${host}:${port}/storage/v1/b/${encodeURIComponent(projectBucket(projectId))}`;
}

/**
 * The bucket's configuration, or null where the Storage emulator has none: the official emulator
 * keeps no bucket configuration and lets every origin download.
 */
export async function getBucketCors(projectId: string): Promise<CorsEntry[] | null> {
  const res = await fetch(bucketUrl(projectId));
  if (res.status === 404 || res.status === 501) return null;
  if (!res.ok) throw new Error(`Reading the bucket's CORS configuration failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { cors?: CorsEntry[] }).cors ?? [];
}

/** Replaces the bucket's configuration, as `gcloud storage buckets update --cors-file` does. */
export async function setBucketCors(projectId: string, cors: CorsEntry[]): Promise<void> {
  const res = await fetch(bucketUrl(projectId), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cors }),
  });
  if (res.status === 404 || res.status === 501) return;
  if (!res.ok) throw new Error(`Setting the bucket's CORS configuration failed: ${res.status} ${await res.text()}`);
}

/**
 * Lets pages served from `origin` download from the project's bucket: its configuration (the
 * repository's file until a test changes it) plus an entry like the file's for that origin.
 */
export async function allowOriginInBucket(projectId: string, origin: string): Promise<void> {
  const current = await getBucketCors(projectId);
  if (current === null) return;
  const [template] = projectCors();
  await setBucketCors(projectId, [...current, { ...template, origin: [origin] }]);
}
