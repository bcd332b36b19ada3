// Firestore values in proto3 JSON: validation into one canonical form, and Firestore's
// cross-type ordering and equality (the order queries, cursors and transforms rely on).

import { invalid } from '../errors.js';
import type { Fields, Value } from '../types.js';
import { checkUtf8, compareResourceNames, compareStrings } from './paths.js';

export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE' };
export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
const MAX_DEPTH = 20;

export enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  /** A map `{__type__: "__vector__", value: [...]}`: between arrays and maps. */
  Vector = 9,
  Map = 10,
}

/** Which kind a value is; throws INVALID_ARGUMENT when it has no (or several) kinds. */
function kindOf(value: unknown, where: string): keyof Value & string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${where}: a value must be an object with exactly one kind (e.g. stringValue).`);
  }
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  if (keys.length !== 1) {
    throw invalid(`${where}: a value must have exactly one kind, got ${keys.length === 0 ? 'none' : keys.join(', ')}.`);
  }
  return keys[0] as keyof Value & string;
}

export interface NormalizeOptions {
  /** Writes forbid arrays directly inside arrays; query values may be anything. */
  forWrite?: boolean;
}

/** The canonical form of a value: integerValue strings, finite doubles as numbers, timestamps trimmed to µs. */
export function normalizeValue(
  value: unknown,
  where = 'value',
  options: NormalizeOptions = {},
  depth = 0,
  inArray = false,
): Value {
  if (depth > MAX_DEPTH) throw invalid(`${where}: values are nested more than ${MAX_DEPTH} levels deep.`);
  const kind = kindOf(value, where);
  const raw = (value as Record<string, unknown>)[kind];
  switch (kind) {
    case 'nullValue':
      if (raw !== null && raw !== 'NULL_VALUE' && raw !== 0) throw invalid(`${where}: nullValue must be NULL_VALUE.`);
      return NULL_VALUE;
    case 'booleanValue':
      if (typeof raw !== 'boolean') throw invalid(`${where}: booleanValue must be a boolean.`);
      return { booleanValue: raw };
    case 'integerValue':
      return { integerValue: parseInt64(raw, where).toString() };
    case 'doubleValue':
      return { doubleValue: canonicalDouble(parseDouble(raw, where)) };
    case 'timestampValue':
      if (typeof raw !== 'string') throw invalid(`${where}: timestampValue must be an RFC 3339 string.`);
      return { timestampValue: formatTimestamp(truncateToMicros(parseTimestamp(raw, where))) };
    case 'stringValue':
      if (typeof raw !== 'string') throw invalid(`${where}: stringValue must be a string.`);
      checkUtf8(raw, `${where}: the string`);
      return { stringValue: raw };
    case 'bytesValue':
      if (typeof raw !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) throw invalid(`${where}: bytesValue must be base64.`);
      return { bytesValue: Buffer.from(raw, 'base64').toString('base64') };
    case 'referenceValue':
      if (typeof raw !== 'string' || !/^projects\/[^/]+\/databases\/[^/]+\/documents\/[^/]+\/[^/]+(\/[^/]+\/[^/]+)*$/.test(raw)) {
        throw invalid(`${where}: referenceValue must be a document name (projects/{p}/databases/{d}/documents/...).`);
      }
      checkUtf8(raw, `${where}: the reference`);
      return { referenceValue: raw };
    case 'geoPointValue': {
      if (typeof raw !== 'object' || raw === null) throw invalid(`${where}: geoPointValue must be an object.`);
      const { latitude = 0, longitude = 0 } = raw as { latitude?: unknown; longitude?: unknown };
      const lat = parseDouble(latitude, `${where}.latitude`);
      const lng = parseDouble(longitude, `${where}.longitude`);
      if (!(lat >= -90 && lat <= 90)) throw invalid(`${where}: latitude must be in [-90, 90].`);
      if (!(lng >= -180 && lng <= 180)) throw invalid(`${where}: longitude must be in [-180, 180].`);
      return { geoPointValue: { latitude: lat, longitude: lng } };
    }
    case 'arrayValue': {
      if (options.forWrite && inArray) throw invalid(`${where}: an array cannot directly contain another array.`);
      if (typeof raw !== 'object' || raw === null) throw invalid(`${where}: arrayValue must be an object.`);
      const values = (raw as { values?: unknown }).values ?? [];
      if (!Array.isArray(values)) throw invalid(`${where}: arrayValue.values must be a list.`);
      return { arrayValue: { values: values.map((v, i) => normalizeValue(v, `${where}[${i}]`, options, depth + 1, true)) } };
    }
    case 'mapValue': {
      if (typeof raw !== 'object' || raw === null) throw invalid(`${where}: mapValue must be an object.`);
      return { mapValue: { fields: normalizeFields((raw as { fields?: unknown }).fields, where, options, depth + 1) } };
    }
    default:
      throw invalid(`${where}: unknown value kind "${kind}".`);
  }
}

export function normalizeFields(fields: unknown, where = 'fields', options: NormalizeOptions = {}, depth = 0): Fields {
  if (fields === undefined || fields === null) return {};
  if (typeof fields !== 'object' || Array.isArray(fields)) throw invalid(`${where}: fields must be a map of values.`);
  const out: Fields = {};
  for (const [key, v] of Object.entries(fields as Record<string, unknown>)) {
    if (options.forWrite && key === '') throw invalid(`${where}: field names must not be empty.`);
    checkUtf8(key, `${where}: a field name`);
    out[key] = normalizeValue(v, where === 'fields' ? key : `${where}.${key}`, options, depth);
  }
  return out;
}

// ---- numbers ----

export function parseInt64(raw: unknown, where: string): bigint {
  let n: bigint;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) n = BigInt(raw);
  else if (typeof raw === 'string' && /^[+-]?\d+$/.test(raw)) n = BigInt(raw);
  else throw invalid(`${where}: integerValue must be a 64-bit integer.`);
  if (n > INT64_MAX || n < INT64_MIN) throw invalid(`${where}: integerValue is out of the 64-bit range.`);
  return n;
}

function parseDouble(raw: unknown, where: string): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string') {
    if (raw === 'NaN') return NaN;
    if (raw === 'Infinity') return Infinity;
    if (raw === '-Infinity') return -Infinity;
    if (raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  }
  throw invalid(`${where}: doubleValue must be a number.`);
}

/** proto3 JSON writes non-finite doubles as strings; finite ones stay numbers. */
function canonicalDouble(n: number): number | string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

export function doubleValue(n: number): Value {
  return { doubleValue: canonicalDouble(n) };
}

export function intValue(n: bigint): Value {
  return { integerValue: n.toString() };
}

/** A numeric value as bigint (integers) or number (doubles); null for other kinds. */
export function numericOf(v: Value): bigint | number | null {
  if ('integerValue' in v) return BigInt(v.integerValue);
  if ('doubleValue' in v) return typeof v.doubleValue === 'number' ? v.doubleValue : parseDouble(v.doubleValue, 'doubleValue');
  return null;
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && (v.doubleValue === 'NaN' || (typeof v.doubleValue === 'number' && Number.isNaN(v.doubleValue)));
}

export function isNullValue(v: Value): boolean {
  return 'nullValue' in v;
}

function compareIntDouble(a: bigint, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const floor = Math.floor(d);
  const fb = BigInt(floor);
  if (a < fb) return -1;
  if (a > fb) return 1;
  return d > floor ? -1 : 0;
}

export function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'bigint') return compareIntDouble(a, b as number);
  if (typeof b === 'bigint') return -compareIntDouble(b, a);
  // NaN sorts before every other number and equals itself.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---- timestamps ----

const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 timestamp as nanoseconds since the epoch. */
export function parseTimestamp(raw: string, where = 'timestamp'): bigint {
  const m = TIMESTAMP_RE.exec(raw);
  if (!m) throw invalid(`${where}: "${raw}" is not an RFC 3339 timestamp.`);
  // Every group but the fraction is mandatory in the pattern.
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) throw invalid(`${where}: "${raw}" is not a valid date.`);
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  const seconds = BigInt(ms / 1000);
  if (seconds < -62135596800n || seconds > 253402300799n) throw invalid(`${where}: "${raw}" is out of range.`);
  return seconds * 1_000_000_000n + BigInt(frac.padEnd(9, '0'));
}

function truncateToMicros(nanos: bigint): bigint {
  const rem = ((nanos % 1000n) + 1000n) % 1000n;
  return nanos - rem;
}

/** Nanoseconds since the epoch as RFC 3339 UTC with 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(nanos: bigint): string {
  let seconds = nanos / 1_000_000_000n;
  let frac = nanos % 1_000_000_000n;
  if (frac < 0n) {
    frac += 1_000_000_000n;
    seconds -= 1n;
  }
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  if (frac === 0n) return `${base}Z`;
  let digits = frac.toString().padStart(9, '0');
  if (digits.endsWith('000000')) digits = digits.slice(0, 3);
  else if (digits.endsWith('000')) digits = digits.slice(0, 6);
  return `${base}.${digits}Z`;
}

/** Commit versions: microseconds since the epoch, always written with six fractional digits. */
export function formatMicros(micros: bigint): string {
  const seconds = micros / 1_000_000n;
  const frac = (micros % 1_000_000n).toString().padStart(6, '0');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${frac}Z`;
}

