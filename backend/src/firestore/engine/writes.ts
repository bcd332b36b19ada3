// One Write, validated up front (parseWrite) and then applied to a document (applyWrite):
// set, update with a mask, delete, verify, preconditions and field transforms. A write that
// leaves the fields as they were leaves the document as it was, update time included.

import { ApiError, invalid } from '../errors.js';
import type { Document, FieldTransform, Fields, Value, Write, WriteResult } from '../types.js';
import type { DocumentChange } from './api.js';
import {
  canonicalFieldPath,
  deleteField,
  getField,
  parseDocumentName,
  parseFieldPath,
  setField,
  type DocumentKey,
} from './paths.js';
import {
  INT64_MAX,
  INT64_MIN,
  NULL_VALUE,
  arrayValues,
  compareNumbers,
  doubleValue,
  fieldsSize,
  intValue,
  isNaNValue,
  nameSize,
  normalizeFields,
  normalizeValue,
  numericOf,
  parseTimestamp,
  valuesEqual,
} from './values.js';

type TransformOp =
  | { kind: 'serverTime' }
  | { kind: 'increment' | 'maximum' | 'minimum'; operand: Value }
  | { kind: 'union' | 'remove'; elements: Value[] };

export interface ParsedTransform {
  path: string[];
  op: TransformOp;
}

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'verify' | 'transform';
  key: DocumentKey;
  fields: Fields;
  /** Update with a mask: only these paths change (absent from `fields` = deleted). */
  mask: string[][] | null;
  transforms: ParsedTransform[];
  exists?: boolean;
  /** Nanoseconds since the epoch. */
  updateTime?: bigint;
}

/**
 * The fields of google.firestore.v1.Write and of its Document. Firestore refuses a JSON name it
 * does not know; ignoring one would let a misspelt `updateMask` turn a merge into an overwrite.
 */
const WRITE_FIELDS = new Set(['update', 'delete', 'verify', 'transform', 'updateMask', 'updateTransforms', 'currentDocument']);
const DOCUMENT_FIELDS = new Set(['name', 'fields', 'createTime', 'updateTime']);

function refuseUnknownFields(object: object, known: Set<string>, where: string): void {
  const unknown = Object.keys(object).find((key) => !known.has(key));
  if (unknown !== undefined)
    throw invalid(`Invalid JSON payload received. Unknown name "${unknown}" at '${where}': Cannot find field.`);
}

/** Validates a Write and brings it to canonical form; throws INVALID_ARGUMENT. */
export function parseWrite(write: Write, database: string): ParsedWrite {
  if (typeof write !== 'object' || write === null) throw invalid('Each write must be an object.');
  refuseUnknownFields(write, WRITE_FIELDS, 'write');
  const kinds = (['update', 'delete', 'verify', 'transform'] as const).filter((k) => write[k] !== undefined);
  const [kind] = kinds;
  if (kinds.length !== 1 || kind === undefined)
    throw invalid('A write must have exactly one of update, delete, verify or transform.');
  let key: DocumentKey;
  let fields: Fields = {};
  let transforms: ParsedTransform[] = [];
  if (kind === 'update') {
    const doc = write.update!;
    if (typeof doc !== 'object' || doc === null) throw invalid('write.update must be a document.');
    refuseUnknownFields(doc, DOCUMENT_FIELDS, 'write.update');
    key = parseDocumentName(doc.name, database);
    fields = normalizeFields(doc.fields, 'fields', { forWrite: true });
    transforms = parseTransforms(write.updateTransforms);
  } else if (kind === 'transform') {
    const t = write.transform!;
    if (typeof t !== 'object' || t === null) throw invalid('write.transform must be an object.');
    key = parseDocumentName(t.document, database);
    transforms = parseTransforms(t.fieldTransforms);
    if (write.updateTransforms !== undefined) throw invalid('A transform write cannot also carry updateTransforms.');
  } else {
    key = parseDocumentName(write[kind], database);
    if (write.updateTransforms?.length) throw invalid(`A ${kind} write cannot carry updateTransforms.`);
  }
  let mask: string[][] | null = null;
  if (write.updateMask !== undefined && write.updateMask !== null) {
    if (kind !== 'update') throw invalid(`A ${kind} write cannot carry an updateMask.`);
    const paths = write.updateMask.fieldPaths ?? [];
    if (!Array.isArray(paths)) throw invalid('updateMask.fieldPaths must be a list.');
    mask = paths.map(parseFieldPath);
    const seen = new Set<string>();
    for (const p of mask) {
      const c = canonicalFieldPath(p);
      if (seen.has(c)) throw invalid(`The update mask names the field "${c}" twice.`);
      seen.add(c);
    }
  }
  const parsed: ParsedWrite = { kind, key, fields, mask, transforms };
  const pre = write.currentDocument;
  if (pre !== undefined && pre !== null) {
    if (typeof pre !== 'object') throw invalid('currentDocument must be an object.');
    if (pre.exists !== undefined && pre.updateTime !== undefined)
      throw invalid('A precondition may set exists or updateTime, not both.');
    if (pre.exists !== undefined) {
      if (typeof pre.exists !== 'boolean') throw invalid('currentDocument.exists must be a boolean.');
      parsed.exists = pre.exists;
    }
    if (pre.updateTime !== undefined) parsed.updateTime = parseTimestamp(pre.updateTime, 'currentDocument.updateTime');
  }
  return parsed;
}

