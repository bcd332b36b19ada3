// The Firebase Storage API (`/v0/b/{bucket}/o...`) the web SDK speaks: uploads (multipart and
// resumable), metadata reads and PATCHes, downloads (`alt=media`, by token or by identity),
// deletes and listings. Every client read and write is decided at the authorization seam.

import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityFromAuthorization, TokenError, type Identity } from '../authz/identity.js';
import { authorize, type Authorizer, type StorageMethod } from '../authz/seam.js';
import { parseMultipartUpload } from './multipart.js';
import {
  newObject,
  parseMetadataPatch,
  patchedObject,
  rulesView,
  toFirebaseJson,
  type MetadataPatch,
  type RulesObjectView,
  type StoredObject,
} from './objectMetadata.js';
import type { ObjectStore } from './objectStore.js';
import type { UploadSession, UploadSessions } from './resumableUploads.js';
import { sendEmpty, sendJson } from '../shared/http.js';
import { readBody } from './httpIo.js';
import { badRequest, forbidden, notFound, StorageHttpError, unauthenticated } from './storageErrors.js';

export interface FirebaseApiOptions {
  store: ObjectStore;
  uploads: UploadSessions;
  /** Read on every request: the server swaps the authorizer when rules reload. */
  authorizer: () => Authorizer;
  log: (line: string) => void;
  maxObjectBytes: number;
}

/** Handles a request whose path starts with `/v0/b/`. */
export type FirebaseApiHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

const METADATA_LIMIT = 1024 * 1024;
const MAX_NAME_BYTES = 1024;
const MAX_LIST_RESULTS = 1000;

