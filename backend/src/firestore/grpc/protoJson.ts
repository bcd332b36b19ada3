// Converts between decoded protobuf messages and their proto3 JSON form, driven by protobufjs
// reflection, so the gRPC adapter can hand the engine the same shapes REST and WebChannel carry.
// Well-known types follow the proto3 JSON mapping: Timestamp ↔ RFC 3339, wrappers ↔ bare
// values, Duration ↔ "1.5s", Struct/Value/ListValue ↔ plain JSON, Empty ↔ {}.

import protobuf from 'protobufjs';
import { invalid } from '../errors.js';

type Json = unknown;
type JsonObject = Record<string, unknown>;

const INT64_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const INT32_TYPES = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);

const WRAPPERS = new Set([
  'google.protobuf.DoubleValue',
  'google.protobuf.FloatValue',
  'google.protobuf.Int64Value',
  'google.protobuf.UInt64Value',
  'google.protobuf.Int32Value',
  'google.protobuf.UInt32Value',
  'google.protobuf.BoolValue',
  'google.protobuf.StringValue',
  'google.protobuf.BytesValue',
]);

// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range RFC 3339 and Firestore allow.
const MIN_SECONDS = -62135596800;
const MAX_SECONDS = 253402300799;

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

const fullName = (type: protobuf.Type): string => type.fullName.replace(/^\./, '');

// ---------------------------------------------------------------------------------------------
// protobuf → JSON

/** The `value` field every google.protobuf wrapper type declares. */
function wrappedField(type: protobuf.Type): protobuf.Field {
  const field = type.fields.value;
  if (!field) throw new Error(`${fullName(type)} has no value field.`);
  return field;
}

/** A decoded message (from Type.decode) as proto3 JSON. */
export function messageToJson(type: protobuf.Type, message: object): Json {
  switch (fullName(type)) {
    case 'google.protobuf.Timestamp':
      return timestampToJson(message as { seconds?: unknown; nanos?: number });
    case 'google.protobuf.Duration':
      return durationToJson(message as { seconds?: unknown; nanos?: number });
    case 'google.protobuf.Struct':
      return structToJson(message as { fields?: Record<string, object> });
    case 'google.protobuf.Value':
      return structValueToJson(message as JsonObject);
    case 'google.protobuf.ListValue':
      return ((message as { values?: object[] }).values ?? []).map((v) => structValueToJson(v as JsonObject));
  }
  if (WRAPPERS.has(fullName(type))) {
    const field = wrappedField(type);
    const value = (message as JsonObject).value;
    return value == null ? scalarDefault(field) : scalarToJson(field, value);
  }
  const out: JsonObject = {};
  for (const field of type.fieldsArray) {
    const value = (message as JsonObject)[field.name];
    if (!hasOwn(message, field.name) || value == null) continue;
    if (field.map) {
      const entries = Object.entries(value as JsonObject);
      if (entries.length === 0) continue;
      const map: JsonObject = {};
      for (const [key, entry] of entries) map[key] = valueToJson(field, entry);
      out[field.name] = map;
    } else if (field.repeated) {
      const items = value as unknown[];
      if (items.length === 0) continue;
      out[field.name] = items.map((item) => valueToJson(field, item));
    } else {
      // proto3 presence: oneof members (and `optional` fields) and messages count when set;
      // plain scalars only when they differ from their default.
      const tracksPresence = field.partOf !== null || field.resolvedType instanceof protobuf.Type;
      if (!tracksPresence && isScalarDefault(field, value)) continue;
      out[field.name] = valueToJson(field, value);
    }
  }
  return out;
}

function valueToJson(field: protobuf.Field, value: unknown): Json {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    if (fullName(resolved) === 'google.protobuf.Value' && value == null) return null;
    return messageToJson(resolved, value as object);
  }
  if (resolved instanceof protobuf.Enum) {
    const number = value as number;
    // proto3 JSON: NullValue is rendered as its name too (the engine's types expect it).
    return resolved.valuesById[number] ?? number;
  }
  return scalarToJson(field, value);
}

function scalarToJson(field: protobuf.Field, value: unknown): Json {
  if (INT64_TYPES.has(field.type)) return String(value); // Long and number both print exactly
  if (field.type === 'bytes') return Buffer.from(value as Uint8Array).toString('base64');
  if (field.type === 'double' || field.type === 'float') return doubleToJson(value as number);
  return value;
}

function doubleToJson(n: number): Json {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  // JSON cannot carry -0 as a number; the web SDK writes it as a string too.
  if (n === 0 && 1 / n < 0) return '-0';
  return n;
}

