// Firestore's REST API (v1) in front of the engine: what the web SDK uses for transactions and
// aggregations, the Lite SDK for everything, and firebase-admin with preferRest.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityFromAuthorization, TokenError, type Identity } from '../../authz/identity.js';
import type { CallContext, FirestoreEngine } from '../engine/api.js';
import { ApiError } from '../errors.js';
import type { Document, Fields, Precondition, Value, Write } from '../types.js';
import { sendJson } from '../../shared/http.js';
import { readJson } from './io.js';

/** RPCs of google.firestore.v1.Firestore the local backend does not serve over REST. */
const UNSUPPORTED_VERBS = new Set(['executePipeline', 'partitionQuery', 'listen', 'write']);

interface RestTarget {
  database: string;
  /** projects/{p}/databases/{d}/documents[/{path}] */
  resource: string;
  /** The decoded path below /documents, as segments. */
  path: string[];
  verb: string | null;
}

/** Serves a request whose path starts with /v1/; throws ApiError for the caller to render. */
export async function handleRest(engine: FirestoreEngine, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  // The path as sent: URL parsing resolves `.` and `..` segments (and turns `\` into `/`), which
  // would quietly serve another document than the one named; Firestore refuses such ids.
  const target = parseTarget(req.url?.startsWith('/') ? req.url.replace(/\?.*$/s, '') : url.pathname);
  const ctx: CallContext = { identity: identityOf(req) };
  const method = req.method ?? 'GET';
  const { database, resource, path, verb } = target;
  const params = url.searchParams;

  if (verb !== null) {
    if (method !== 'POST') throw notFound(method, url.pathname);
    if (UNSUPPORTED_VERBS.has(verb))
      throw new ApiError('UNIMPLEMENTED', `${verb} over REST is not supported by the local backend.`);
    const body = asObject(await readJson(req));
    const atRoot = path.length === 0;
    switch (verb) {
      case 'runQuery':
        return sendJson(res, 200, await engine.runQuery(database, { ...body, parent: resource }, ctx));
      case 'runAggregationQuery':
        return sendJson(res, 200, await engine.runAggregationQuery(database, { ...body, parent: resource }, ctx));
      case 'listCollectionIds':
        return sendJson(res, 200, await engine.listCollectionIds({ ...body, parent: resource }, ctx));
    }
    if (!atRoot) throw notFound(method, url.pathname);
    switch (verb) {
      case 'commit':
        return sendJson(res, 200, await engine.commit(database, body, ctx));
      case 'batchGet':
        return sendJson(res, 200, await engine.batchGet(database, body, ctx));
      case 'beginTransaction': {
        const options = body.options as Parameters<FirestoreEngine['beginTransaction']>[1];
        return sendJson(res, 200, { transaction: await engine.beginTransaction(database, options, ctx) });
      }
      case 'rollback': {
        if (typeof body.transaction !== 'string' || body.transaction === '') {
          throw new ApiError('INVALID_ARGUMENT', 'rollback needs a transaction.');
        }
        await engine.rollback(database, body.transaction, ctx);
        return sendJson(res, 200, {});
      }
      case 'batchWrite':
        return sendJson(res, 200, await engine.batchWrite(database, body, ctx));
    }
    throw notFound(method, url.pathname);
  }

  const isDocument = path.length > 0 && path.length % 2 === 0;
  const isCollection = path.length % 2 === 1;
  const mask = params.getAll('mask.fieldPaths');

  if (method === 'GET' && isDocument) {
    return sendJson(res, 200, await engine.getDocument(resource, ctx, mask.length > 0 ? mask : undefined));
  }
  if (method === 'GET' && isCollection) {
    const parent = [`${database}/documents`, ...path.slice(0, -1).map(encodeSegment)].join('/');
    const pageSize = optionalInt(params.get('pageSize'), 'pageSize');
    return sendJson(
      res,
      200,
      await engine.listDocuments(
        {
          parent,
          collectionId: path.at(-1) ?? '',
          ...(pageSize !== undefined ? { pageSize } : {}),
          ...(params.get('pageToken') ? { pageToken: params.get('pageToken') as string } : {}),
          ...(params.get('orderBy') ? { orderBy: params.get('orderBy') as string } : {}),
          ...(mask.length > 0 ? { mask: { fieldPaths: mask } } : {}),
          ...(params.get('showMissing') === 'true' ? { showMissing: true } : {}),
          ...(params.get('transaction') ? { transaction: params.get('transaction') as string } : {}),
          ...(params.get('readTime') ? { readTime: params.get('readTime') as string } : {}),
        },
        ctx,
      ),
    );
  }
  if (method === 'PATCH' && isDocument) {
    const body = asObject(await readJson(req)) as Partial<Document>;
    const updateMask = params.getAll('updateMask.fieldPaths');
    const write: Write = {
      // The body's other fields go along, so the engine refuses unknown ones as in a commit.
      update: { ...body, name: resource, fields: (body.fields ?? {}) as Fields },
      ...(params.has('updateMask.fieldPaths') ? { updateMask: { fieldPaths: updateMask } } : {}),
      ...precondition(params),
    };
    await engine.commit(database, { writes: [write] }, ctx);
    return sendJson(res, 200, project(engine.lookup(resource), resource, mask));
  }
  if (method === 'DELETE' && isDocument) {
    await engine.commit(database, { writes: [{ delete: resource, ...precondition(params) }] }, ctx);
    return sendJson(res, 200, {});
  }
  if (method === 'POST' && isCollection) {
    // createDocument: the id comes from the query, or is generated as the SDKs do (20 chars).
    const body = asObject(await readJson(req)) as Partial<Document>;
    const slash = resource.lastIndexOf('/');
    const documentId = params.get('documentId');
    const { name } = await engine.createDocument(
      resource.slice(0, slash),
      resource.slice(slash + 1),
      documentId ? encodeSegment(documentId) : undefined,
      (body.fields ?? {}) as Fields,
      ctx,
    );
    return sendJson(res, 200, project(engine.lookup(name), name, mask));
  }
  throw notFound(method, url.pathname);
}