export function createFirebaseApi(options: FirebaseApiOptions): FirebaseApiHandler {
  const { store, uploads, log } = options;

  function check(
    identity: Identity,
    method: StorageMethod,
    bucket: string,
    path: string,
    resource: RulesObjectView | null,
    requestResource?: RulesObjectView | null,
  ): void {
    let allow = false;
    let reason: string | undefined;
    try {
      ({ allow, reason } = authorize(options.authorizer(), {
        service: 'storage',
        method,
        bucket,
        path,
        identity,
        resource,
        requestResource,
        time: new Date(),
      }));
    } catch (err) {
      reason = `the authorizer failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (!allow) {
      log(`storage: denied ${method} ${bucket}/${path}${reason ? ` (${reason})` : ''}`);
      throw forbidden(`Permission denied: ${method} on "${path}" in bucket "${bucket}".`);
    }
  }

  async function getObject(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string, name: string): Promise<void> {
    const identity = identityOf(req);
    const media = url.searchParams.get('alt') === 'media';
    const token = url.searchParams.get('token');
    const found = await store.withObject(bucket, name, async (current, read) => {
      const byToken = media && token !== null && current !== null && current.downloadTokens.includes(token);
      if (!byToken) check(identity, 'get', bucket, name, rulesView(current));
      if (!current) throw notFound(`Object "${name}" does not exist in bucket "${bucket}".`);
      return { kind: 'none', result: { object: current, data: media ? await read() : null } };
    });
    if (found.data) sendMedia(req, res, found.object, found.data);
    else sendJson(res, 200, toFirebaseJson(found.object));
  }

  async function patchObject(req: IncomingMessage, res: ServerResponse, bucket: string, name: string): Promise<void> {
    const identity = identityOf(req);
    const patch = parseMetadataPatch(parseJson(await readBody(req, METADATA_LIMIT), 'The PATCH body'));
    const updated = await store.withObject(bucket, name, async (current) => {
      if (!current) {
        check(identity, 'update', bucket, name, null, null);
        throw notFound(`Object "${name}" does not exist in bucket "${bucket}".`);
      }
      const next = patchedObject(current, patch);
      check(identity, 'update', bucket, name, rulesView(current), rulesView(next));
      return { kind: 'write', object: next, data: null, result: next };
    });
    sendJson(res, 200, toFirebaseJson(updated));
  }

  async function deleteObject(req: IncomingMessage, res: ServerResponse, bucket: string, name: string): Promise<void> {
    const identity = identityOf(req);
    await store.withObject(bucket, name, async (current) => {
      check(identity, 'delete', bucket, name, rulesView(current));
      if (!current) throw notFound(`Object "${name}" does not exist in bucket "${bucket}".`);
      return { kind: 'delete', result: undefined };
    });
    sendEmpty(res, 204);
  }

  function listObjects(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string): void {
    const identity = identityOf(req);
    const prefix = url.searchParams.get('prefix') ?? '';
    const delimiter = url.searchParams.get('delimiter') ?? '';
    const pageToken = url.searchParams.get('pageToken') ?? undefined;
    const maxText = url.searchParams.get('maxResults');
    const maxResults = maxText === null ? MAX_LIST_RESULTS : Number(maxText);
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_LIST_RESULTS) {
      throw badRequest(`maxResults must be an integer from 1 to ${MAX_LIST_RESULTS}; got "${maxText}".`);
    }
    check(identity, 'list', bucket, prefix.replace(/\/+$/, ''), null);
    const page = store.list(bucket, { prefix, delimiter, maxResults, pageToken });
    const body: Record<string, unknown> = {
      prefixes: page.prefixes,
      items: page.items.map((item) => ({ name: item.name, bucket: item.bucket })),
    };
    if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
    sendJson(res, 200, body);
  }

  /** Writes a finished upload as the object's new generation, if the seam allows it. */
  function storeUpload(
    identity: Identity,
    bucket: string,
    name: string,
    data: Buffer,
    patch: MetadataPatch,
    contentType: string | undefined,
  ): Promise<StoredObject> {
    return store.withObject(bucket, name, async (current) => {
      const object = newObject(bucket, name, data, patch, contentType);
      check(identity, current ? 'update' : 'create', bucket, name, rulesView(current), rulesView(object));
      return { kind: 'write', object, data, result: object };
    });
  }

  async function multipartUpload(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string): Promise<void> {
    const identity = identityOf(req);
    const body = await readBody(req, options.maxObjectBytes + METADATA_LIMIT);
    const upload = parseMultipartUpload(req.headers['content-type'], body);
    const name = objectName(nameParam(url) ?? nameIn(upload.metadata));
    const object = await storeUpload(
      identity,
      bucket,
      name,
      upload.data,
      parseMetadataPatch(upload.metadata),
      upload.dataContentType,
    );
    sendJson(res, 200, toFirebaseJson(object));
  }

  async function startResumable(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string): Promise<void> {
    const identity = identityOf(req);
    const raw = parseJson(await readBody(req, METADATA_LIMIT), 'The resumable upload metadata');
    const name = objectName(nameParam(url) ?? nameIn(raw));
    const metadata = parseMetadataPatch(raw);
    const sizeHeader = header(req, 'x-goog-upload-header-content-length');
    const declaredSize = sizeHeader === undefined ? undefined : Number(sizeHeader);
    if (declaredSize !== undefined && (!Number.isSafeInteger(declaredSize) || declaredSize < 0)) {
      throw badRequest(`X-Goog-Upload-Header-Content-Length must be a byte count; got "${sizeHeader}".`);
    }
    const contentType = header(req, 'x-goog-upload-header-content-type');
    // Checked now so a denied upload fails before its bytes travel; checked again at finalize.
    const current = store.get(bucket, name);
    check(identity, current ? 'update' : 'create', bucket, name, rulesView(current), {
      size: declaredSize ?? 0,
      contentType: metadata.contentType ?? contentType ?? 'application/octet-stream',
      metadata: Object.fromEntries(Object.entries(metadata.metadata ?? {}).filter((e): e is [string, string] => e[1] !== null)),
    });
    const session = uploads.start({ bucket, name, metadata, contentType, declaredSize });
    const host = req.headers.host ?? 'localhost';
    const uploadUrl =
      `http://${host}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}` +
      `&upload_id=${session.id}&upload_protocol=resumable`;
    sendEmpty(res, 200, {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': uploadUrl,
      'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
      'X-GUploader-UploadID': session.id,
    });
  }

  async function continueResumable(req: IncomingMessage, res: ServerResponse, bucket: string, uploadId: string): Promise<void> {
    const command = (header(req, 'x-goog-upload-command') ?? '').toLowerCase();
    const steps = command
      .split(',')
      .map((step) => step.trim())
      .filter((step) => step.length > 0);
    const known = ['query', 'cancel', 'upload', 'finalize'];
    const unknown = steps.find((step) => !known.includes(step));
    if (steps.length === 0 || unknown)
      throw badRequest(`Unsupported X-Goog-Upload-Command "${command}" (use query, cancel, upload, finalize).`);

    if (steps.includes('query')) {
      await readBody(req, METADATA_LIMIT);
      const session = uploads.get(uploadId, bucket);
      sendEmpty(res, 200, { 'X-Goog-Upload-Status': session.status, 'X-Goog-Upload-Size-Received': String(session.received) });
      return;
    }
    if (steps.includes('cancel')) {
      await readBody(req, METADATA_LIMIT);
      uploads.cancel(uploadId, bucket);
      sendEmpty(res, 200, { 'X-Goog-Upload-Status': 'cancelled' });
      return;
    }
    const identity = identityOf(req);
    const chunk = await readBody(req, options.maxObjectBytes);
    const session = uploads.get(uploadId, bucket);
    if (session.status === 'final' && session.result) {
      sendJson(res, 200, toFirebaseJson(session.result), { 'X-Goog-Upload-Status': 'final' });
      return;
    }
    if (steps.includes('upload')) {
      const offsetText = header(req, 'x-goog-upload-offset');
      const offset = Number(offsetText);
      if (offsetText === undefined || !Number.isSafeInteger(offset))
        throw badRequest('An upload command needs X-Goog-Upload-Offset.');
      uploads.append(session, offset, chunk);
    }
    if (!steps.includes('finalize')) {
      sendEmpty(res, 200, { 'X-Goog-Upload-Status': 'active', 'X-Goog-Upload-Size-Received': String(session.received) });
      return;
    }
    const object = await finalize(identity, session);
    sendJson(res, 200, toFirebaseJson(object), { 'X-Goog-Upload-Status': 'final' });
  }

  async function finalize(identity: Identity, session: UploadSession): Promise<StoredObject> {
    if (session.declaredSize !== undefined && session.received !== session.declaredSize) {
      throw badRequest(
        `The upload was finalized with ${session.received} bytes, but ${session.declaredSize} were declared at its start.`,
      );
    }
    session.status = 'final';
    try {
      const data = uploads.takeData(session);
      session.result = await storeUpload(identity, session.bucket, session.name, data, session.metadata, session.contentType);
      return session.result;
    } catch (err) {
      uploads.drop(session);
      throw err;
    }
  }

  return async (req, res, url) => {
    const route = parseRoute(url.pathname);
    const method = req.method ?? 'GET';
    if (route.name === null) {
      if (method === 'GET') return listObjects(req, res, url, route.bucket);
      if (method === 'POST' || method === 'PUT') {
        const uploadId = url.searchParams.get('upload_id');
        if (uploadId) return continueResumable(req, res, route.bucket, uploadId);
        const protocol = (header(req, 'x-goog-upload-protocol') ?? url.searchParams.get('uploadType') ?? '').toLowerCase();
        if (header(req, 'x-goog-upload-command')?.toLowerCase() === 'start') return startResumable(req, res, url, route.bucket);
        if (protocol === 'multipart') return multipartUpload(req, res, url, route.bucket);
        throw badRequest(
          `Upload protocol "${protocol}" is not supported: the Firebase API takes multipart or resumable uploads.`,
        );
      }
      throw new StorageHttpError(405, `${method} is not allowed on /v0/b/{bucket}/o (use GET to list, POST to upload).`);
    }
    if (method === 'GET') return getObject(req, res, url, route.bucket, route.name);
    if (method === 'PATCH') return patchObject(req, res, route.bucket, route.name);
    if (method === 'DELETE') return deleteObject(req, res, route.bucket, route.name);
    throw new StorageHttpError(405, `${method} is not allowed on an object (use GET, PATCH or DELETE).`);
  };
}

/** `/v0/b/{bucket}/o` (name null) or `/v0/b/{bucket}/o/{name}`; segments are URI-encoded. */
function parseRoute(pathname: string): { bucket: string; name: string | null } {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(pathname);
  if (!match?.[1]) throw notFound(`No Firebase Storage API route for "${pathname}" (expected /v0/b/{bucket}/o[/{object}]).`);
  const bucket = decode(match[1]);
  const rest = match[2];
  return { bucket, name: rest === undefined || rest === '' ? null : objectName(decode(rest)) };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`"${segment}" is not validly percent-encoded.`);
  }
}