function scalarDefault(field: protobuf.Field): Json {
  if (INT64_TYPES.has(field.type)) return '0';
  if (field.type === 'bool') return false;
  if (field.type === 'string' || field.type === 'bytes') return '';
  return 0;
}

function isScalarDefault(field: protobuf.Field, value: unknown): boolean {
  if (field.resolvedType instanceof protobuf.Enum) return value === 0;
  if (INT64_TYPES.has(field.type)) return String(value) === '0';
  if (field.type === 'bytes') return (value as Uint8Array).length === 0;
  if (field.type === 'double' || field.type === 'float') return value === 0 && 1 / (value as number) > 0;
  return value === 0 || value === '' || value === false;
}

function timestampToJson(ts: { seconds?: unknown; nanos?: number }): string {
  const seconds = Number(String(ts.seconds ?? 0));
  const nanos = ts.nanos ?? 0;
  if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS) || !(nanos >= 0 && nanos <= 999_999_999)) {
    throw invalid(`A timestamp is out of range (seconds ${seconds}, nanos ${nanos}).`);
  }
  const iso = new Date(seconds * 1000).toISOString(); // yyyy-mm-ddThh:mm:ss.000Z
  return `${iso.slice(0, 19)}${fraction(nanos)}Z`;
}

/** Nanoseconds as the shortest of "", ".sss", ".ssssss", ".sssssssss", as proto3 JSON does. */
function fraction(nanos: number): string {
  if (nanos === 0) return '';
  const digits = String(nanos).padStart(9, '0');
  if (nanos % 1_000_000 === 0) return `.${digits.slice(0, 3)}`;
  if (nanos % 1_000 === 0) return `.${digits.slice(0, 6)}`;
  return `.${digits}`;
}

function durationToJson(d: { seconds?: unknown; nanos?: number }): string {
  const seconds = BigInt(String(d.seconds ?? 0));
  const nanos = d.nanos ?? 0;
  const negative = seconds < 0n || nanos < 0;
  const abs = (seconds < 0n ? -seconds : seconds).toString();
  return `${negative ? '-' : ''}${abs}${fraction(Math.abs(nanos))}s`;
}

function structToJson(struct: { fields?: Record<string, object> }): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(struct.fields ?? {})) out[key] = structValueToJson(value as JsonObject);
  return out;
}

function structValueToJson(value: JsonObject): Json {
  if (hasOwn(value, 'numberValue') && value.numberValue != null) return doubleToJson(value.numberValue as number);
  if (hasOwn(value, 'stringValue') && value.stringValue != null) return value.stringValue;
  if (hasOwn(value, 'boolValue') && value.boolValue != null) return value.boolValue;
  if (hasOwn(value, 'structValue') && value.structValue != null)
    return structToJson(value.structValue as { fields?: Record<string, object> });
  if (hasOwn(value, 'listValue') && value.listValue != null) {
    return ((value.listValue as { values?: object[] }).values ?? []).map((v) => structValueToJson(v as JsonObject));
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// JSON → protobuf

/**
 * A proto3 JSON value as a plain object Type.encode accepts (enums as numbers, bytes as
 * Buffers, int64 as decimal strings). Throws INVALID_ARGUMENT on values the type cannot hold.
 */
export function messageFromJson(type: protobuf.Type, json: Json, path = fullName(type)): JsonObject {
  switch (fullName(type)) {
    case 'google.protobuf.Timestamp':
      return timestampFromJson(json, path);
    case 'google.protobuf.Duration':
      return durationFromJson(json, path);
    case 'google.protobuf.Struct':
      return structFromJson(json, path);
    case 'google.protobuf.Value':
      return structValueFromJson(json, path);
    case 'google.protobuf.ListValue':
      if (!Array.isArray(json)) throw invalid(`${path} must be an array.`);
      return { values: json.map((v, i) => structValueFromJson(v, `${path}[${i}]`)) };
    case 'google.protobuf.Empty':
      return {};
  }
  if (WRAPPERS.has(fullName(type))) {
    // Some clients hand wrappers over as {value}; proto3 JSON is the bare value.
    const bare = isObject(json) && 'value' in json ? json.value : json;
    return { value: scalarFromJson(wrappedField(type), bare, path) };
  }
  if (!isObject(json)) throw invalid(`${path} must be an object.`);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(json)) {
    const field = type.fields[key] ?? findFieldByJsonName(type, key);
    // Fields this protocol version does not know are dropped, as proto3 parsers may do.
    if (!field) continue;
    const fieldPath = `${path}.${key}`;
    if (value === null && !isNullable(field)) continue;
    if (field.map) {
      if (!isObject(value)) throw invalid(`${fieldPath} must be an object.`);
      const map: JsonObject = {};
      for (const [k, v] of Object.entries(value)) map[k] = valueFromJson(field, v, `${fieldPath}.${k}`);
      out[field.name] = map;
    } else if (field.repeated) {
      if (!Array.isArray(value)) throw invalid(`${fieldPath} must be an array.`);
      out[field.name] = value.map((v, i) => valueFromJson(field, v, `${fieldPath}[${i}]`));
    } else {
      out[field.name] = valueFromJson(field, value, fieldPath);
    }
  }
  return out;
}

function isNullable(field: protobuf.Field): boolean {
  const resolved = field.resolvedType;
  if (!resolved) return false;
  const name = resolved.fullName.replace(/^\./, '');
  return name === 'google.protobuf.NullValue' || name === 'google.protobuf.Value';
}

function findFieldByJsonName(type: protobuf.Type, key: string): protobuf.Field | undefined {
  return type.fieldsArray.find((f) => f.options?.json_name === key);
}

function valueFromJson(field: protobuf.Field, value: Json, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return messageFromJson(resolved, value, path);
  if (resolved instanceof protobuf.Enum) {
    if (value === null) return 0; // NullValue
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && hasOwn(resolved.values, value)) return resolved.values[value];
    throw invalid(`${path} has an unknown ${resolved.name} value: ${JSON.stringify(value)}.`);
  }
  return scalarFromJson(field, value, path);
}

