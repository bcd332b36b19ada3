// What the store keeps about an object, and how it crosses the wire: the metadata JSON the SDK
// sends on upload and PATCH (null clears a field), and the Firebase metadata JSON it reads back.

import { createHash, randomUUID } from 'node:crypto';
import { badRequest } from './storageErrors.js';

export interface StoredObject {
  bucket: string;
  name: string;
  size: number;
  md5Hash: string;
  contentType: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  customMetadata: Record<string, string>;
  downloadTokens: string[];
  /** Decimal string: microseconds since the epoch when the content was written. */
  generation: string;
  metageneration: number;
  timeCreated: string;
  updated: string;
}

/** The fields a client may set; `null` clears one (on PATCH). */
export interface MetadataPatch {
  contentType?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  cacheControl?: string | null;
  /** `null` clears all custom metadata; a `null` value clears one key. */
  metadata?: Record<string, string | null> | null;
  md5Hash?: string;
}

/** How rules see an object (`resource` / `request.resource`). */
export interface RulesObjectView {
  size: number;
  contentType?: string;
  metadata?: Record<string, string>;
}

const STRING_FIELDS = ['contentType', 'contentDisposition', 'contentEncoding', 'contentLanguage', 'cacheControl'] as const;
type StringField = (typeof STRING_FIELDS)[number];

/** The custom metadata key through which admin tools and GCS carry download tokens. */
const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Reads the JSON metadata of an upload or a PATCH; anything malformed is a 400 naming it. */
export function parseMetadataPatch(raw: unknown): MetadataPatch {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Object metadata must be a JSON object.');
  const input = raw as Record<string, unknown>;
  const patch: MetadataPatch = {};
  for (const field of STRING_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw badRequest(`Metadata field "${field}" must be a string or null.`);
    patch[field] = value;
  }
  if (input.md5Hash !== undefined && input.md5Hash !== null) {
    if (typeof input.md5Hash !== 'string') throw badRequest('Metadata field "md5Hash" must be a string.');
    patch.md5Hash = input.md5Hash;
  }
  const custom = input.metadata;
  if (custom === null) patch.metadata = null;
  else if (custom !== undefined) {
    if (typeof custom !== 'object' || Array.isArray(custom))
      throw badRequest('Metadata field "metadata" must be an object of strings.');
    patch.metadata = {};
    for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
      if (value === null) patch.metadata[key] = null;
      else if (typeof value === 'object') patch.metadata[key] = JSON.stringify(value);
      else patch.metadata[key] = String(value);
    }
  }
  return patch;
}

export function md5Base64(data: Uint8Array): string {
  return createHash('md5').update(data).digest('base64');
}

let lastGeneration = 0;
/** Strictly increasing, so two writes in the same microsecond still differ. */
export function nextGeneration(): string {
  const now = Date.now() * 1000;
  lastGeneration = Math.max(now, lastGeneration + 1);
  return String(lastGeneration);
}

/** A new object (or a new generation over an existing name) from an upload. */
export function newObject(
  bucket: string,
  name: string,
  data: Uint8Array,
  patch: MetadataPatch,
  fallbackContentType: string | undefined,
): StoredObject {
  const md5Hash = md5Base64(data);
  if (patch.md5Hash !== undefined && patch.md5Hash !== md5Hash) {
    throw badRequest(`The md5Hash in the metadata (${patch.md5Hash}) does not match the uploaded bytes (${md5Hash}).`);
  }
  const now = new Date().toISOString();
  const object: StoredObject = {
    bucket,
    name,
    size: data.byteLength,
    md5Hash,
    contentType: patch.contentType ?? fallbackContentType ?? 'application/octet-stream',
    customMetadata: {},
    downloadTokens: [],
    generation: nextGeneration(),
    metageneration: 1,
    timeCreated: now,
    updated: now,
  };
  applyFields(object, patch);
  if (object.contentDisposition === undefined) object.contentDisposition = defaultDisposition(name);
  if (object.downloadTokens.length === 0) object.downloadTokens = [randomUUID()];
  return object;
}

/** The object after a PATCH: a new metageneration, same content. */
export function patchedObject(current: StoredObject, patch: MetadataPatch): StoredObject {
  const next: StoredObject = {
    ...current,
    customMetadata: { ...current.customMetadata },
    downloadTokens: [...current.downloadTokens],
    metageneration: current.metageneration + 1,
    updated: new Date().toISOString(),
  };
  applyFields(next, patch);
  if (next.contentType === undefined) next.contentType = 'application/octet-stream';
  if (next.downloadTokens.length === 0) next.downloadTokens = [randomUUID()];
  return next;
}

function applyFields(object: StoredObject, patch: MetadataPatch): void {
  for (const field of STRING_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value === null) delete (object as Partial<Record<StringField, string>>)[field];
    else object[field] = value;
  }
  if (patch.metadata === null) object.customMetadata = {};
  else if (patch.metadata) {
    for (const [key, value] of Object.entries(patch.metadata)) {
      if (value === null) delete object.customMetadata[key];
      else object.customMetadata[key] = value;
    }
  }
  const tokens = object.customMetadata[TOKENS_KEY];
  if (tokens !== undefined) {
    delete object.customMetadata[TOKENS_KEY];
    object.downloadTokens = tokens
      .split(',')
      .map((token) => token.trim())
      .filter((token) => token.length > 0);
  }
}

function defaultDisposition(name: string): string {
  const fileName = name.slice(name.lastIndexOf('/') + 1);
  return `inline; filename*=utf-8''${encodeURIComponent(fileName)}`;
}

/** The Firebase API's object resource, as `GET /v0/b/{b}/o/{name}` returns it. */
export function toFirebaseJson(object: StoredObject): Record<string, unknown> {
  const json: Record<string, unknown> = {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    timeCreated: object.timeCreated,
    updated: object.updated,
    storageClass: 'STANDARD',
    size: String(object.size),
    md5Hash: object.md5Hash,
    contentEncoding: object.contentEncoding ?? 'identity',
    contentDisposition: object.contentDisposition,
    contentLanguage: object.contentLanguage,
    cacheControl: object.cacheControl,
    downloadTokens: object.downloadTokens.join(','),
  };
  if (Object.keys(object.customMetadata).length > 0) json.metadata = { ...object.customMetadata };
  return json;
}

export function rulesView(object: StoredObject | null): RulesObjectView | null {
  if (!object) return null;
  return { size: object.size, contentType: object.contentType, metadata: { ...object.customMetadata } };
}
