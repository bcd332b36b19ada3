// A project's index definitions in the form `firebase init` and `firebase firestore:indexes` write
// (firestore.indexes.json: `indexes` and `fieldOverrides`), checked as firebase-tools checks them
// before a deploy, plus the limits the Admin API documents. A bad file is refused with its name,
// the entry and what is wrong, never half-read.

import { ApiError } from '../errors.js';
import { NAME_FIELD, canonicalFieldPath, parseFieldPath } from '../engine/paths.js';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type FieldMode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS';

export interface IndexField {
  /** Canonical field path (`a.b`, backticks where needed); `__name__` for the document name. */
  path: string;
  mode: FieldMode;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  /** The listed fields, always ending with `__name__` (added as production adds it). */
  fields: IndexField[];
}

/** One single-field index a field override turns on. */
export interface SingleFieldIndex {
  mode: FieldMode;
  queryScope: QueryScope;
}

export interface FieldOverride {
  collectionGroup: string;
  /** Segments of the field path; `['*']` for every field of the collection group. */
  segments: string[];
  /** The single-field indexes the field keeps; empty = an exemption. */
  indexes: SingleFieldIndex[];
}

export interface IndexDefinitions {
  composites: CompositeIndex[];
  overrides: FieldOverride[];
}

export const NO_INDEXES: IndexDefinitions = { composites: [], overrides: [] };

/** A malformed indexes file: `file: where: what`. */
export class IndexesFileError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'IndexesFileError';
  }
}

const SCOPES = ['COLLECTION', 'COLLECTION_GROUP'] as const;
const ORDERS = ['ASCENDING', 'DESCENDING'] as const;
/** The Admin API's bounds on a composite index's fields. */
const MIN_COMPOSITE_FIELDS = 2;
const MAX_COMPOSITE_FIELDS = 100;

type Json = Record<string, unknown>;

/** Parses the text of an indexes file; throws IndexesFileError naming `file`. */
export function parseIndexesFile(text: string, file: string): IndexDefinitions {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new IndexesFileError(file, `not valid JSON (${(error as Error).message})`);
  }
  try {
    return parseDefinitions(raw);
  } catch (error) {
    if (error instanceof DefinitionError) throw new IndexesFileError(file, error.message);
    throw error;
  }
}

/** The same checks on an already parsed value (the emulator endpoint's body); throws INVALID_ARGUMENT. */
export function definitionsFromJson(raw: unknown): IndexDefinitions {
  try {
    return parseDefinitions(raw);
  } catch (error) {
    if (error instanceof DefinitionError) throw new ApiError('INVALID_ARGUMENT', error.message);
    throw error;
  }
}

class DefinitionError extends Error {}

function parseDefinitions(raw: unknown): IndexDefinitions {
  const spec = object(raw, 'the file');
  // firebase-tools refuses a file without `indexes`; `fieldOverrides` may be left out.
  const indexes = list(spec.indexes, '"indexes"');
  const overrides = spec.fieldOverrides === undefined ? [] : list(spec.fieldOverrides, '"fieldOverrides"');
  return {
    composites: indexes.flatMap((entry, i) => composite(entry, `indexes[${i}]`)),
    overrides: overrides.map((entry, i) => override(entry, `fieldOverrides[${i}]`)),
  };
}

