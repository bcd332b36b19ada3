// The engine's side of the authorization seam: builds each FirestoreAccess (with the document
// lookup and read budget rules need) and turns a denial into PERMISSION_DENIED. Admin callers
// pass through untouched.

import type { Identity } from '../../authz/identity.js';
import {
  authorize,
  documentReadBudget,
  MULTI_DOCUMENT_LIMIT,
  SINGLE_DOCUMENT_LIMIT,
  type Authorizer,
  type DocumentLookup,
  type DocumentReadBudget,
  type FirestoreAccess,
  type FirestoreMethod,
} from '../../authz/seam.js';
import { ApiError } from '../errors.js';
import type { Document, Fields } from '../types.js';
import { impliedFields, type PreparedQuery } from './query.js';

/** What rules may read while one request is decided: shared by every access of that request. */
export interface RequestReads {
  lookup: DocumentLookup;
  budget: DocumentReadBudget;
}

/**
 * The reads of a request over the stored state. `after` gives the documents a commit changes
 * (name → state after the whole commit); getAfter sees them, get never does.
 */
export function requestReads(
  stored: (name: string) => Document | null,
  multiDocument: boolean,
  after?: ReadonlyMap<string, Document | null>,
): RequestReads {
  const fieldsOf = (doc: Document | null): Fields | null => (doc ? (doc.fields ?? {}) : null);
  return {
    lookup: {
      get: (name) => fieldsOf(stored(name)),
      getAfter: (name) => fieldsOf(after?.has(name) ? (after.get(name) ?? null) : stored(name)),
    },
    budget: documentReadBudget(multiDocument ? MULTI_DOCUMENT_LIMIT : SINGLE_DOCUMENT_LIMIT),
  };
}

function denied(method: FirestoreMethod, path: string): ApiError {
  return new ApiError('PERMISSION_DENIED', `Missing or insufficient permissions: ${method} on ${path}`);
}

function check(authorizer: Authorizer, access: FirestoreAccess): void {
  if (!authorize(authorizer, access).allow) throw denied(access.method, access.path);
}

export function authorizeGet(
  authorizer: Authorizer,
  identity: Identity,
  name: string,
  doc: Document | null,
  time: Date,
  reads: RequestReads,
): void {
  if (identity.admin) return;
  check(authorizer, {
    service: 'firestore',
    method: 'get',
    path: name,
    identity,
    resource: doc ? { data: doc.fields ?? {} } : null,
    time,
    ...reads,
  });
}

/** A write: create (nothing before), update, or delete (nothing after). */
export function authorizeWrite(
  authorizer: Authorizer,
  identity: Identity,
  name: string,
  before: Document | null,
  after: Document | null,
  time: Date,
  commitTime: string,
  reads: RequestReads,
): void {
  if (identity.admin) return;
  check(authorizer, {
    service: 'firestore',
    method: after === null ? 'delete' : before === null ? 'create' : 'update',
    path: name,
    identity,
    resource: before ? { data: before.fields ?? {} } : null,
    requestResource: after ? { data: after.fields ?? {} } : null,
    time,
    commitTime,
    ...reads,
  });
}

/** The collection path a list request is checked against. */
export function listPath(q: PreparedQuery): string {
  return `${q.parent.name}/${q.collectionId}`;
}

/**
 * A query (or aggregation, or list). Rules are not filters: the query is denied when any
 * document it returns is not readable as the list's resource. An empty result is checked
 * against what the query's equality filters guarantee of any document it could return.
 */
export function authorizeList(
  authorizer: Authorizer,
  identity: Identity,
  q: PreparedQuery,
  docs: Document[],
  time: Date,
  reads: RequestReads,
): void {
  if (identity.admin) return;
  const path = listPath(q);
  const query = { limit: q.limit ?? undefined, offset: q.offset || undefined, orderBy: q.orderByPaths };
  const resources = docs.length === 0 ? [impliedFields(q)] : docs.map((doc) => doc.fields ?? {});
  for (const data of resources)
    check(authorizer, { service: 'firestore', method: 'list', path, identity, resource: { data }, query, time, ...reads });
}

/** listDocuments: the collection is the path; each document is the resource. */
export function authorizeListDocuments(
  authorizer: Authorizer,
  identity: Identity,
  collection: string,
  docs: Document[],
  limit: number,
  time: Date,
  reads: RequestReads,
): void {
  if (identity.admin) return;
  const resources = docs.length === 0 ? [{}] : docs.map((doc) => doc.fields ?? {});
  for (const data of resources) {
    check(authorizer, {
      service: 'firestore',
      method: 'list',
      path: collection,
      identity,
      resource: { data },
      query: { limit },
      time,
      ...reads,
    });
  }
}
