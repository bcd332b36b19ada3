// The built-in methods of each value type, the namespaces (math, duration, timestamp, latlng,
// hashing) and the conversion functions (int, float, string, path, debug), with their arities.

import { fail } from './errors.js';
import { HASHES } from './hashing.js';
import { compileRe2 } from './regex.js';
import { calendar, checkTimestamp, DURATION_UNITS, durationUnit, NANOS_PER_MILLI, NANOS_PER_SECOND, utcMillis } from './time.js';
import {
  bool,
  entryOf,
  equals,
  expect,
  flt,
  formatFloat,
  int,
  list,
  parsePathString,
  path,
  pathToString,
  set,
  str,
  toNumber,
  typeName,
  wholeMap,
  type Of,
  type RValue,
} from './values.js';

/**
 * A call's arguments once their count has been checked against the builtin's arity (every
 * builtin takes a fixed count, at most four): a builtin reads only the positions it declares.
 */
export type Args = readonly [RValue, RValue, RValue, RValue];

export interface Builtin {
  arity: [number, number];
  fn: (args: Args) => RValue;
}

export interface MethodBuiltin {
  arity: [number, number];
  fn: (self: never, args: Args) => RValue;
}

/** The arguments, after failing the call (an error, so a deny) when their count is wrong. */
export function checkedArgs(name: string, [min, max]: [number, number], args: RValue[]): Args {
  if (args.length < min || args.length > max) fail(`${name}() takes ${min} argument(s), got ${args.length}`);
  return args as readonly RValue[] as Args;
}

const fixed = (n: number): [number, number] => [n, n];

/** Elements of a list or set argument. */
function items(value: RValue, what: string): RValue[] {
  if (value.t === 'list' || value.t === 'set') return value.v;
  return fail(`${what}: expected a list or set, got ${typeName(value)}`);
}

const contains = (haystack: RValue[], needle: RValue) => haystack.some((x) => equals(x, needle));

const collectionMethods = {
  size: { arity: fixed(0), fn: (self: Of<'list'> | Of<'set'>) => int(self.v.length) },
  hasAll: {
    arity: fixed(1),
    fn: (self: Of<'list'> | Of<'set'>, [other]: Args) => bool(items(other, 'hasAll').every((x) => contains(self.v, x))),
  },
  hasAny: {
    arity: fixed(1),
    fn: (self: Of<'list'> | Of<'set'>, [other]: Args) => bool(items(other, 'hasAny').some((x) => contains(self.v, x))),
  },
  hasOnly: {
    arity: fixed(1),
    fn: (self: Of<'list'> | Of<'set'>, [other]: Args) => {
      const allowed = items(other, 'hasOnly');
      return bool(self.v.every((x) => contains(allowed, x)));
    },
  },
};

function codePoints(s: string): string[] {
  return [...s];
}

function utf8(value: RValue, what: string): Uint8Array {
  if (value.t === 'bytes') return value.v;
  if (value.t === 'string') return new Uint8Array(Buffer.from(value.v, 'utf8'));
  return fail(`${what}: expected string or bytes, got ${typeName(value)}`);
}

function keySet(m: Map<string, RValue>, keep: (k: string) => boolean): RValue {
  return set([...m.keys()].filter(keep).map(str));
}

const EARTH_RADIUS_METERS = 6_371_010;

function toRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}