function composite(raw: unknown, where: string): CompositeIndex[] {
  const entry = object(raw, where);
  const collectionGroup = collectionGroupOf(entry, where);
  const queryScope = oneOf(entry.queryScope, SCOPES, `${where}.queryScope`);
  const rawFields = list(entry.fields, `${where}.fields`);
  // Vector and search fields serve findNearest and full-text search, which this backend does not run.
  if (rawFields.some((f) => typeof f === 'object' && f !== null && ('vectorConfig' in f || 'searchConfig' in f))) return [];
  const fields = rawFields.map((f, i) => indexField(f, `${where}.fields[${i}]`));
  if (fields.filter((f) => f.mode === 'CONTAINS').length > 1) {
    throw new DefinitionError(`${where}: a composite index may have at most one array field.`);
  }
  // Counted as listed: one field is a single-field index, which a field override configures.
  if (fields.length < MIN_COMPOSITE_FIELDS || fields.length > MAX_COMPOSITE_FIELDS) {
    throw new DefinitionError(
      `${where}: a composite index lists ${MIN_COMPOSITE_FIELDS} to ${MAX_COMPOSITE_FIELDS} fields; ` +
        'a single field is indexed with a field override instead.',
    );
  }
  if (fields.at(-1)?.path !== NAME_FIELD) fields.push({ path: NAME_FIELD, mode: lastOrder(fields) });
  if (fields.slice(0, -1).some((f) => f.path === NAME_FIELD)) {
    throw new DefinitionError(`${where}: __name__ may only be the last field of an index.`);
  }
  return [{ collectionGroup, queryScope, fields }];
}

/** `__name__` follows the last ordered field's direction (ascending when none), as firebase-tools adds it. */
function lastOrder(fields: IndexField[]): FieldMode {
  return fields.findLast((f) => f.mode !== 'CONTAINS')?.mode ?? 'ASCENDING';
}

function indexField(raw: unknown, where: string): IndexField {
  const entry = object(raw, where);
  const path = fieldPathOf(entry.fieldPath, `${where}.fieldPath`);
  const hasOrder = entry.order !== undefined;
  const hasArray = entry.arrayConfig !== undefined;
  if (hasOrder === hasArray) throw new DefinitionError(`${where}: give exactly one of "order" and "arrayConfig".`);
  if (hasArray) {
    oneOf(entry.arrayConfig, ['CONTAINS'] as const, `${where}.arrayConfig`);
    return { path, mode: 'CONTAINS' };
  }
  return { path, mode: oneOf(entry.order, ORDERS, `${where}.order`) };
}

function override(raw: unknown, where: string): FieldOverride {
  const entry = object(raw, where);
  const collectionGroup = collectionGroupOf(entry, where);
  if (entry.ttl !== undefined && typeof entry.ttl !== 'boolean') throw new DefinitionError(`${where}.ttl must be true or false.`);
  const segments = entry.fieldPath === '*' ? ['*'] : parseFieldPath(fieldPathOf(entry.fieldPath, `${where}.fieldPath`));
  const indexes = list(entry.indexes, `${where}.indexes`).map((x, i): SingleFieldIndex => {
    const at = `${where}.indexes[${i}]`;
    const index = object(x, at);
    const { mode } = indexField({ ...index, fieldPath: NAME_FIELD }, at);
    const queryScope = index.queryScope === undefined ? 'COLLECTION' : oneOf(index.queryScope, SCOPES, `${at}.queryScope`);
    return { mode, queryScope };
  });
  return { collectionGroup, segments, indexes };
}

function collectionGroupOf(entry: Json, where: string): string {
  const id = entry.collectionGroup;
  if (typeof id !== 'string' || id === '' || id.includes('/')) {
    throw new DefinitionError(`${where}.collectionGroup must be a collection id (got ${JSON.stringify(id)}).`);
  }
  return id;
}

function fieldPathOf(raw: unknown, where: string): string {
  try {
    return canonicalFieldPath(parseFieldPath(raw));
  } catch {
    throw new DefinitionError(`${where} must be a field path (got ${JSON.stringify(raw)}).`);
  }
}

function object(raw: unknown, where: string): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new DefinitionError(`${where} must be an object.`);
  return raw as Json;
}

function list(raw: unknown, where: string): unknown[] {
  if (!Array.isArray(raw)) throw new DefinitionError(`${where} must be a list.`);
  return raw;
}

function oneOf<T extends string>(raw: unknown, allowed: readonly T[], where: string): T {
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  throw new DefinitionError(`${where} must be one of ${allowed.join(', ')} (got ${JSON.stringify(raw)}).`);
}