function parseTarget(pathname: string): RestTarget {
  const rest = pathname.slice('/v1/'.length);
  const colon = rest.lastIndexOf(':');
  const slashAfterColon = colon >= 0 && rest.indexOf('/', colon) >= 0;
  const resourcePart = colon >= 0 && !slashAfterColon ? rest.slice(0, colon) : rest;
  const verb = colon >= 0 && !slashAfterColon ? rest.slice(colon + 1) : null;
  let segments: string[];
  try {
    segments = resourcePart.split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw new ApiError('INVALID_ARGUMENT', `The path ${pathname} is not validly URL-encoded.`);
  }
  if (segments.length < 5 || segments[0] !== 'projects' || segments[2] !== 'databases' || segments[4] !== 'documents') {
    throw new ApiError(
      'NOT_FOUND',
      `The local backend serves /v1/projects/{project}/databases/{database}/documents..., not ${pathname}.`,
    );
  }
  const path = segments.slice(5);
  if (segments.slice(0, 5).some((s) => s === '') || path.some((s) => s === '')) {
    throw new ApiError('INVALID_ARGUMENT', `The path ${pathname} has an empty segment.`);
  }
  const database = `projects/${segments[1]}/databases/${segments[3]}`;
  const resource = [`${database}/documents`, ...path.map(encodeSegment)].join('/');
  return { database, resource, path, verb };
}

/** Resource names carry segments as they are; only a slash could not be represented. */
function encodeSegment(segment: string): string {
  if (segment.includes('/')) throw new ApiError('INVALID_ARGUMENT', `A path segment cannot contain "/" (${segment}).`);
  return segment;
}

function identityOf(req: IncomingMessage): Identity {
  try {
    return identityFromAuthorization(req.headers.authorization);
  } catch (err) {
    if (err instanceof TokenError) throw new ApiError('UNAUTHENTICATED', err.message);
    throw err;
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('INVALID_ARGUMENT', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

function optionalInt(text: string | null, name: string): number | undefined {
  if (text === null || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new ApiError('INVALID_ARGUMENT', `${name} must be a non-negative integer.`);
  return n;
}

function precondition(params: URLSearchParams): { currentDocument?: Precondition } {
  const exists = params.get('currentDocument.exists');
  const updateTime = params.get('currentDocument.updateTime');
  if (exists !== null && updateTime !== null) {
    throw new ApiError('INVALID_ARGUMENT', 'currentDocument has either exists or updateTime, not both.');
  }
  if (exists !== null) {
    if (exists !== 'true' && exists !== 'false')
      throw new ApiError('INVALID_ARGUMENT', 'currentDocument.exists must be true or false.');
    return { currentDocument: { exists: exists === 'true' } };
  }
  if (updateTime !== null) return { currentDocument: { updateTime } };
  return {};
}

/** The stored document, narrowed to a mask's field paths when one is given. */
function project(doc: Document | null, name: string, mask: string[]): Document {
  if (!doc) throw new ApiError('NOT_FOUND', `No document to return: ${name}`);
  if (mask.length === 0) return doc;
  const fields: Fields = {};
  for (const fieldPath of mask) {
    const segments = splitFieldPath(fieldPath);
    let source: Fields | undefined = doc.fields;
    let target = fields;
    for (const [i, segment] of segments.entries()) {
      const value: Value | undefined = source?.[segment];
      if (value === undefined) break;
      if (i === segments.length - 1) {
        target[segment] = value;
      } else if ('mapValue' in value) {
        const existing = target[segment];
        const next: Fields = existing && 'mapValue' in existing ? (existing.mapValue.fields ?? {}) : {};
        target[segment] = { mapValue: { fields: next } };
        target = next;
        source = value.mapValue.fields;
      } else {
        break;
      }
    }
  }
  return { ...doc, fields };
}

function splitFieldPath(fieldPath: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < fieldPath.length; i++) {
    const ch = fieldPath[i];
    if (quoted && ch === '\\' && i + 1 < fieldPath.length) current += fieldPath[++i];
    else if (ch === '`') quoted = !quoted;
    else if (ch === '.' && !quoted) {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  segments.push(current);
  return segments;
}

function notFound(method: string, pathname: string): ApiError {
  return new ApiError('NOT_FOUND', `${method} ${pathname} is not a Firestore REST endpoint the local backend serves.`);
}
