// The single authorization seam: every client read and write of Firestore and Storage is
// decided here. Admin callers never reach it. The rules engine plugs in behind `Authorizer`.

import type { Fields } from '../shared/values.js';
import type { Identity } from './identity.js';

/** Documented limits on rules' document reads (get, exists, getAfter, existsAfter) per request. */
export const SINGLE_DOCUMENT_LIMIT = 10;
export const MULTI_DOCUMENT_LIMIT = 20;

/**
 * How rules read other documents. Names are `projects/{p}/databases/{d}/documents/{path}`.
 * `get` sees the stored state; `getAfter` the state once the whole request (every write of the
 * batch or transaction) is applied, which for a read is the stored state too.
 */
export interface DocumentLookup {
  get(name: string): Fields | null;
  getAfter(name: string): Fields | null;
}

/**
 * The document reads of one request: each distinct read is cached and counts once against
 * `limit`. One budget is shared by every access of a request (all writes of a commit, all
 * documents of a query), as the service counts them.
 */
export interface DocumentReadBudget {
  readonly limit: number;
  readonly reads: Map<string, Fields | null>;
}

export function documentReadBudget(limit: number): DocumentReadBudget {
  return { limit, reads: new Map() };
}

export type FirestoreMethod = 'get' | 'list' | 'create' | 'update' | 'delete';
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface FirestoreAccess {
  service: 'firestore';
  method: FirestoreMethod;
  /** projects/{p}/databases/{d}/documents/{path} (for list: the collection's path). */
  path: string;
  identity: Identity;
  /**
   * The stored document, before the request (null when absent). For a list: what the query's
   * filters fix of every document it could return (the rules engine treats the rest as unknown).
   */
  resource: { data: Fields } | null;
  /** For writes: the document as it would be after the write (null for delete). */
  requestResource?: { data: Fields } | null;
  /** For list: the query's limit, offset and orderBy as rules see them. */
  query?: { limit?: number; offset?: number; orderBy?: string[] };
  time: Date;
  /**
   * request.time to the microsecond (RFC 3339) for writes: the commit time, which is also what
   * serverTimestamp() stores, so `data.updated_at == request.time` holds as in production.
   */
  commitTime?: string;
  /** For get()/getAfter() in rules; without it those calls are errors (the allow fails). */
  lookup?: DocumentLookup;
  /** The request's budget of document reads; a fresh single-document budget when absent. */
  budget?: DocumentReadBudget;
}

export interface StorageAccess {
  service: 'storage';
  method: StorageMethod;
  bucket: string;
  /** The object's name (for list: the prefix). */
  path: string;
  identity: Identity;
  resource: { size: number; contentType?: string; metadata?: Record<string, string> } | null;
  requestResource?: { size: number; contentType?: string; metadata?: Record<string, string> } | null;
  time: Date;
}

export type Access = FirestoreAccess | StorageAccess;

export interface Decision {
  allow: boolean;
  /** Why, for logs: which rule decided (the rules engine fills it in). */
  reason?: string;
}

export type Authorizer = (access: Access) => Decision;

/** Without rules (unit tests, or a service with no rules file), every client request is allowed. */
export const allowAll: Authorizer = () => ({ allow: true, reason: 'no rules configured: allow all' });

/** Decides one access; admin callers bypass the authorizer, as in production. */
export function authorize(authorizer: Authorizer, access: Access): Decision {
  if (access.identity.admin) return { allow: true, reason: 'admin' };
  return authorizer(access);
}
