// Resource names (databases, documents, collections) and field paths, parsed and validated.

import { invalid, invalidUtf8 } from '../errors.js';
import type { Fields, Value } from '../types.js';

export interface DocumentKey {
  /** projects/{p}/databases/{d} */
  database: string;
  /** The full document name. */
  name: string;
  /** Segments after `documents/`: an even count. */
  segments: string[];
  /** The full name of the collection holding the document. */
  collection: string;
  collectionId: string;
  id: string;
}

const DATABASE_RE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

/** Firestore's limits on names: each id (collection or document) and the path's length. */
export const MAX_ID_BYTES = 1500;
export const MAX_PATH_SEGMENTS = 100;

/** A lone surrogate: JSON can carry one (`"\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Throws INVALID_ARGUMENT when a string has no UTF-8 form, as Firestore refuses it. */
export function checkUtf8(text: string, where: string): void {
  if (LONE_SURROGATE.test(text)) throw invalidUtf8(where);
}

export function validateDatabase(database: unknown): string {
  if (typeof database !== 'string' || !DATABASE_RE.test(database)) {
    throw invalid(`Invalid database "${String(database)}": expected projects/{project}/databases/{database}.`);
  }
  return database;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The number of a numeric document id (`__id<n>__`, how Datastore's numeric ids are written), or null. */
export function numericId(segment: string): bigint | null {
  const m = /^__id(-?\d+)__$/.exec(segment);
  if (!m?.[1]) return null;
  const n = BigInt(m[1]);
  return n >= INT64_MIN && n <= INT64_MAX ? n : null;
}

/** `isDocumentId`: the segment names a document (odd positions below `documents/`). */
function validateSegment(segment: string, name: string, isDocumentId: boolean): void {
  if (segment === '' || segment === '.' || segment === '..') {
    throw invalid(`Invalid resource name "${name}": the segment "${segment}" is not a valid id.`);
  }
  // `__.*__` is reserved, except numeric document ids; production's words.
  if (/^__.*__$/.test(segment) && !(isDocumentId && numericId(segment) !== null)) {
    throw invalid(`${isDocumentId ? 'Resource' : 'Collection'} id "${segment}" is invalid because it is reserved.`);
  }
  checkUtf8(segment, 'A path segment');
  // Production's own words for an id over the limit (a UTF-16 unit is at most 3 UTF-8 bytes).
  if (segment.length * 3 > MAX_ID_BYTES && Buffer.byteLength(segment, 'utf8') > MAX_ID_BYTES) {
    throw invalid(`The key path element name is longer than ${MAX_ID_BYTES} bytes.`);
  }
}

/** Splits `projects/p/databases/d/documents[/rest]` into its database and the rest's segments. */
function splitName(name: unknown, what: string): { database: string; segments: string[] } {
  if (typeof name !== 'string') throw invalid(`Invalid ${what} name: expected a string.`);
  const parts = name.split('/');
  if (
    parts.length < 5 ||
    parts[0] !== 'projects' ||
    parts[2] !== 'databases' ||
    parts[4] !== 'documents' ||
    !parts[1] ||
    !parts[3]
  ) {
    throw invalid(`Invalid ${what} name "${name}": expected projects/{project}/databases/{database}/documents/...`);
  }
  const segments = parts.slice(5);
  if (segments.length > MAX_PATH_SEGMENTS) {
    throw invalid(
      `Invalid ${what} name: its path has ${segments.length} segments below documents/, more than Firestore's maximum of ${MAX_PATH_SEGMENTS}.`,
    );
  }
  segments.forEach((s, i) => validateSegment(s, name, i % 2 === 1));
  return { database: parts.slice(0, 4).join('/'), segments };
}

export function parseDocumentName(name: unknown, database?: string): DocumentKey {
  const { database: db, segments } = splitName(name, 'document');
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw invalid(`Invalid document name "${String(name)}": a document path has an even number of segments.`);
  }
  if (database !== undefined && db !== database) {
    throw invalid(`Document "${String(name)}" is not in the database "${database}" of this request.`);
  }
  const full = name as string;
  return {
    database: db,
    name: full,
    segments,
    collection: full.slice(0, full.lastIndexOf('/')),
    collectionId: segments.at(-2) ?? '',
    id: segments.at(-1) ?? '',
  };
}

export interface ParentKey {
  database: string;
  /** The parent's full name: `.../documents` or a document name. */
  name: string;
  segments: string[];
}

/** A query or list parent: the database root (`.../documents`) or a document. */
export function parseParent(parent: unknown, database?: string): ParentKey {
  const { database: db, segments } = splitName(parent, 'parent');
  if (segments.length % 2 !== 0) {
    throw invalid(`Invalid parent "${String(parent)}": a parent is the database root or a document (even number of segments).`);
  }
  if (database !== undefined && db !== database) {
    throw invalid(`Parent "${String(parent)}" is not in the database "${database}" of this request.`);
  }
  return { database: db, name: parent as string, segments };
}

export function databaseOf(name: string): string {
  return name.split('/', 4).join('/');
}

/**
 * Orders document names segment by segment (so `a/b` sorts before `a-c`), numeric ids
 * (`__id<n>__`) first by their number, then the others by UTF-8 bytes, as Firestore does.
 */
export function compareResourceNames(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  for (const [i, segment] of x.entries()) {
    const other = y[i];
    if (other === undefined) break;
    if (segment !== other) return compareSegments(segment, other);
  }
  return x.length < y.length ? -1 : x.length > y.length ? 1 : 0;
}

function compareSegments(a: string, b: string): number {
  const m = numericId(a);
  const n = numericId(b);
  if (m === null || n === null) return m !== null ? -1 : n !== null ? 1 : compareStrings(a, b);
  return m < n ? -1 : m > n ? 1 : compareStrings(a, b);
}

/** Strings compare in UTF-8 byte order, which is code point order (not UTF-16 unit order). */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    // A surrogate starts a code point above U+FFFF, so it beats any other BMP unit.
    if (sa !== sb) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

// ---- field paths ----

export const NAME_FIELD = '__name__';

/** Splits a field path (`a.b`, `` `a.b`.c ``, backslash escapes inside backticks) into segments. */
export function parseFieldPath(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') throw invalid('Invalid field path: it must be a non-empty string.');
  const segments: string[] = [];
  let i = 0;
  while (i < path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const c = path[i];
        if (c === '\\') {
          if (i + 1 >= path.length) break;
          segment += path[i + 1];
          i += 2;
        } else if (c === '`') {
          closed = true;
          i++;
          break;
        } else {
          segment += c;
          i++;
        }
      }
      if (!closed) throw invalid(`Invalid field path "${path}": unterminated backtick.`);
      if (i < path.length && path[i] !== '.') throw invalid(`Invalid field path "${path}": expected "." after a quoted segment.`);
    } else {
      while (i < path.length && path[i] !== '.') {
        if (path[i] === '`') throw invalid(`Invalid field path "${path}": a backtick may only open a segment.`);
        segment += path[i];
        i++;
      }
    }
    if (segment === '') throw invalid(`Invalid field path "${path}": empty segment.`);
    segments.push(segment);
    if (i < path.length) {
      i++; // the dot
      if (i === path.length) throw invalid(`Invalid field path "${path}": ends with a dot.`);
    }
  }
  return segments;
}