function objectName(name: string | null): string {
  if (!name) throw badRequest('The upload names no object: pass ?name= or a "name" in its metadata.');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw badRequest(`Object names are at most ${MAX_NAME_BYTES} bytes of UTF-8.`);
  if (/[\r\n]/.test(name)) throw badRequest('Object names cannot contain carriage returns or line feeds.');
  return name;
}

/**
 * The `name` query parameter, decoded strictly: URLSearchParams turns escapes that are not UTF-8
 * into U+FFFD, which would store an object under a name the client never sent.
 */
function nameParam(url: URL): string | null {
  for (const pair of url.search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq) === 'name') return decode(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return null;
}

function nameIn(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const name = (metadata as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}

function parseJson(body: Buffer, what: string): unknown {
  if (body.length === 0) return {};
  // Decoding would turn bytes that are not UTF-8 into U+FFFD, metadata the client never sent.
  if (!isUtf8(body)) throw badRequest(`${what} is not valid UTF-8.`);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest(`${what} is not valid JSON.`);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function identityOf(req: IncomingMessage): Identity {
  try {
    return identityFromAuthorization(header(req, 'authorization'));
  } catch (err) {
    if (err instanceof TokenError) throw unauthenticated(err.message);
    throw err;
  }
}

/** The object's bytes, honouring a single `Range: bytes=` request as Cloud Storage does. */
function sendMedia(req: IncomingMessage, res: ServerResponse, object: StoredObject, data: Buffer): void {
  const headers: Record<string, string> = {
    'Content-Type': object.contentType,
    'Accept-Ranges': 'bytes',
    ETag: `"${object.md5Hash}"`,
    'X-Goog-Generation': object.generation,
    'X-Goog-Metageneration': String(object.metageneration),
    'X-Goog-Hash': `md5=${object.md5Hash}`,
  };
  if (object.contentDisposition) headers['Content-Disposition'] = object.contentDisposition;
  if (object.cacheControl) headers['Cache-Control'] = object.cacheControl;
  if (object.contentLanguage) headers['Content-Language'] = object.contentLanguage;
  if (object.contentEncoding && object.contentEncoding !== 'identity') headers['Content-Encoding'] = object.contentEncoding;
  for (const [key, value] of Object.entries(headers)) headers[key] = headerSafe(value);

  const range = parseRange(header(req, 'range'), data.length);
  if (range === 'unsatisfiable') {
    sendJson(
      res,
      416,
      { error: { code: 416, message: `The requested range is not satisfiable for ${data.length} bytes.` } },
      { 'Content-Range': `bytes */${data.length}` },
    );
    return;
  }
  const body = range ? data.subarray(range.start, range.end + 1) : data;
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${data.length}`;
  headers['Content-Length'] = String(body.length);
  res.writeHead(range ? 206 : 200, headers);
  res.end(body);
}

/** Metadata may hold any text; a header may not: percent-encode what HTTP cannot carry. */
function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e]/gu, (char) =>
    char.length === 1 && char >= '\ud800' && char <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(char),
  );
}

function parseRange(value: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!value) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return size === 0 && start === 0 ? null : 'unsatisfiable';
  return { start, end };
}
