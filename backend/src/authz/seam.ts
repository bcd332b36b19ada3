// The single authorization seam: every client read and write of Firestore and Storage is
// decided here. Admin callers never reach it. The rules engine plugs in behind `Authorizer`.

import type { Fields } from '../firestore/types.js';
import type { Identity } from './identity.js';

export type FirestoreMethod = 'get' | 'list' | 'create' | 'update' | 'delete';
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface FirestoreAccess {
  service: 'firestore';
  method: FirestoreMethod;
  /** projects/{p}/databases/{d}/documents/{path} (for list: the collection's path). */
  path: string;
  identity: Identity;
  /** The stored document, before the request (null when absent). */
  resource: { data: Fields } | null;
  /** For writes: the document as it would be after the write (null for delete). */
  requestResource?: { data: Fields } | null;
  /** For list: the query's limit, offset and orderBy as rules see them. */
  query?: { limit?: number; offset?: number; orderBy?: string[] };
  time: Date;
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

/** Until the rules engine lands, every client request is allowed. */
export const allowAll: Authorizer = () => ({ allow: true, reason: 'no rules engine: allow all' });

/** Decides one access; admin callers bypass the authorizer, as in production. */
export function authorize(authorizer: Authorizer, access: Access): Decision {
  if (access.identity.admin) return { allow: true, reason: 'admin' };
  return authorizer(access);
}
