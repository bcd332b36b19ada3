// The one part of the Cloud Storage JSON API the local backend serves: a bucket's resource, read
// (`GET /storage/v1/b/{bucket}`) and its CORS configuration replaced (`PATCH` with `{"cors": [...]}`),
// which is what `gcloud storage buckets update --cors-file` and the client libraries'
// setCorsConfiguration send. Objects through this API stay unserved (404 naming it).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { sendJson } from '../shared/http.js';
import { parseCorsConfig, type BucketCors, type CorsEntry } from './bucketCors.js';
import { readBody } from './httpIo.js';
import { badRequest, StorageHttpError } from './storageErrors.js';

const BODY_LIMIT = 1024 * 1024;
const BUCKET_PATH = /^\/storage\/v1\/b\/([^/]+)\/?$/;

/** The bucket a `/storage/v1/b/{bucket}` path names, or null for any other path. */
export function bucketResourceOf(pathname: string): string | null {
  const match = BUCKET_PATH.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    throw badRequest(`"${match[1]}" is not validly percent-encoded.`);
  }
}

function bucketJson(bucket: string, cors: CorsEntry[]): Record<string, unknown> {
  return { kind: 'storage#bucket', id: bucket, name: bucket, ...(cors.length > 0 ? { cors } : {}) };
}

/** Answers GET or PATCH on a bucket's resource. */
export async function serveBucketResource(
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  bucketCors: BucketCors,
): Promise<void> {
  if (req.method === 'GET') {
    req.resume();
    return sendJson(res, 200, bucketJson(bucket, bucketCors.of(bucket)));
  }
  if (req.method !== 'PATCH') {
    req.resume();
    throw new StorageHttpError(
      405,
      `${req.method} is not served on /storage/v1/b/{bucket} (use GET, or PATCH with {"cors": [...]}).`,
    );
  }
  const body = await readBody(req, BODY_LIMIT);
  let patch: unknown;
  try {
    if (!isUtf8(body)) throw new Error('not UTF-8');
    patch = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The bucket PATCH body is not valid JSON.');
  }
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw badRequest('The bucket PATCH body must be an object such as {"cors": [...]}.');
  }
  const other = Object.keys(patch).filter((key) => key !== 'cors');
  if (other.length > 0) {
    throw badRequest(`The local backend sets only a bucket's "cors"; it cannot set ${other.map((k) => `"${k}"`).join(', ')}.`);
  }
  if (!('cors' in patch)) return sendJson(res, 200, bucketJson(bucket, bucketCors.of(bucket)));
  let cors: CorsEntry[];
  try {
    cors = parseCorsConfig((patch as { cors: unknown }).cors, 'cors');
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  bucketCors.set(bucket, cors);
  sendJson(res, 200, bucketJson(bucket, cors));
}