export function timestampToMicros(raw: string, where = 'timestamp'): bigint {
  const nanos = parseTimestamp(raw, where);
  return nanos >= 0n ? nanos / 1000n : -((-nanos + 999n) / 1000n);
}

// ---- ordering and equality ----

export function typeOrder(v: Value): TypeOrder {
  if ('nullValue' in v) return TypeOrder.Null;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('stringValue' in v) return TypeOrder.String;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('geoPointValue' in v) return TypeOrder.GeoPoint;
  if ('arrayValue' in v) return TypeOrder.Array;
  return isVectorValue(v) ? TypeOrder.Vector : TypeOrder.Map;
}

/** A vector embedding: a map whose `__type__` is the string `__vector__`, as the SDKs write it. */
export function isVectorValue(v: Value): boolean {
  if (!('mapValue' in v)) return false;
  const type = v.mapValue.fields?.['__type__'];
  return type !== undefined && 'stringValue' in type && type.stringValue === '__vector__';
}

function vectorElements(v: Value): Value[] {
  const value = 'mapValue' in v ? v.mapValue.fields?.['value'] : undefined;
  return arrayValues(value) ?? [];
}

function compareArrays(x: Value[], y: Value[]): number {
  for (const [i, item] of x.entries()) {
    const other = y[i];
    if (other === undefined) break;
    const c = compareValues(item, other);
    if (c !== 0) return c;
  }
  return sign(x.length - y.length);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Firestore's total order over values of every type. Both values must be normalized. */
export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return Number((a as { booleanValue: boolean }).booleanValue) - Number((b as { booleanValue: boolean }).booleanValue);
    case TypeOrder.Number:
      return compareNumbers(numericOf(a)!, numericOf(b)!);
    case TypeOrder.Timestamp: {
      const x = parseTimestamp((a as { timestampValue: string }).timestampValue);
      const y = parseTimestamp((b as { timestampValue: string }).timestampValue);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case TypeOrder.String:
      return compareStrings((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue);
    case TypeOrder.Bytes:
      return sign(compareBytes((a as { bytesValue: string }).bytesValue, (b as { bytesValue: string }).bytesValue));
    case TypeOrder.Reference:
      return compareResourceNames(
        (a as { referenceValue: string }).referenceValue,
        (b as { referenceValue: string }).referenceValue,
      );
    case TypeOrder.GeoPoint: {
      const x = (a as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      const y = (b as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return compareNumbers(x.latitude ?? 0, y.latitude ?? 0) || compareNumbers(x.longitude ?? 0, y.longitude ?? 0);
    }
    case TypeOrder.Array:
      return compareArrays(arrayValues(a) ?? [], arrayValues(b) ?? []);
    case TypeOrder.Vector: {
      // Firestore orders vectors by dimension first, then element by element.
      const x = vectorElements(a);
      const y = vectorElements(b);
      return sign(x.length - y.length) || compareArrays(x, y);
    }
    case TypeOrder.Map: {
      const x = (a as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      const y = (b as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      for (const [i, keyX] of kx.entries()) {
        const keyY = ky[i];
        const valueX = x[keyX];
        const valueY = keyY === undefined ? undefined : y[keyY];
        if (keyY === undefined || valueX === undefined || valueY === undefined) break;
        const c = compareStrings(keyX, keyY) || compareValues(valueX, valueY);
        if (c !== 0) return c;
      }
      return sign(kx.length - ky.length);
    }
  }
}

/** Equality as Firestore queries and array transforms use it: 1 equals 1.0, NaN equals NaN. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

export function arrayValues(v: Value | undefined): Value[] | null {
  return v && 'arrayValue' in v ? (v.arrayValue.values ?? []) : null;
}

// ---- sizes ----

const utf8Size = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A value's storage size by Firestore's published rules (strings count UTF-8 bytes + 1). */
export function valueSize(v: Value): number {
  if ('nullValue' in v || 'booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v || 'timestampValue' in v) return 8;
  if ('stringValue' in v) return utf8Size(v.stringValue) + 1;
  if ('bytesValue' in v) return Buffer.byteLength(v.bytesValue, 'base64');
  if ('referenceValue' in v) return nameSize(v.referenceValue);
  if ('geoPointValue' in v) return 16;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).reduce((n, x) => n + valueSize(x), 0);
  return fieldsSize(v.mapValue.fields ?? {});
}

export function fieldsSize(fields: Fields): number {
  let n = 0;
  for (const [key, value] of Object.entries(fields)) n += utf8Size(key) + 1 + valueSize(value);
  return n;
}

/** A document name's size: its path segments after `documents/`, plus 16. */
export function nameSize(name: string): number {
  const segments = name.split('/').slice(5);
  return segments.reduce((n, s) => n + utf8Size(s) + 1, 16);
}
