import { describe, expect, it } from 'vitest';
import type { Value } from '../../../backend/src/firestore/types.js';
import {
  compareValues,
  formatTimestamp,
  normalizeValue,
  parseTimestamp,
  valuesEqual,
} from '../../../backend/src/firestore/engine/values.js';
import { compareResourceNames, parseDocumentName, parseFieldPath } from '../../../backend/src/firestore/engine/paths.js';
import { ApiError } from '../../../backend/src/firestore/errors.js';
import { v } from './helpers.js';

const sorted = (values: Value[]): Value[] => [...values].sort(compareValues);
const vec = (...xs: number[]): Value => ({
  mapValue: { fields: { __type__: v('__vector__'), value: v(xs.map((x) => x + 0.5)) } },
});

describe('value ordering', () => {
  it('orders types null < bool < NaN < numbers < timestamps < strings < bytes < references < geopoints < arrays < vectors < maps', () => {
    const inOrder: Value[] = [
      v(null),
      v(false),
      v(true),
      { doubleValue: 'NaN' },
      { doubleValue: '-Infinity' },
      v(-5),
      v(1.5),
      v(2),
      { doubleValue: 'Infinity' },
      { timestampValue: '2020-01-01T00:00:00Z' },
      v(''),
      v('a'),
      { bytesValue: 'AA==' },
      { referenceValue: 'projects/p/databases/d/documents/a/b' },
      { geoPointValue: { latitude: 1, longitude: 2 } },
      v([]),
      vec(9, 9),
      v({}),
    ].map((x) => normalizeValue(x));
    expect(sorted([...inOrder].reverse())).toEqual(inOrder);
  });

  it('compares integers and doubles numerically, and 0 equals -0', () => {
    expect(compareValues(v(1), v(1.0000001))).toBe(-1);
    expect(valuesEqual(v(3), { doubleValue: 3 })).toBe(true);
    expect(valuesEqual({ doubleValue: -0 }, v(0))).toBe(true);
    expect(compareValues(v(9007199254740993n), { doubleValue: 9007199254740992 })).toBe(1);
  });

  it('treats NaN as equal to itself and below every number', () => {
    expect(valuesEqual({ doubleValue: 'NaN' }, { doubleValue: NaN })).toBe(true);
    expect(compareValues({ doubleValue: 'NaN' }, { doubleValue: '-Infinity' })).toBe(-1);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 units', () => {
    // U+FF5E (one UTF-16 unit) sorts before U+1F600 (a surrogate pair) in UTF-8.
    expect(compareValues(v('\uff5e'), v('😀'))).toBe(-1);
    expect(compareValues(v('a'), v('ab'))).toBe(-1);
  });

  it('orders timestamps by instant, whatever the fraction precision', () => {
    expect(compareValues({ timestampValue: '2020-01-01T00:00:00.1Z' }, { timestampValue: '2020-01-01T00:00:00.099999Z' })).toBe(
      1,
    );
    expect(valuesEqual({ timestampValue: '2020-01-01T01:00:00+01:00' }, { timestampValue: '2020-01-01T00:00:00Z' })).toBe(true);
  });

  it('orders arrays element-wise then by length, maps by sorted keys', () => {
    expect(compareValues(v([1, 2]), v([1, 2, 0]))).toBe(-1);
    expect(compareValues(v([2]), v([1, 9]))).toBe(1);
    expect(compareValues(v({ a: 1, b: 2 }), v({ b: 1 }))).toBe(-1);
    expect(compareValues(v({ a: 2 }), v({ a: 1, b: 1 }))).toBe(1);
  });

  it('orders vectors by dimension first, then element by element', () => {
    expect(compareValues(vec(100), vec(1, 2))).toBe(-1);
    expect(compareValues(vec(2, 2), vec(1, 2, 3))).toBe(-1);
    expect(compareValues(vec(1, 3), vec(2, 2))).toBe(-1);
    expect(valuesEqual(vec(1, 2), vec(1, 2))).toBe(true);
    // A vector is not a map: it sorts after every array and before every map.
    expect(compareValues(vec(1), v([9, 9, 9]))).toBe(1);
    expect(compareValues(vec(1), v({ A: 1 }))).toBe(-1);
  });

  it('orders references segment by segment', () => {
    const a = { referenceValue: 'projects/p/databases/d/documents/c/a/x/1' };
    const b = { referenceValue: 'projects/p/databases/d/documents/c/a-b' };
    expect(compareValues(a, b)).toBe(-1);
  });
});

