// The engine's side of the authorization seam: builds each FirestoreAccess and turns a denial
// into PERMISSION_DENIED. Admin callers pass through `authorize` untouched.

import type { Identity } from '../../authz/identity.js';
import { authorize, type Authorizer, type FirestoreMethod } from '../../authz/seam.js';
import { ApiError } from '../errors.js';
import type { Document, Fields } from '../types.js';
import { impliedFields, type PreparedQuery } from './query.js';

function denied(method: FirestoreMethod, path: string): ApiError {
  return new ApiError('PERMISSION_DENIED', `Missing or insufficient permissions: ${method} on ${path}`);
}

export function authorizeGet(authorizer: Authorizer, identity: Identity, name: string, doc: Document | null, time: Date): void {
  if (identity.admin) return;
  const decision = authorize(authorizer, {
    service: 'firestore',
    method: 'get',
    path: name,
    identity,
    resource: doc ? { data: doc.fields ?? {} } : null,
    time,
  });
  if (!decision.allow) throw denied('get', name);
}

/** A write: create (nothing before), update, or delete (nothing after). */
export function authorizeWrite(
  authorizer: Authorizer,
  identity: Identity,
  name: string,
  before: Document | null,
  after: Document | null,
  time: Date,
): void {
  if (identity.admin) return;
  const method: FirestoreMethod = after === null ? 'delete' : before === null ? 'create' : 'update';
  const decision = authorize(authorizer, {
    service: 'firestore',
    method,
    path: name,
    identity,
    resource: before ? { data: before.fields ?? {} } : null,
    requestResource: after ? { data: after.fields ?? {} } : null,
    time,
  });
  if (!decision.allow) throw denied(method, name);
}

/** The collection path a list request is checked against. */
export function listPath(q: PreparedQuery): string {
  return `${q.parent.name}/${q.collectionId}`;
}

/**
 * A query (or aggregation, or list): each returned document is checked as the resource; an
 * empty result is checked against what the query's equality filters guarantee.
 */
export function authorizeList(
  authorizer: Authorizer,
  identity: Identity,
  q: PreparedQuery,
  docs: Document[],
  time: Date,
): void {
  if (identity.admin) return;
  const path = listPath(q);
  const query = { limit: q.limit ?? undefined, offset: q.offset || undefined, orderBy: q.orderByPaths };
  const check = (data: Fields): void => {
    const decision = authorize(authorizer, { service: 'firestore', method: 'list', path, identity, resource: { data }, query, time });
    if (!decision.allow) throw denied('list', path);
  };
  if (docs.length === 0) check(impliedFields(q));
  for (const doc of docs) check(doc.fields ?? {});
}

/** listDocuments: the collection is the path; each document is the resource. */
export function authorizeListDocuments(
  authorizer: Authorizer,
  identity: Identity,
  collection: string,
  docs: Document[],
  limit: number,
  time: Date,
): void {
  if (identity.admin) return;
  const check = (data: Fields): void => {
    const decision = authorize(authorizer, {
      service: 'firestore',
      method: 'list',
      path: collection,
      identity,
      resource: { data },
      query: { limit },
      time,
    });
    if (!decision.allow) throw denied('list', collection);
  };
  if (docs.length === 0) check({});
  for (const doc of docs) check(doc.fields ?? {});
}