function parseTransforms(list: FieldTransform[] | undefined): ParsedTransform[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw invalid('Field transforms must be a list.');
  return list.map((t, i) => {
    const where = `fieldTransforms[${i}]`;
    if (typeof t !== 'object' || t === null) throw invalid(`${where} must be an object.`);
    const path = parseFieldPath(t.fieldPath);
    const ops = (
      ['setToServerValue', 'increment', 'maximum', 'minimum', 'appendMissingElements', 'removeAllFromArray'] as const
    ).filter((k) => t[k] !== undefined);
    const [op] = ops;
    if (ops.length !== 1 || op === undefined) throw invalid(`${where} must have exactly one transform.`);
    switch (op) {
      case 'setToServerValue':
        if (t.setToServerValue !== 'REQUEST_TIME') throw invalid(`${where}: setToServerValue must be REQUEST_TIME.`);
        return { path, op: { kind: 'serverTime' } };
      case 'increment':
      case 'maximum':
      case 'minimum': {
        const operand = normalizeValue(t[op], `${where}.${op}`);
        if (numericOf(operand) === null) throw invalid(`${where}: ${op} needs an integer or double value.`);
        return { path, op: { kind: op, operand } };
      }
      case 'appendMissingElements':
      case 'removeAllFromArray': {
        const raw = t[op];
        if (typeof raw !== 'object' || raw === null || (raw.values !== undefined && !Array.isArray(raw.values))) {
          throw invalid(`${where}: ${op} needs an array value.`);
        }
        const elements = (raw.values ?? []).map((v, j) => normalizeValue(v, `${where}.${op}[${j}]`, { forWrite: true }, 0, true));
        return { path, op: { kind: op === 'appendMissingElements' ? 'union' : 'remove', elements } };
      }
    }
  });
}

export interface AppliedWrite {
  /** The document after the write (null = absent). For verify: the unchanged document. */
  after: Document | null;
  transformResults: Value[];
}

/**
 * Applies one parsed write to the document as it stands; throws on a failed precondition.
 * `deletedEarlier`: an earlier write of the same commit deleted the document.
 */
export function applyWrite(
  write: ParsedWrite,
  before: Document | null,
  commitTime: string,
  deletedEarlier = false,
): AppliedWrite {
  checkPrecondition(write, before, deletedEarlier);
  if (write.kind === 'verify') return { after: before, transformResults: [] };
  if (write.kind === 'delete') return { after: null, transformResults: [] };
  let fields: Fields;
  if (write.kind === 'transform') fields = before?.fields ?? {};
  else if (write.mask) {
    fields = before?.fields ?? {};
    for (const path of write.mask) {
      const v = getField(write.fields, path);
      fields = v === undefined ? deleteField(fields, path) : setField(fields, path, v);
    }
  } else fields = write.fields;
  const transformResults: Value[] = [];
  for (const t of write.transforms) {
    const { value, result } = applyTransform(t.op, getField(fields, t.path), commitTime);
    fields = setField(fields, t.path, value);
    transformResults.push(result);
  }
  // Firestore keeps the document (and its update time) when a write changes nothing.
  if (before && sameFields(before.fields ?? {}, fields)) return { after: before, transformResults };
  checkSize(write.key.name, fields);
  return {
    after: { name: write.key.name, fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime },
    transformResults,
  };
}

export interface AppliedCommit {
  /** Each write with its document before and after it, in order (what rules decide). */
  steps: { write: ParsedWrite; before: Document | null; after: Document | null }[];
  /** Every document written, as the commit leaves it (null = absent): what getAfter() sees. */
  overlay: Map<string, Document | null>;
  /** The documents the commit changes (not those it leaves as they were). */
  changes: DocumentChange[];
  writeResults: WriteResult[];
}

/**
 * Applies a commit's writes in order to the documents as `lookup` finds them. A document the
 * commit leaves with the fields it had stays as it was (no change, same update time), and its
 * writes answer its previous update time, as Firestore's do.
 */
