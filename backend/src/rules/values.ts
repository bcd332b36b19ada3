// Values of the rules language, their equality, ordering and type names, and their conversion
// from the proto3 JSON Firestore values in which documents reach the rules engine.

import type { Fields, Value } from '../shared/values.js';
import { fail } from './errors.js';
import { parseTimestamp } from './time.js';

export type RValue =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: bigint }
  | { t: 'float'; v: number }
  | { t: 'string'; v: string }
  | { t: 'bytes'; v: Uint8Array }
  | { t: 'list'; v: RValue[] }
  | { t: 'set'; v: RValue[] }
  /**
   * `partial` marks what a list query knows of its documents: the map holds only the keys the
   * query's filters fix; any other key is unknown, so reading it (or the whole map) is an error.
   * It names the map in that error (`resource.data`).
   */
  | { t: 'map'; v: Map<string, RValue>; partial?: string }
  | { t: 'mapdiff'; left: Map<string, RValue>; right: Map<string, RValue> }
  | { t: 'path'; v: string[] }
  /** Nanoseconds since the Unix epoch. */
  | { t: 'timestamp'; v: bigint }
  /** Nanoseconds. */
  | { t: 'duration'; v: bigint }
  | { t: 'latlng'; lat: number; lng: number };

export type Of<T extends RValue['t']> = Extract<RValue, { t: T }>;

export const NULL: RValue = { t: 'null' };
export const TRUE: RValue = { t: 'bool', v: true };
export const FALSE: RValue = { t: 'bool', v: false };

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;

export const bool = (v: boolean): RValue => (v ? TRUE : FALSE);
export const str = (v: string): RValue => ({ t: 'string', v });
export const flt = (v: number): RValue => ({ t: 'float', v });
export const list = (v: RValue[]): RValue => ({ t: 'list', v });
export const map = (v: Map<string, RValue>): RValue => ({ t: 'map', v });
export const path = (v: string[]): RValue => ({ t: 'path', v });

export function int(v: bigint | number): RValue {
  const b = typeof v === 'bigint' ? v : BigInt(v);
  if (b < INT_MIN || b > INT_MAX) fail('integer overflow');
  return { t: 'int', v: b };
}

export function set(items: RValue[]): RValue {
  const out: RValue[] = [];
  for (const item of items) if (!out.some((o) => equals(o, item))) out.push(item);
  return { t: 'set', v: out };
}

export function mapOf(entries: Record<string, RValue | undefined>): RValue {
  const m = new Map<string, RValue>();
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) m.set(k, v);
  return map(m);
}

/** The name `is` uses for the value's type. */
export function typeName(value: RValue): string {
  switch (value.t) {
    case 'mapdiff':
      return 'map_diff';
    default:
      return value.t;
  }
}

export const TYPE_NAMES = new Set([
  'bool',
  'bytes',
  'duration',
  'float',
  'int',
  'latlng',
  'list',
  'map',
  'map_diff',
  'number',
  'path',
  'set',
  'string',
  'timestamp',
  'null',
]);

export function isType(value: RValue, type: string): boolean {
  if (type === 'number') return value.t === 'int' || value.t === 'float';
  return typeName(value) === type;
}

export function expect<T extends RValue['t']>(value: RValue, type: T, what: string): Of<T> {
  if (value.t !== type) fail(`${what}: expected ${type}, got ${typeName(value)}`);
  return value as Of<T>;
}

export function isNumber(value: RValue): value is Of<'int'> | Of<'float'> {
  return value.t === 'int' || value.t === 'float';
}

export function toNumber(value: RValue, what: string): number {
  if (value.t === 'int') return Number(value.v);
  if (value.t === 'float') return value.v;
  return fail(`${what}: expected a number, got ${typeName(value)}`);
}

export function equals(a: RValue, b: RValue): boolean {
  if (a.t === 'map' && b.t === 'map') {
    wholeMap(a);
    wholeMap(b);
  }
  if (isNumber(a) && isNumber(b)) {
    if (a.t === 'int' && b.t === 'int') return a.v === b.v;
    return toNumber(a, '') === toNumber(b, '');
  }
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'null':
      return true;
    case 'bool':
    case 'string':
    case 'timestamp':
    case 'duration':
      return a.v === (b as typeof a).v;
    case 'bytes': {
      const o = (b as typeof a).v;
      return a.v.length === o.length && a.v.every((x, i) => x === o[i]);
    }
    case 'path': {
      const o = (b as typeof a).v;
      return a.v.length === o.length && a.v.every((x, i) => x === o[i]);
    }
    case 'list': {
      const o = (b as typeof a).v;
      return (
        a.v.length === o.length &&
        a.v.every((x, i) => {
          const y = o[i];
          return y !== undefined && equals(x, y);
        })
      );
    }
    case 'set': {
      const o = (b as typeof a).v;
      return a.v.length === o.length && a.v.every((x) => o.some((y) => equals(x, y)));
    }
    case 'map':
      return mapsEqual(a.v, (b as typeof a).v);
    case 'mapdiff': {
      const o = b as typeof a;
      return mapsEqual(a.left, o.left) && mapsEqual(a.right, o.right);
    }
    case 'latlng': {
      const o = b as typeof a;
      return a.lat === o.lat && a.lng === o.lng;
    }
    default:
      return false;
  }
}

