// The local Firebase Storage backend: one HTTP handler for the storage port, in front of the
// object store (memory, or disk under dataDir) and the authorization seam. Also answers CORS
// preflights, `DELETE /internal/reset`, which deletes every object (for tests),
// `PUT /internal/setRules`, which replaces the storage rules as the official emulator does, and
// the rules coverage report at Firestore's path (`/emulator/v1/projects/{p}:ruleCoverage`), and a
// bucket's CORS configuration (`/storage/v1/b/{bucket}`); those only to callers on this machine (no
// Origin, or a loopback one). A browser's downloads follow their bucket's CORS configuration when
// it is enforced (bucketCors.ts); every other request may come from any origin.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RulesAuthorizer } from '../rules/authorizer.js';
import type { Authorizer } from '../authz/seam.js';
import { RulesSyntaxError } from '../rules/errors.js';
import { controlRefusal } from '../shared/controlOrigin.js';
import { serveRuleCoverage, type CoverageSource } from '../shared/ruleCoverageEndpoint.js';
import { answerBucketPreflight, applyBucketCors, BucketCors, type CorsEntry } from './bucketCors.js';
import { createFirebaseApi } from './firebaseApi.js';
import { bucketResourceOf, serveBucketResource } from './gcloudApi.js';
import { sendEmpty, sendJson } from '../shared/http.js';
import { answerPreflight, readBody, sendError, setCorsHeaders } from './httpIo.js';
import { diskPersistence, memoryPersistence } from './objectPersistence.js';
import { createObjectStore } from './objectStore.js';
import { createUploadSessions } from './resumableUploads.js';
import { badRequest, forbidden, notFound, StorageHttpError, toStorageHttpError } from './storageErrors.js';

export interface StorageService {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Each bucket's CORS configuration (kept across resets: it belongs to the bucket, not its objects). */
  bucketCors: BucketCors;
  /** Swapped by the server when rules reload; read on every request. */
  authorizer: Authorizer;
  close(): Promise<void>;
  reset(): Promise<void>;
}

export interface StorageServiceOptions {
  /** Objects live under this folder and survive a restart; absent = in memory only. */
  dataDir?: string;
  authorizer: Authorizer;
  /** Takes the rules `/internal/setRules` sets; absent = that endpoint is not served. */
  rules?: Pick<RulesAuthorizer, 'setStorageRules' | 'setBucketStorageRules'> & CoverageSource;
  /**
   * Every bucket's CORS configuration at start (gcloud's format); present = a browser's downloads
   * follow their bucket's configuration, as in production. Absent: every origin may download.
   */
  bucketCors?: CorsEntry[];
  log: (line: string) => void;
}

/** Larger objects are refused (413): uploads are held in memory until finalized. */
const MAX_OBJECT_BYTES = 512 * 1024 * 1024;
/** The web SDK gives up on an upload after 10 minutes of retrying; sessions idle longer go. */
const UPLOAD_IDLE_MS = 15 * 60 * 1000;

export const RESET_PATH = '/internal/reset';
export const SET_RULES_PATH = '/internal/setRules';
const RULES_BODY_LIMIT = 16 * 1024 * 1024;