export function applyWrites(writes: ParsedWrite[], lookup: (name: string) => Document | null, commitTime: string): AppliedCommit {
  const overlay = new Map<string, Document | null>();
  const originals = new Map<string, Document | null>();
  const deleted = new Set<string>();
  const steps: (AppliedCommit['steps'][number] & { transformResults: Value[] })[] = [];
  for (const write of writes) {
    const name = write.key.name;
    if (!originals.has(name)) originals.set(name, lookup(name));
    const before = overlay.has(name) ? (overlay.get(name) ?? null) : (originals.get(name) ?? null);
    const { after, transformResults } = applyWrite(write, before, commitTime, deleted.has(name));
    if (write.kind === 'delete') deleted.add(name);
    steps.push({ write, before, after, transformResults });
    overlay.set(name, after);
  }
  const changes: DocumentChange[] = [];
  for (const [name, after] of overlay) {
    const original = originals.get(name) ?? null;
    if (original && after && after !== original && sameFields(original.fields ?? {}, after.fields ?? {})) {
      overlay.set(name, original);
    } else if (after !== original) {
      changes.push({ name, before: original, after });
    }
  }
  const writeResults = steps.map(({ write, transformResults }): WriteResult => {
    const final = overlay.get(write.key.name) ?? null;
    const unchanged = write.kind !== 'delete' && final !== null && final === originals.get(write.key.name);
    const updateTime = unchanged ? (final.updateTime ?? commitTime) : commitTime;
    return transformResults.length > 0 ? { updateTime, transformResults } : { updateTime };
  });
  return { steps, overlay, changes, writeResults };
}

const MAX_DOCUMENT_BYTES = 1_048_576;

function checkSize(name: string, fields: Fields): void {
  // UTF-8 needs at most 3 bytes per JSON character, and JSON spells every value out longer than
  // Firestore counts it, so a short JSON form proves the document small without the exact count.
  if (JSON.stringify(fields).length < MAX_DOCUMENT_BYTES / 4) return;
  const size = nameSize(name) + fieldsSize(fields) + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    const bytes = (n: number): string => n.toLocaleString('en-US');
    throw invalid(
      `Document '${name}' cannot be written because its size (${bytes(size)} bytes) exceeds the maximum allowed size of ${bytes(MAX_DOCUMENT_BYTES)} bytes.`,
    );
  }
}

/** Whether two documents' fields are the same stored values (map entries in any order). */
function sameFields(a: Fields, b: Fields): boolean {
  return sameJson(a, b);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}

function checkPrecondition(write: ParsedWrite, before: Document | null, deletedEarlier: boolean): void {
  const name = write.key.name;
  if (write.exists === true && !before && deletedEarlier) {
    // Production answers INVALID_ARGUMENT here, where a document missing from the start is NOT_FOUND.
    throw invalid(`No document to ${write.kind === 'delete' ? 'delete' : 'update'}: ${name} was deleted earlier in this commit.`);
  }
  if (write.exists === true && !before) {
    throw new ApiError('NOT_FOUND', `No document to ${write.kind === 'delete' ? 'delete' : 'update'}: ${name}`);
  }
  if (write.exists === false && before) throw new ApiError('ALREADY_EXISTS', `Document already exists: ${name}`);
  if (write.updateTime !== undefined) {
    if (!before) throw new ApiError('FAILED_PRECONDITION', `The document ${name} does not exist (an update time was required).`);
    if (parseTimestamp(before.updateTime!) !== write.updateTime) {
      throw new ApiError('FAILED_PRECONDITION', `The document ${name} has changed since it was read (update time mismatch).`);
    }
  }
}

function applyTransform(op: TransformOp, current: Value | undefined, commitTime: string): { value: Value; result: Value } {
  switch (op.kind) {
    case 'serverTime': {
      const value = { timestampValue: commitTime };
      return { value, result: value };
    }
    case 'increment': {
      const value = increment(current, op.operand);
      return { value, result: value };
    }
    case 'maximum':
    case 'minimum': {
      const value = extremum(op.kind, current, op.operand);
      return { value, result: value };
    }
    case 'union': {
      const values = [...(current ? (arrayValues(current) ?? []) : [])];
      for (const e of op.elements) if (!values.some((v) => valuesEqual(v, e))) values.push(e);
      // The server answers null for array transforms; clients compute the result themselves.
      return { value: { arrayValue: { values } }, result: NULL_VALUE };
    }
    case 'remove': {
      const values = (current ? (arrayValues(current) ?? []) : []).filter((v) => !op.elements.some((e) => valuesEqual(v, e)));
      return { value: { arrayValue: { values } }, result: NULL_VALUE };
    }
  }
}

function increment(current: Value | undefined, operand: Value): Value {
  const base = current ? numericOf(current) : null;
  if (base === null) return operand;
  const delta = numericOf(operand)!;
  if (typeof base === 'bigint' && typeof delta === 'bigint') {
    const sum = base + delta;
    // Integer overflow saturates, as Firestore does.
    return intValue(sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum);
  }
  return doubleValue(Number(base) + Number(delta));
}

function extremum(kind: 'maximum' | 'minimum', current: Value | undefined, operand: Value): Value {
  const base = current ? numericOf(current) : null;
  if (base === null) return operand;
  if (isNaNValue(current!)) return current!;
  if (isNaNValue(operand)) return operand;
  const c = compareNumbers(base, numericOf(operand)!);
  // Equal values (3 and 3.0) keep the stored one.
  if (kind === 'maximum') return c < 0 ? operand : current!;
  return c > 0 ? operand : current!;
}