function scalarFromJson(field: protobuf.Field, value: Json, path: string): unknown {
  const type = field.type;
  if (INT64_TYPES.has(type)) {
    const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d+$/.test(text)) throw invalid(`${path} must be an integer.`);
    const big = BigInt(text);
    const unsigned = type === 'uint64' || type === 'fixed64';
    const [min, max] = unsigned ? [0n, 2n ** 64n - 1n] : [-(2n ** 63n), 2n ** 63n - 1n];
    if (big < min || big > max) throw invalid(`${path} is out of the 64-bit range.`);
    return text;
  }
  if (INT32_TYPES.has(type)) {
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid(`${path} must be a 32-bit integer.`);
    const unsigned = type === 'uint32' || type === 'fixed32';
    if (unsigned ? n < 0 || n > 0xffffffff : n < -0x80000000 || n > 0x7fffffff) {
      throw invalid(`${path} is out of the 32-bit range.`);
    }
    return n;
  }
  if (type === 'double' || type === 'float') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
    if (value === 'NaN') return NaN;
    throw invalid(`${path} must be a number.`);
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw invalid(`${path} must be a boolean.`);
    return value;
  }
  if (type === 'string') {
    if (typeof value !== 'string') throw invalid(`${path} must be a string.`);
    return value;
  }
  if (type === 'bytes') {
    if (typeof value !== 'string') throw invalid(`${path} must be base64 text.`);
    return Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  }
  throw invalid(`${path} has the unsupported type ${type}.`);
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** An RFC 3339 time as {seconds, nanos}; exported for the adapter's own checks. */
export function parseTimestamp(text: string): { seconds: number; nanos: number } | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  let millis = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC maps years 0-99 to 1900-1999.
  if (Number(y) < 100) {
    const date = new Date(millis);
    date.setUTCFullYear(Number(y));
    millis = date.getTime();
  }
  if (sign) millis -= (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  const seconds = Math.floor(millis / 1000);
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) return null;
  return { seconds, nanos };
}

function timestampFromJson(json: Json, path: string): JsonObject {
  const ts = typeof json === 'string' ? parseTimestamp(json) : null;
  if (!ts) throw invalid(`${path} must be an RFC 3339 timestamp, got ${JSON.stringify(json)}.`);
  return { seconds: String(ts.seconds), nanos: ts.nanos };
}

function durationFromJson(json: Json, path: string): JsonObject {
  const m = typeof json === 'string' ? /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(json) : null;
  if (!m) throw invalid(`${path} must be a duration such as "1.5s".`);
  const sign = m[1] ? -1 : 1;
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return { seconds: `${m[1] ?? ''}${m[2]}`, nanos: sign * nanos };
}

function structFromJson(json: Json, path: string): JsonObject {
  if (!isObject(json)) throw invalid(`${path} must be an object.`);
  const fields: JsonObject = {};
  for (const [k, v] of Object.entries(json)) fields[k] = structValueFromJson(v, `${path}.${k}`);
  return { fields };
}

function structValueFromJson(json: Json, path: string): JsonObject {
  if (json === null || json === undefined) return { nullValue: 0 };
  if (typeof json === 'number') return { numberValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: { values: json.map((v, i) => structValueFromJson(v, `${path}[${i}]`)) } };
  if (isObject(json)) return { structValue: structFromJson(json, path) };
  throw invalid(`${path} is not a JSON value.`);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
