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
import type { Document, Fields, Filter, Value } from '../types.js';
import { NAME_FIELD, parseFieldPath, setField } from './paths.js';
import { inCollection, type PreparedQuery } from './query.js';
import { arrayValues, normalizeValue } from './values.js';

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

/** What an access asks beyond who asks, when, and the reads its rules may make. */
type AccessRequest = Omit<FirestoreAccess, 'service' | 'identity' | 'time' | keyof RequestReads>;

/** Admins pass untouched; anyone else's access must be allowed by the rules. */
function check(authorizer: Authorizer, identity: Identity, time: Date, reads: RequestReads, request: AccessRequest): void {
  if (identity.admin) return;
  const access: FirestoreAccess = { service: 'firestore', ...request, identity, time, ...reads };
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
  check(authorizer, identity, time, reads, { method: 'get', path: name, resource: doc ? { data: doc.fields ?? {} } : null });
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
  check(authorizer, identity, time, reads, {
    method: after === null ? 'delete' : before === null ? 'create' : 'update',
    path: name,
    resource: before ? { data: before.fields ?? {} } : null,
    requestResource: after ? { data: after.fields ?? {} } : null,
    commitTime,
  });
}

/** The collection path a list request is checked against. */
export function listPath(q: PreparedQuery): string {
  return `${q.parent.name}/${q.collectionId}`;
}

/**
 * A query (or aggregation, or listener). Rules are not filters: the query is allowed only when
 * the list rule holds for every document it could return, whatever is stored. Each way a
 * document can match its filter (a branch of an OR, a value of an IN) is decided once, with
 * `resource.data` holding what that way's equality filters fix (rules see every other field as
 * unknown) and, when it names one document of the query by `__name__`, that document's path.
 */
export function authorizeList(
  authorizer: Authorizer,
  identity: Identity,
  q: PreparedQuery,
  where: Filter | undefined,
  time: Date,
  reads: RequestReads,
): void {
  if (identity.admin) return;
  const collection = listPath(q);
  const query = { limit: q.limit ?? undefined, offset: q.offset || undefined, orderBy: q.orderByPaths };
  for (const way of matchWays(where)) {
    const named = way.name !== undefined && inCollection(q, { name: way.name }) ? way.name : collection;
    const access: FirestoreAccess = {
      service: 'firestore',
      method: 'list',
      path: named,
      identity,
      resource: { data: way.fields },
      query,
      time,
      ...reads,
    };
    if (!authorize(authorizer, access).allow) throw denied('list', collection);
  }
}

/** listDocuments: no filters, so nothing of its documents is known; the page size is its limit. */
export function authorizeListDocuments(
  authorizer: Authorizer,
  identity: Identity,
  collection: string,
  limit: number,
  time: Date,
  reads: RequestReads,
): void {
  check(authorizer, identity, time, reads, { method: 'list', path: collection, resource: { data: {} }, query: { limit } });
}

/** What one way of matching a filter fixes: field values, and the document's name. */
interface MatchWay {
  fields: Fields;
  name?: string;
}

/** A value a filter fixes; a null path is `__name__`. */
interface Fixed {
  path: string[] | null;
  value: Value;
}

function matchWays(where: Filter | undefined): MatchWay[] {
  return (where ? fixedWays(where) : [[]]).map((fixed) => {
    const way: MatchWay = { fields: {} };
    for (const { path, value } of fixed) {
      if (path) way.fields = setField(way.fields, path, value);
      else if ('referenceValue' in value) way.name = value.referenceValue;
    }
    return way;
  });
}

/**
 * The filter in disjunctive normal form, keeping only what determines a value: `==`, `in`,
 * `is null` and `is nan`. Ranges, `!=`, `not-in` and `array-contains(-any)` fix nothing. The
 * query was validated, so the count stays within Firestore's 30 disjunctions.
 */
function fixedWays(f: Filter): Fixed[][] {
  if (f.compositeFilter) {
    const parts = (f.compositeFilter.filters ?? []).map(fixedWays);
    if (f.compositeFilter.op === 'OR') return parts.length === 0 ? [[]] : parts.flat();
    return parts.reduce<Fixed[][]>((acc, part) => acc.flatMap((a) => part.map((b) => [...a, ...b])), [[]]);
  }
  if (f.unaryFilter) {
    const path = filterPath(f.unaryFilter.field.fieldPath);
    if (f.unaryFilter.op === 'IS_NULL') return [[{ path, value: normalizeValue({ nullValue: null }) }]];
    if (f.unaryFilter.op === 'IS_NAN') return [[{ path, value: normalizeValue({ doubleValue: 'NaN' }) }]];
    return [[]];
  }
  if (f.fieldFilter) {
    const path = filterPath(f.fieldFilter.field.fieldPath);
    const value = normalizeValue(f.fieldFilter.value);
    if (f.fieldFilter.op === 'EQUAL') return [[{ path, value }]];
    const items = arrayValues(value) ?? [];
    if (f.fieldFilter.op === 'IN' && items.length > 0) return items.map((item) => [{ path, value: item }]);
  }
  return [[]];
}

function filterPath(fieldPath: string): string[] | null {
  const path = parseFieldPath(fieldPath);
  return path.length === 1 && path[0] === NAME_FIELD ? null : path;
}