export const METHODS: Record<string, Record<string, MethodBuiltin>> = {
  string: {
    size: { arity: fixed(0), fn: (self: Of<'string'>) => int(codePoints(self.v).length) },
    matches: {
      arity: fixed(1),
      fn: (self: Of<'string'>, [re]) => bool(compileRe2(expect(re, 'string', 'matches').v, 'whole').test(self.v)),
    },
    lower: { arity: fixed(0), fn: (self: Of<'string'>) => str(self.v.toLowerCase()) },
    upper: { arity: fixed(0), fn: (self: Of<'string'>) => str(self.v.toUpperCase()) },
    trim: { arity: fixed(0), fn: (self: Of<'string'>) => str(self.v.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '')) },
    split: {
      arity: fixed(1),
      fn: (self: Of<'string'>, [re]) => list(self.v.split(compileRe2(expect(re, 'string', 'split').v, 'global')).map(str)),
    },
    replace: {
      arity: fixed(2),
      fn: (self: Of<'string'>, [re, sub]) => {
        const replacement = expect(sub, 'string', 'replace').v;
        return str(self.v.replace(compileRe2(expect(re, 'string', 'replace').v, 'global'), () => replacement));
      },
    },
    toUtf8: { arity: fixed(0), fn: (self: Of<'string'>) => ({ t: 'bytes', v: new Uint8Array(Buffer.from(self.v, 'utf8')) }) },
  },
  list: {
    ...collectionMethods,
    join: {
      arity: fixed(1),
      fn: (self: Of<'list'>, [sep]) =>
        str(self.v.map((x) => expect(x, 'string', 'join').v).join(expect(sep, 'string', 'join').v)),
    },
    concat: { arity: fixed(1), fn: (self: Of<'list'>, [other]) => list([...self.v, ...expect(other, 'list', 'concat').v]) },
    removeAll: {
      arity: fixed(1),
      fn: (self: Of<'list'>, [other]) => {
        const drop = items(other, 'removeAll');
        return list(self.v.filter((x) => !contains(drop, x)));
      },
    },
    toSet: { arity: fixed(0), fn: (self: Of<'list'>) => set(self.v) },
  },
  set: {
    ...collectionMethods,
    union: { arity: fixed(1), fn: (self: Of<'set'>, [other]) => set([...self.v, ...items(other, 'union')]) },
    intersection: {
      arity: fixed(1),
      fn: (self: Of<'set'>, [other]) => {
        const o = items(other, 'intersection');
        return set(self.v.filter((x) => contains(o, x)));
      },
    },
    difference: {
      arity: fixed(1),
      fn: (self: Of<'set'>, [other]) => {
        const o = items(other, 'difference');
        return set(self.v.filter((x) => !contains(o, x)));
      },
    },
  },
  map: {
    size: { arity: fixed(0), fn: (self: Of<'map'>) => int(wholeMap(self).size) },
    keys: { arity: fixed(0), fn: (self: Of<'map'>) => list([...wholeMap(self).keys()].map(str)) },
    values: { arity: fixed(0), fn: (self: Of<'map'>) => list([...wholeMap(self).values()]) },
    get: {
      arity: fixed(2),
      fn: (self: Of<'map'>, [key, fallback]) => {
        const keys = key.t === 'list' ? key.v.map((k) => expect(k, 'string', 'get').v) : [expect(key, 'string', 'get').v];
        let current: RValue = self;
        for (const k of keys) {
          if (current.t !== 'map') return fallback;
          const next = entryOf(current, k);
          if (next === undefined) return fallback;
          current = next;
        }
        return current;
      },
    },
    diff: {
      arity: fixed(1),
      fn: (self: Of<'map'>, [other]) => ({ t: 'mapdiff', left: wholeMap(self), right: wholeMap(expect(other, 'map', 'diff')) }),
    },
  },
  mapdiff: {
    addedKeys: { arity: fixed(0), fn: (self: Of<'mapdiff'>) => keySet(self.left, (k) => !self.right.has(k)) },
    removedKeys: { arity: fixed(0), fn: (self: Of<'mapdiff'>) => keySet(self.right, (k) => !self.left.has(k)) },
    changedKeys: {
      arity: fixed(0),
      fn: (self: Of<'mapdiff'>) =>
        keySet(self.left, (k) => self.right.has(k) && !equals(self.left.get(k) as RValue, self.right.get(k) as RValue)),
    },
    unchangedKeys: {
      arity: fixed(0),
      fn: (self: Of<'mapdiff'>) =>
        keySet(self.left, (k) => self.right.has(k) && equals(self.left.get(k) as RValue, self.right.get(k) as RValue)),
    },
    affectedKeys: {
      arity: fixed(0),
      fn: (self: Of<'mapdiff'>) =>
        set(
          [...new Set([...self.left.keys(), ...self.right.keys()])]
            .filter((k) => {
              const a = self.left.get(k);
              const b = self.right.get(k);
              return a === undefined || b === undefined || !equals(a, b);
            })
            .map(str),
        ),
    },
  },
  path: {
    bind: {
      arity: fixed(1),
      fn: (self: Of<'path'>, [bindings]) => {
        const m = wholeMap(expect(bindings, 'map', 'bind'));
        return path(
          self.v.map((segment) => {
            const name = /^(?:\{([^}]+)\}|\$\(([^)]+)\))$/.exec(segment);
            const key = name?.[1] ?? name?.[2];
            const value = key === undefined ? undefined : m.get(key);
            return value === undefined ? segment : toStringValue(value);
          }),
        );
      },
    },
  },
  timestamp: {
    date: { arity: fixed(0), fn: (self: Of<'timestamp'>) => ({ t: 'timestamp', v: calendar(self.v).midnight }) },
    year: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).year) },
    month: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).month) },
    day: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).day) },
    hours: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).hours) },
    minutes: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).minutes) },
    seconds: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).seconds) },
    nanos: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).nanos) },
    time: { arity: fixed(0), fn: (self: Of<'timestamp'>) => ({ t: 'duration', v: calendar(self.v).timeOfDay }) },
    toMillis: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(floorDivide(self.v, NANOS_PER_MILLI)) },
    dayOfWeek: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).dayOfWeek) },
    dayOfYear: { arity: fixed(0), fn: (self: Of<'timestamp'>) => int(calendar(self.v).dayOfYear) },
  },
  duration: {
    seconds: { arity: fixed(0), fn: (self: Of<'duration'>) => int(self.v / NANOS_PER_SECOND) },
    nanos: { arity: fixed(0), fn: (self: Of<'duration'>) => int(self.v % NANOS_PER_SECOND) },
  },
  bytes: {
    size: { arity: fixed(0), fn: (self: Of<'bytes'>) => int(self.v.length) },
    toBase64: { arity: fixed(0), fn: (self: Of<'bytes'>) => str(Buffer.from(self.v).toString('base64url')) },
    toHexString: { arity: fixed(0), fn: (self: Of<'bytes'>) => str(Buffer.from(self.v).toString('hex').toUpperCase()) },
  },
  latlng: {
    latitude: { arity: fixed(0), fn: (self: Of<'latlng'>) => flt(self.lat) },
    longitude: { arity: fixed(0), fn: (self: Of<'latlng'>) => flt(self.lng) },
    distance: {
      arity: fixed(1),
      fn: (self: Of<'latlng'>, [other]) => {
        const o = expect(other, 'latlng', 'distance');
        const dLat = toRadians(o.lat - self.lat);
        const dLng = toRadians(o.lng - self.lng);
        const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(self.lat)) * Math.cos(toRadians(o.lat)) * Math.sin(dLng / 2) ** 2;
        return flt(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h))));
      },
    },
  },
};