function mapsEqual(a: Map<string, RValue>, b: Map<string, RValue>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !equals(v, w)) return false;
  }
  return true;
}

/** A map's entry; undefined when absent, an error when the map is partial and lacks it. */
export function entryOf(m: Of<'map'>, key: string): RValue | undefined {
  const v = m.v.get(key);
  if (v === undefined && m.partial !== undefined) fail(`${m.partial}.${key} is not fixed by the query's filters`);
  return v;
}

/** Every entry of a map: an error for a partial map, whose other keys are unknown. */
export function wholeMap(m: Of<'map'>): Map<string, RValue> {
  if (m.partial !== undefined) fail(`${m.partial} is only partly known: the query's filters fix only some of its fields`);
  return m.v;
}

/** Ordering for < <= > >=: numbers, strings, timestamps, durations, bytes. Others are an error. */
export function compare(a: RValue, b: RValue): number {
  if (isNumber(a) && isNumber(b)) {
    if (a.t === 'int' && b.t === 'int') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
    const x = toNumber(a, '');
    const y = toNumber(b, '');
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a.t === 'string' && b.t === 'string') return compareCodePoints(a.v, b.v);
  if ((a.t === 'timestamp' && b.t === 'timestamp') || (a.t === 'duration' && b.t === 'duration'))
    return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (a.t === 'bytes' && b.t === 'bytes') {
    const d = a.v.findIndex((x, i) => x !== b.v[i]);
    // A prefix orders first; otherwise the first differing byte decides.
    if (d < 0 || d >= b.v.length) return a.v.length - b.v.length;
    return (a.v[d] ?? 0) - (b.v[d] ?? 0);
  }
  return fail(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (const [i, char] of x.entries()) {
    const other = y[i];
    if (other === undefined) return 1;
    const d = (char.codePointAt(0) ?? 0) - (other.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** `string(x)` and messages. */
export function formatFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return `${v}.0`;
  return String(v);
}

export function pathToString(segments: string[]): string {
  return '/' + segments.join('/');
}

export function parsePathString(text: string): string[] {
  return text.split('/').filter((s) => s !== '');
}

// ---- From Firestore's proto3 JSON ----

/** `projects/p/databases/d/documents/a/b` → ['databases', 'd', 'documents', 'a', 'b']. */
export function referenceToPath(name: string): string[] {
  const segments = parsePathString(name);
  return segments[0] === 'projects' ? segments.slice(2) : segments;
}

export function fromFirestoreValue(value: Value): RValue {
  if ('nullValue' in value) return NULL;
  if ('booleanValue' in value) return bool(value.booleanValue);
  if ('integerValue' in value) return int(BigInt(value.integerValue));
  if ('doubleValue' in value) return flt(Number(value.doubleValue));
  if ('timestampValue' in value) return { t: 'timestamp', v: parseTimestamp(value.timestampValue) };
  if ('stringValue' in value) return str(value.stringValue);
  if ('bytesValue' in value) return { t: 'bytes', v: new Uint8Array(Buffer.from(value.bytesValue, 'base64')) };
  if ('referenceValue' in value) return path(referenceToPath(value.referenceValue));
  if ('geoPointValue' in value)
    return { t: 'latlng', lat: value.geoPointValue.latitude ?? 0, lng: value.geoPointValue.longitude ?? 0 };
  if ('arrayValue' in value) return list((value.arrayValue.values ?? []).map(fromFirestoreValue));
  if ('mapValue' in value) return fromFields(value.mapValue.fields ?? {});
  return fail('unsupported Firestore value');
}

export function fromFields(fields: Fields): RValue {
  const m = new Map<string, RValue>();
  for (const [k, v] of Object.entries(fields)) m.set(k, fromFirestoreValue(v));
  return map(m);
}

/**
 * What a list query fixes of its documents' fields, as a partial map named `label`: maps inside
 * it are partial too (a filter on `a.b` fixes nothing else of `a`); list items are whole values.
 */
export function partialFromFields(fields: Fields, label: string): RValue {
  const m = new Map<string, RValue>();
  for (const [k, v] of Object.entries(fields))
    m.set(k, 'mapValue' in v ? partialFromFields(v.mapValue.fields ?? {}, `${label}.${k}`) : fromFirestoreValue(v));
  return { t: 'map', v: m, partial: label };
}

/** Plain JSON (token claims, storage metadata) → rule values. */
export function fromJson(value: unknown): RValue {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number') return Number.isInteger(value) ? int(value) : flt(value);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return list(value.map(fromJson));
  if (typeof value === 'object') {
    const m = new Map<string, RValue>();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) m.set(k, fromJson(v));
    return map(m);
  }
  return NULL;
}