export async function createStorageService(options: StorageServiceOptions): Promise<StorageService> {
  const { log } = options;
  const persistence = options.dataDir ? await diskPersistence(options.dataDir, log) : memoryPersistence();
  const store = await createObjectStore(persistence);
  const uploads = createUploadSessions({ maxObjectBytes: MAX_OBJECT_BYTES, idleMs: UPLOAD_IDLE_MS });

  const bucketCors = new BucketCors(options.bucketCors);

  const service: StorageService = {
    authorizer: options.authorizer,
    bucketCors,
    handle(req, res) {
      void route(req, res).catch((err: unknown) => {
        const error = toStorageHttpError(err);
        if (error.httpStatus >= 500)
          log(`storage: ${req.method} ${req.url} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        answerAfterBody(req, res, error);
      });
    },
    async close() {
      uploads.close();
      await store.drain();
    },
    async reset() {
      uploads.clear();
      await store.reset();
    },
  };

  const firebaseApi = createFirebaseApi({
    store,
    uploads,
    authorizer: () => service.authorizer,
    log,
    maxObjectBytes: MAX_OBJECT_BYTES,
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.on('error', () => {});
    res.on('error', () => {});
    const url = new URL(req.url ?? '/', 'http://storage.local');
    const bucketResource = bucketResourceOf(url.pathname);
    if (url.pathname.startsWith('/internal/') || url.pathname.startsWith('/emulator/') || bucketResource !== null) {
      // Before CORS: a page elsewhere learns nothing, and its preflight is granted nothing.
      const refusal = controlRefusal(req.headers, url.pathname);
      if (refusal) throw forbidden(refusal);
    }
    const downloadBucket = bucketCors.enforced ? downloadBucketOf(req, url) : null;
    if (downloadBucket !== null) {
      if (req.method === 'OPTIONS') return answerBucketPreflight(req, res, bucketCors.of(downloadBucket));
      applyBucketCors(req, res, bucketCors.of(downloadBucket));
    } else {
      setCorsHeaders(req, res);
      if (req.method === 'OPTIONS') return answerPreflight(req, res);
    }
    if (url.pathname.startsWith('/v0/b/')) return firebaseApi(req, res, url);
    if (bucketResource !== null) return serveBucketResource(req, res, bucketResource, bucketCors);
    if (url.pathname === RESET_PATH && req.method === 'DELETE') {
      req.resume();
      await service.reset();
      return sendEmpty(res, 200);
    }
    if (url.pathname === SET_RULES_PATH && req.method === 'PUT' && options.rules) return setRules(options.rules, req, res, log);
    if (options.rules && serveRuleCoverage(options.rules, 'storage', req, res, url.pathname)) return;
    req.resume();
    if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/upload/storage/v1/')) {
      throw notFound(
        `The Cloud Storage JSON API (${url.pathname}) is not served by the local backend; only the Firebase API under /v0/b/ is.`,
      );
    }
    throw notFound(`No Storage route for ${req.method} ${url.pathname}.`);
  }

  return service;
}

/**
 * The bucket of a download (`GET /v0/b/{bucket}/o/{object}?alt=media`, or its preflight), the
 * requests Firebase's documentation says need the bucket's CORS configuration; null for others.
 */
function downloadBucketOf(req: IncomingMessage, url: URL): string | null {
  if (url.searchParams.get('alt') !== 'media') return null;
  const method = req.method === 'OPTIONS' ? req.headers['access-control-request-method'] : req.method;
  if (typeof method !== 'string' || !['GET', 'HEAD'].includes(method.toUpperCase())) return null;
  const match = /^\/v0\/b\/([^/]+)\/o\/./.exec(url.pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** What firebase-tools' Storage emulator answers when a ruleset does not compile. */
export const RULES_NOT_UPDATED = 'There was an error updating rules, see logs for more details';

/**
 * `{"rules":{"files":[{name, content}]}}`: one file sets the rules of every bucket; several, each
 * with a `resource` (its bucket), set each bucket's rules, as the official emulator does. Its
 * refusals are firebase-tools' too (a top-level `message`, which @firebase/rules-unit-testing
 * passes on as its error); a ruleset that does not compile is located in the log and in `detail`.
 */
async function setRules(
  rules: NonNullable<StorageServiceOptions['rules']>,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
): Promise<void> {
  let sources: { file: string; source: string; resource: string | null }[];
  try {
    sources = rulesFilesOf(await readBody(req, RULES_BODY_LIMIT));
  } catch (err) {
    if (!(err instanceof StorageHttpError) || err.httpStatus !== 400) throw err;
    return sendJson(res, 400, { message: err.message });
  }
  try {
    const [only] = sources;
    if (sources.length === 1 && only) rules.setStorageRules(only);
    else for (const { resource, ...source } of sources) if (resource) rules.setBucketStorageRules(resource, source);
  } catch (err) {
    if (!(err instanceof RulesSyntaxError)) throw err;
    log(`storage: the rules were not updated, the previous rules stay in force: ${err.message}`);
    return sendJson(res, 400, { message: RULES_NOT_UPDATED, detail: err.message });
  }
  sendJson(res, 200, { message: 'Rules updated successfully' });
}

function rulesFilesOf(body: Buffer): { file: string; source: string; resource: string | null }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The setRules body is not valid JSON.');
  }
  const files = (parsed as { rules?: { files?: unknown } } | null)?.rules?.files;
  if (!Array.isArray(files) || files.length === 0) throw badRequest("Request body must include 'rules.files' array");
  return files.map((f: { name?: unknown; content?: unknown; resource?: unknown } | null) => {
    if (!f || typeof f.name !== 'string' || typeof f.content !== 'string') {
      throw badRequest("Each member of 'rules.files' array must contain 'name' and 'content'");
    }
    if (files.length > 1 && typeof f.resource !== 'string') {
      throw badRequest("Each member of 'rules.files' array must contain 'name', 'content', and 'resource'");
    }
    return { file: f.name, source: f.content, resource: typeof f.resource === 'string' ? f.resource : null };
  });
}

/**
 * Sends an error once the request body is in: a client still sending an upload when the answer
 * comes would see a reset connection (a network error, which the SDK retries) instead of it.
 * An oversized body is not waited for: the connection is closed after the answer.
 */
function answerAfterBody(req: IncomingMessage, res: ServerResponse, error: StorageHttpError): void {
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    sendError(res, error);
  };
  if (req.complete || req.destroyed) return send();
  if (error.httpStatus === 413) {
    res.setHeader('Connection', 'close');
    return send();
  }
  req.once('end', send);
  req.once('close', send);
  req.resume();
}