describe('document ids', () => {
  const name = (id: string) => `projects/p/databases/d/documents/c/${id}`;

  it('accepts numeric ids (__id<n>__, a 64-bit n) and keeps other __...__ ids reserved', () => {
    for (const id of ['__id7__', '__id-2__', '__id9223372036854775807__', '__id-9223372036854775808__', '__id', '_id1__'])
      expect(parseDocumentName(name(id)).id).toBe(id);
    for (const id of ['__foo__', '__id__', '__id1x__', '__id9223372036854775808__'])
      expect(() => parseDocumentName(name(id))).toThrow(`Resource id "${id}" is invalid because it is reserved.`);
    expect(() => parseDocumentName('projects/p/databases/d/documents/__id1__/x')).toThrow(
      'Collection id "__id1__" is invalid because it is reserved.',
    );
  });

  it('orders numeric ids first, by their number, then the others by UTF-8 bytes', () => {
    const inOrder = ['__id-9223372036854775808__', '__id-2__', '__id7__', '__id12__', '12', '7', 'A', '__id', 'a'].map(name);
    expect([...inOrder].reverse().sort(compareResourceNames)).toEqual(inOrder);
  });
});

describe('value normalization', () => {
  it('keeps integers as decimal strings and non-finite doubles as strings', () => {
    expect(normalizeValue({ integerValue: 42 })).toEqual({ integerValue: '42' });
    expect(normalizeValue({ doubleValue: 'Infinity' })).toEqual({ doubleValue: 'Infinity' });
    expect(normalizeValue({ doubleValue: '1.5' })).toEqual({ doubleValue: 1.5 });
    expect(normalizeValue({ nullValue: null })).toEqual({ nullValue: 'NULL_VALUE' });
  });

  it('truncates timestamps to microseconds', () => {
    expect(normalizeValue({ timestampValue: '2020-01-01T00:00:00.123456789Z' })).toEqual({
      timestampValue: '2020-01-01T00:00:00.123456Z',
    });
    expect(formatTimestamp(parseTimestamp('2020-01-01T00:00:00.500000000Z'))).toBe('2020-01-01T00:00:00.500Z');
  });

  it.each([
    [{}],
    [{ stringValue: 'a', integerValue: '1' }],
    [{ integerValue: '9223372036854775808' }],
    [{ integerValue: '1.5' }],
    [{ timestampValue: 'yesterday' }],
    [{ geoPointValue: { latitude: 91, longitude: 0 } }],
    [{ referenceValue: 'not/a/name' }],
    [{ mysteryValue: 1 }],
    ['plain string'],
  ])('rejects %j with INVALID_ARGUMENT', (raw) => {
    expect(() => normalizeValue(raw)).toThrow(ApiError);
    try {
      normalizeValue(raw);
    } catch (err) {
      expect((err as ApiError).status).toBe('INVALID_ARGUMENT');
    }
  });
});

describe('field paths', () => {
  it('splits dotted paths and honours backtick quoting and escapes', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`we\\`ird`.`x\\\\y`')).toEqual(['we`ird', 'x\\y']);
  });

  it.each(['', 'a..b', 'a.', '`open', '`a`b'])('rejects the malformed path %j', (p) => {
    expect(() => parseFieldPath(p)).toThrow(/field path/i);
  });
});