export const METHOD_NAMES = new Set(Object.values(METHODS).flatMap((m) => Object.keys(m)));

function floorDivide(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function integral(value: RValue, what: string): bigint {
  if (value.t === 'int') return value.v;
  if (value.t === 'float' && Number.isInteger(value.v)) return BigInt(value.v);
  return fail(`${what}: expected an integer, got ${typeName(value)}`);
}

function floatToInt(v: number, what: string): RValue {
  if (!Number.isFinite(v)) fail(`${what}: cannot convert ${formatFloat(v)} to int`);
  return int(BigInt(Math.trunc(v)));
}

export function toStringValue(value: RValue): string {
  switch (value.t) {
    case 'string':
      return value.v;
    case 'int':
      return value.v.toString();
    case 'float':
      return formatFloat(value.v);
    case 'bool':
      return String(value.v);
    case 'null':
      return 'null';
    case 'path':
      return pathToString(value.v);
    default:
      return fail(`cannot convert ${typeName(value)} to string`);
  }
}

export const NAMESPACES: Record<string, Record<string, Builtin>> = {
  math: {
    abs: {
      arity: fixed(1),
      fn: ([x]) => {
        if (x.t === 'int') return int(x.v < 0n ? -x.v : x.v);
        return flt(Math.abs(toNumber(x, 'math.abs')));
      },
    },
    ceil: { arity: fixed(1), fn: ([x]) => floatToInt(Math.ceil(toNumber(x, 'math.ceil')), 'math.ceil') },
    floor: { arity: fixed(1), fn: ([x]) => floatToInt(Math.floor(toNumber(x, 'math.floor')), 'math.floor') },
    round: {
      arity: fixed(1),
      fn: ([x]) => {
        const v = toNumber(x, 'math.round');
        return floatToInt(Math.sign(v) * Math.round(Math.abs(v)), 'math.round');
      },
    },
    sqrt: { arity: fixed(1), fn: ([x]) => flt(Math.sqrt(toNumber(x, 'math.sqrt'))) },
    pow: { arity: fixed(2), fn: ([b, e]) => flt(Math.pow(toNumber(b, 'math.pow'), toNumber(e, 'math.pow'))) },
    isInfinite: { arity: fixed(1), fn: ([x]) => bool(Math.abs(toNumber(x, 'math.isInfinite')) === Infinity) },
    isNaN: { arity: fixed(1), fn: ([x]) => bool(Number.isNaN(toNumber(x, 'math.isNaN'))) },
  },
  duration: {
    value: {
      arity: fixed(2),
      fn: ([magnitude, unit]) => {
        const scale = durationUnit(expect(unit, 'string', 'duration.value').v);
        if (scale === undefined) fail(`duration.value: unknown unit '${(unit as Of<'string'>).v}'`);
        return { t: 'duration', v: integral(magnitude, 'duration.value') * scale };
      },
    },
    time: {
      arity: fixed(4),
      fn: ([h, m, s, ns]) => ({
        t: 'duration',
        v:
          integral(h, 'duration.time') * DURATION_UNITS.h +
          integral(m, 'duration.time') * DURATION_UNITS.m +
          integral(s, 'duration.time') * NANOS_PER_SECOND +
          integral(ns, 'duration.time'),
      }),
    },
    abs: {
      arity: fixed(1),
      fn: ([d]) => {
        const v = expect(d, 'duration', 'duration.abs').v;
        return { t: 'duration', v: v < 0n ? -v : v };
      },
    },
  },
  timestamp: {
    value: {
      arity: fixed(1),
      fn: ([ms]) => ({ t: 'timestamp', v: checkTimestamp(integral(ms, 'timestamp.value') * NANOS_PER_MILLI) }),
    },
    date: {
      arity: fixed(3),
      fn: ([y, m, d]) => {
        const millis = utcMillis(
          Number(integral(y, 'timestamp.date')),
          Number(integral(m, 'timestamp.date')),
          Number(integral(d, 'timestamp.date')),
        );
        return { t: 'timestamp', v: checkTimestamp(BigInt(millis) * NANOS_PER_MILLI) };
      },
    },
  },
  latlng: {
    value: {
      arity: fixed(2),
      fn: ([lat, lng]) => {
        const a = toNumber(lat, 'latlng.value');
        const b = toNumber(lng, 'latlng.value');
        if (a < -90 || a > 90 || b < -180 || b > 180) fail('latlng.value: coordinates out of range');
        return { t: 'latlng', lat: a, lng: b };
      },
    },
  },
  hashing: Object.fromEntries(
    Object.entries(HASHES).map(([name, hash]) => [
      name,
      { arity: fixed(1), fn: ([x]: Args) => ({ t: 'bytes', v: hash(utf8(x, `hashing.${name}`)) }) as RValue },
    ]),
  ),
};

export const CONVERSIONS: Record<string, Builtin> = {
  int: {
    arity: fixed(1),
    fn: ([x]) => {
      if (x.t === 'int') return x;
      if (x.t === 'float') return floatToInt(x.v, 'int');
      if (x.t === 'string' && /^[+-]?\d+$/.test(x.v.trim())) return int(BigInt(x.v.trim()));
      return fail(`int: cannot convert ${x.t === 'string' ? `'${x.v}'` : typeName(x)}`);
    },
  },
  float: {
    arity: fixed(1),
    fn: ([x]) => {
      if (x.t === 'float') return x;
      if (x.t === 'int') return flt(Number(x.v));
      if (x.t === 'string') {
        const t = x.v.trim();
        if (/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|Infinity|NaN)$/.test(t)) return flt(Number(t));
      }
      return fail(`float: cannot convert ${typeName(x)}`);
    },
  },
  string: { arity: fixed(1), fn: ([x]) => str(toStringValue(x)) },
  path: { arity: fixed(1), fn: ([x]) => path(parsePathString(expect(x, 'string', 'path').v)) },
  debug: { arity: fixed(1), fn: ([x]) => x },
};

export function callMethod(self: RValue, name: string, args: RValue[]): RValue {
  const method = METHODS[self.t]?.[name];
  if (!method) return fail(self.t === 'null' ? `cannot call ${name}() on null` : `${typeName(self)} has no method ${name}()`);
  return method.fn(self as never, checkedArgs(name, method.arity, args));
}
