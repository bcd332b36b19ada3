// Storage rules behind the authorization seam: maps a StorageAccess onto `/b/{bucket}/o/{path=**}`
// and the object metadata rules see as resource and request.resource.

import type { Authorizer, Decision, StorageAccess } from '../authz/seam.js';
import type { RulesObserver } from './coverage.js';
import { decide } from './decide.js';
import { DocumentAccessBudget, documentReader, type DocumentLookup } from './documentReads.js';
import type { CompiledRules } from './loadRules.js';
import { authValue, timeValue } from './requestValues.js';
import { parseTimestamp } from './time.js';
import { fromJson, int, mapOf, NULL, parsePathString, path, str, type RValue } from './values.js';

/** Storage allows fewer cross-service Firestore reads than Firestore rules do; configurable. */
export const STORAGE_FIRESTORE_LIMIT = 2;

/** Object metadata; the fields beyond the seam's are used when the storage layer provides them. */
export interface StorageObjectInfo {
  size: number;
  contentType?: string;
  metadata?: Record<string, string>;
  timeCreated?: Date | string;
  updated?: Date | string;
  md5Hash?: string;
  crc32c?: string;
  etag?: string;
  generation?: string | number;
  metageneration?: string | number;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
}

export interface StorageRulesOptions {
  /** For firestore.get()/firestore.exists() in storage rules. */
  firestore?: { project: string; lookup: DocumentLookup; limit?: number };
  /** Counts what was evaluated (rules coverage). */
  coverage?: RulesObserver;
}

export function storageAuthorizer(rules: CompiledRules, options: StorageRulesOptions = {}): Authorizer {
  return (access) => {
    if (access.service !== 'storage')
      return { allow: false, reason: `${rules.fileName} does not decide ${access.service} requests` };
    return evaluateStorageAccess(rules, access, options);
  };
}

export function evaluateStorageAccess(rules: CompiledRules, access: StorageAccess, options: StorageRulesOptions = {}): Decision {
  const objectSegments = parsePathString(access.path);
  // A list names a folder, and the rule on its files decides it, as in production (a rule on
  // `match /images/{imageId}` governs listing images/): the folder's path plus one empty segment
  // for the files' wildcard.
  const segments = ['b', access.bucket, 'o', ...objectSegments, ...(access.method === 'list' ? [''] : [])];
  const objectName = objectSegments.join('/');
  const resourceOf = (info: StorageObjectInfo | null | undefined): RValue | undefined => {
    if (info === undefined) return undefined;
    if (info === null) return NULL;
    return objectValue(access.bucket, objectName, info);
  };
  const request = mapOf({
    auth: authValue(access.identity),
    method: str(access.method),
    path: path(segments),
    time: timeValue(access.time),
    resource: resourceOf(access.requestResource),
  });
  const globals = new Map<string, RValue>([
    ['request', request],
    ['resource', resourceOf(access.resource) ?? NULL],
  ]);
  const firestore = options.firestore;
  return decide(rules, {
    service: 'storage',
    segments,
    method: access.method,
    globals,
    documents: firestore
      ? documentReader(firestore.project, firestore.lookup, new DocumentAccessBudget(firestore.limit ?? STORAGE_FIRESTORE_LIMIT))
      : undefined,
    displayPath: '/' + segments.join('/'),
    coverage: options.coverage,
  });
}

function timestampOf(value: Date | string | undefined): RValue | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? { t: 'timestamp', v: parseTimestamp(value) } : timeValue(value);
}

function objectValue(bucket: string, name: string, info: StorageObjectInfo): RValue {
  const text = (v: string | number | undefined) => (v === undefined ? undefined : str(String(v)));
  return mapOf({
    name: str(name),
    bucket: str(bucket),
    size: int(info.size),
    contentType: info.contentType === undefined ? NULL : str(info.contentType),
    metadata: fromJson(info.metadata ?? {}),
    timeCreated: timestampOf(info.timeCreated),
    updated: timestampOf(info.updated),
    md5Hash: text(info.md5Hash),
    crc32c: text(info.crc32c),
    etag: text(info.etag),
    generation: text(info.generation),
    metageneration: text(info.metageneration),
    cacheControl: text(info.cacheControl),
    contentDisposition: text(info.contentDisposition),
    contentEncoding: text(info.contentEncoding),
    contentLanguage: text(info.contentLanguage),
  });
}