/** One canonical spelling per path, for de-duplication and prefix checks. */
export function canonicalFieldPath(segments: string[]): string {
  return segments
    .map((s) => (/^[A-Za-z_][A-Za-z_0-9]*$/.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}

export function getField(fields: Fields | undefined, segments: string[]): Value | undefined {
  let current: Fields | undefined = fields;
  for (const [i, segment] of segments.entries()) {
    const v: Value | undefined = current?.[segment];
    if (v === undefined || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    if (i === segments.length - 1) return v;
    if (!('mapValue' in v)) return undefined;
    current = v.mapValue.fields ?? {};
  }
  return undefined;
}

/** A copy of `fields` with the path set (intermediate non-maps become maps); the input is untouched. */
export function setField(fields: Fields, segments: string[], value: Value): Fields {
  const [head, ...rest] = segments;
  if (head === undefined) return fields;
  const out: Fields = { ...fields };
  if (rest.length === 0) {
    out[head] = value;
    return out;
  }
  const child = fields[head];
  const childFields = child && 'mapValue' in child ? (child.mapValue.fields ?? {}) : {};
  out[head] = { mapValue: { fields: setField(childFields, rest, value) } };
  return out;
}

/** A copy of `fields` without the path; unchanged (same object) when it is absent. */
export function deleteField(fields: Fields, segments: string[]): Fields {
  const [head, ...rest] = segments;
  if (head === undefined || !Object.prototype.hasOwnProperty.call(fields, head)) return fields;
  if (rest.length === 0) {
    const out = { ...fields };
    delete out[head];
    return out;
  }
  const child = fields[head];
  if (child === undefined || !('mapValue' in child)) return fields;
  const childFields = child.mapValue.fields ?? {};
  const next = deleteField(childFields, rest);
  if (next === childFields) return fields;
  return { ...fields, [head]: { mapValue: { fields: next } } };
}

/** Keeps only the given paths (a field mask / projection). */
export function projectFields(fields: Fields | undefined, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
