import { beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import type { Filter, StructuredQuery, Value } from '../../../backend/src/firestore/types.js';
import { DB, ROOT, admin, doc, f, ids, memoryEngine, put, v } from './helpers.js';

const field = (fieldPath: string, op: string, value: unknown): Filter =>
  ({ fieldFilter: { field: { fieldPath }, op, value: v(value) } }) as Filter;
const unary = (fieldPath: string, op: string): Filter => ({ unaryFilter: { field: { fieldPath }, op } }) as Filter;
const keyEquals = (path: string): Filter => ({
  fieldFilter: { field: { fieldPath: '__name__' }, op: 'EQUAL', value: { referenceValue: doc(path) } },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });
const asc = (fieldPath: string) => ({ field: { fieldPath }, direction: 'ASCENDING' as const });
const desc = (fieldPath: string) => ({ field: { fieldPath }, direction: 'DESCENDING' as const });

let e: FirestoreEngine;

beforeAll(async () => {
  e = await memoryEngine();
  await put(e, {
    'items/a': { n: 1, tag: 'x', arr: [1, 2], nested: { k: 'p' } },
    'items/b': { n: 2, tag: 'y', arr: [3] },
    'items/c': { n: 3.5, tag: 'x', arr: [] },
    'items/d': { n: null, tag: 'z' },
    'items/e': { n: NaN, tag: 'y' },
    'items/f': { tag: 'x', n: 'text' },
    'items/g': { other: true },
    'other/a': { n: 1 },
    'items/a/sub/s1': { n: 10 },
    'groups/g1/items/i1': { n: 4, tag: 'x' },
  });
});

function run(q: Partial<StructuredQuery>, parent = ROOT): string[] {
  return ids(e.query(parent, { from: [{ collectionId: 'items' }], ...q }));
}

describe('field filters', () => {
  it.each([
    ['EQUAL', 1, ['a']],
    ['EQUAL', 3.5, ['c']],
    ['NOT_EQUAL', 1, ['e', 'b', 'c', 'f']],
    ['LESS_THAN', 3, ['a', 'b']],
    ['LESS_THAN_OR_EQUAL', 2, ['a', 'b']],
    ['GREATER_THAN', 1, ['b', 'c']],
    ['GREATER_THAN_OR_EQUAL', 2, ['b', 'c']],
    ['IN', [1, 2, 'text'], ['a', 'b', 'f']],
    ['NOT_IN', [1, 2], ['e', 'c', 'f']],
  ])('n %s %j', (op, value, expected) => {
    expect(run({ where: field('n', op, value) })).toEqual(expected);
  });

  it('matches integers and doubles by numeric value', () => {
    expect(run({ where: field('n', 'EQUAL', 1.0) })).toEqual(['a']);
    expect(run({ where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: { doubleValue: 1 } } } })).toEqual(['a']);
  });

  it('range filters match only values of the same type', () => {
    expect(run({ where: field('tag', 'GREATER_THAN', 'x') })).toEqual(['b', 'e', 'd']);
    expect(run({ where: field('n', 'GREATER_THAN', '') })).toEqual(['f']);
  });

  it('not-in with null in the list matches nothing', () => {
    expect(run({ where: field('n', 'NOT_IN', [null, 1]) })).toEqual([]);
  });

  it('array-contains and array-contains-any', () => {
    expect(run({ where: field('arr', 'ARRAY_CONTAINS', 2) })).toEqual(['a']);
    expect(run({ where: field('arr', 'ARRAY_CONTAINS_ANY', [3, 1]) })).toEqual(['a', 'b']);
  });

  it('filters on nested fields and on __name__', () => {
    expect(run({ where: field('nested.k', 'EQUAL', 'p') })).toEqual(['a']);
    const ref = (p: string): Value => ({ referenceValue: doc(p) });
    expect(
      run({ where: { fieldFilter: { field: { fieldPath: '__name__' }, op: 'GREATER_THAN', value: ref('items/e') } } }),
    ).toEqual(['f', 'g']);
    expect(
      run({
        where: {
          fieldFilter: {
            field: { fieldPath: '__name__' },
            op: 'IN',
            value: { arrayValue: { values: [ref('items/b'), ref('items/zz')] } },
          },
        },
      }),
    ).toEqual(['b']);
  });
});

describe('unary filters', () => {
  it.each([
    ['IS_NULL', ['d']],
    ['IS_NAN', ['e']],
    ['IS_NOT_NULL', ['a', 'b', 'c', 'e', 'f']],
    ['IS_NOT_NAN', ['a', 'b', 'c', 'f']],
  ])('n %s', (op, expected) => {
    expect(run({ where: unary('n', op) }).sort()).toEqual(expected);
  });
});

describe('composite filters', () => {
  it('AND and OR, nested', () => {
    expect(run({ where: and(field('tag', 'EQUAL', 'x'), field('n', 'GREATER_THAN', 1)) })).toEqual(['c']);
    expect(run({ where: or(field('tag', 'EQUAL', 'z'), field('n', 'EQUAL', 2)) })).toEqual(['b', 'd']);
    expect(run({ where: or(and(field('tag', 'EQUAL', 'x'), field('n', 'EQUAL', 1)), field('other', 'EQUAL', true)) })).toEqual([
      'a',
      'g',
    ]);
  });
});

describe('order, cursors, offset and limit', () => {
  it('orders across types and excludes documents missing the order field', () => {
    expect(run({ orderBy: [asc('n')] })).toEqual(['d', 'e', 'a', 'b', 'c', 'f']);
    expect(run({ orderBy: [desc('n')] })).toEqual(['f', 'c', 'b', 'a', 'e', 'd']);
  });

  it('orders by several fields, then by name in the last direction', () => {
    expect(run({ where: field('tag', 'IN', ['x', 'y']), orderBy: [asc('tag'), desc('__name__')] })).toEqual([
      'f',
      'c',
      'a',
      'e',
      'b',
    ]);
    expect(run({ where: field('tag', 'IN', ['x', 'y']), orderBy: [desc('tag')] })).toEqual(['e', 'b', 'f', 'c', 'a']);
  });

  it('orders by the inequality field implicitly', () => {
    expect(run({ where: field('n', 'NOT_EQUAL', 2) })).toEqual(['e', 'a', 'c', 'f']);
  });

  it('applies startAt/startAfter/endAt/endBefore cursors', () => {
    const q = { where: field('n', 'GREATER_THAN_OR_EQUAL', 0), orderBy: [asc('n'), asc('__name__')] };
    expect(run({ ...q, startAt: { values: [v(2)], before: true } })).toEqual(['b', 'c']);
    expect(run({ ...q, startAt: { values: [v(2)], before: false } })).toEqual(['c']);
    expect(run({ ...q, endAt: { values: [v(2)], before: false } })).toEqual(['a', 'b']);
    expect(run({ ...q, endAt: { values: [v(2)], before: true } })).toEqual(['a']);
    expect(run({ ...q, startAt: { values: [v(1), { referenceValue: doc('items/a') }], before: false } })).toEqual(['b', 'c']);
  });

  it('applies offset and limit after the cursors', () => {
    expect(run({ orderBy: [asc('n')], offset: 1, limit: 2 })).toEqual(['e', 'a']);
    expect(run({ orderBy: [asc('n')], limit: { value: 1 } })).toEqual(['d']);
    expect(run({ orderBy: [asc('n')], limit: 0 })).toEqual([]);
  });
});

describe('null and NaN in filters', () => {
  // From firebase-js-sdk's query.test.ts: only `== null` / `== NaN` find them.
  it.each([
    ['IN', [null], []],
    ['IN', [1, null], ['a']],
    ['IN', [NaN], []],
    ['IN', [1, NaN], ['a']],
    ['NOT_IN', [null], []],
    ['NOT_IN', [NaN], ['a', 'b', 'c', 'f']],
    ['NOT_IN', [1], ['e', 'b', 'c', 'f']],
    ['GREATER_THAN_OR_EQUAL', null, []],
    ['LESS_THAN_OR_EQUAL', NaN, []],
    ['GREATER_THAN', -Infinity, ['a', 'b', 'c']],
  ])('n %s %j', (op, value, expected) => {
    expect(run({ where: field('n', op, value) })).toEqual(expected);
  });

  it('array-contains and array-contains-any never find null or NaN elements', async () => {
    const engine = await memoryEngine();
    await put(engine, { 'items/x': { arr: [null] }, 'items/y': { arr: [NaN] }, 'items/z': { arr: [43] } });
    const find = (op: string, value: unknown) =>
      ids(engine.query(ROOT, { from: [{ collectionId: 'items' }], where: field('arr', op, value) }));
    expect(find('ARRAY_CONTAINS', null)).toEqual([]);
    expect(find('ARRAY_CONTAINS', NaN)).toEqual([]);
    expect(find('ARRAY_CONTAINS_ANY', [null, NaN])).toEqual([]);
    expect(find('ARRAY_CONTAINS_ANY', [43, null])).toEqual(['z']);
  });
});

describe('vectors', () => {
  const vec = (...xs: number[]): Value => ({
    mapValue: {
      fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: xs.map((x) => ({ doubleValue: x })) } } },
    },
  });

  it('order after arrays and before maps, by dimension and then values; a range on a vector holds only vectors', async () => {
    const engine = await memoryEngine();
    const values: Record<string, Value> = {
      m1: { mapValue: { fields: { HELLO: { stringValue: 'WORLD' } } } },
      v4: vec(1, 2, 3),
      v3: vec(2, 2),
      v2: vec(1, 2),
      v1: vec(100),
      a1: v([100]),
    };
    await engine.commit(
      DB,
      { writes: Object.entries(values).map(([id, value]) => ({ update: { name: doc(`vecs/${id}`), fields: { e: value } } })) },
      admin,
    );
    const q = (where?: Filter) =>
      ids(engine.query(ROOT, { from: [{ collectionId: 'vecs' }], orderBy: [asc('e')], ...(where ? { where } : {}) }));
    expect(q()).toEqual(['a1', 'v1', 'v2', 'v3', 'v4', 'm1']);
    const below = { fieldFilter: { field: { fieldPath: 'e' }, op: 'LESS_THAN', value: vec(1, 2, 4) } } as Filter;
    expect(q(below)).toEqual(['v1', 'v2', 'v3', 'v4']);
  });
});

describe('implicit order', () => {
  it('appends the inequality fields by field path, then the name last; an explicit name comes last too', async () => {
    const engine = await memoryEngine();
    await put(engine, { 'k/d1': { a: 2, b: 1 }, 'k/d2': { a: 1, b: 2 }, 'k/d3': { a: 1, b: 1 } });
    const where = and(field('b', 'GREATER_THAN', 0), field('a', 'GREATER_THAN', 0));
    expect(ids(engine.query(ROOT, { from: [{ collectionId: 'k' }], where }))).toEqual(['d3', 'd2', 'd1']);
    const named = { from: [{ collectionId: 'k' }], where, orderBy: [asc('b'), asc('a'), desc('__name__')] };
    expect(ids(engine.query(ROOT, named))).toEqual(['d3', 'd1', 'd2']);
  });
});

describe('collections', () => {
  it('collection-group queries find the collection id at any depth under the parent', () => {
    expect(
      ids(e.query(ROOT, { from: [{ collectionId: 'items', allDescendants: true }], where: field('tag', 'EQUAL', 'x') })),
    ).toEqual(['i1', 'a', 'c', 'f']);
    expect(ids(e.query(doc('groups/g1'), { from: [{ collectionId: 'items', allDescendants: true }] }))).toEqual(['i1']);
  });

  it('queries a subcollection by its parent document', () => {
    expect(ids(e.query(doc('items/a'), { from: [{ collectionId: 'sub' }] }))).toEqual(['s1']);
  });

  it('projects selected fields', () => {
    const [a] = e.query(ROOT, { from: [{ collectionId: 'items' }], select: { fields: [{ fieldPath: 'nested.k' }] }, limit: 1 });
    expect(a?.fields).toEqual(f({ nested: { k: 'p' } }));
    const [b] = e.query(ROOT, { from: [{ collectionId: 'items' }], select: { fields: [{ fieldPath: '__name__' }] }, limit: 1 });
    expect(b?.fields).toEqual({});
  });
});

describe('runQuery', () => {
  it('answers one item per document with readTime, or a lone readTime', async () => {
    const res = await e.runQuery(
      DB,
      { parent: ROOT, structuredQuery: { from: [{ collectionId: 'items' }], where: field('n', 'EQUAL', 1) } },
      admin,
    );
    expect(res).toHaveLength(1);
    expect(res[0]?.document?.name).toBe(doc('items/a'));
    expect((res[0]?.readTime ?? '') >= e.currentTime(DB)).toBe(true);
    const none = await e.runQuery(DB, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'nothing' }] } }, admin);
    expect(none).toEqual([{ readTime: expect.any(String) }]);
    expect((none[0]?.readTime ?? '') >= (res[0]?.readTime ?? '')).toBe(true);
  });

  it('serves a readTime at or after the current version, and refuses older ones', async () => {
    const sq = { from: [{ collectionId: 'items' }] };
    await expect(
      e.runQuery(DB, { parent: ROOT, structuredQuery: sq, readTime: '2999-01-01T00:00:00Z' }, admin),
    ).resolves.toHaveLength(7);
    await expect(
      e.runQuery(DB, { parent: ROOT, structuredQuery: sq, readTime: '2000-01-01T00:00:00Z' }, admin),
    ).rejects.toMatchObject({
      status: 'UNIMPLEMENTED',
    });
  });

  it.each([
    [{ from: [] }, /exactly one collection/],
    [{ from: [{ collectionId: 'a' }], where: field('n', 'BOGUS', 1) }, /operator/],
    [{ from: [{ collectionId: 'a' }], where: field('n', 'IN', []) }, /non-empty/],
    [
      {
        from: [{ collectionId: 'a' }],
        where: field(
          'n',
          'IN',
          Array.from({ length: 31 }, (_, i) => i),
        ),
      },
      /30/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: and(field('n', 'IN', [1, 2, 3, 4, 5, 6]), field('m', 'IN', [1, 2, 3, 4, 5, 6])) },
      /30/,
    ],
    [
      {
        from: [{ collectionId: 'a' }],
        where: field(
          'n',
          'NOT_IN',
          Array.from({ length: 11 }, (_, i) => i),
        ),
      },
      /10/,
    ],
    [{ from: [{ collectionId: 'a' }], limit: -1 }, /limit/],
    [
      { from: [{ collectionId: 'a' }], orderBy: [asc('n')], startAt: { values: [v(1), { referenceValue: doc('a/b') }, v(2)] } },
      /^Cursor has too many values\.$/,
    ],
    // The implicit order by name does not count: only the orders the request spells out.
    [{ from: [{ collectionId: 'a' }], startAt: { values: [{ referenceValue: doc('a/b') }] } }, /^Cursor has too many values\.$/],
    [
      { from: [{ collectionId: 'a' }], where: field('n', 'NOT_EQUAL', 1), orderBy: [asc('__name__')] },
      /^order by clause cannot contain more fields after the key$/,
    ],
    [
      { from: [{ collectionId: 'a' }], orderBy: [asc('__name__'), asc('n')] },
      /^order by clause cannot contain more fields after the key$/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: and(field('n', 'NOT_EQUAL', 1), keyEquals('a/b')) },
      /^Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities\.$/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: and(field('n', 'NOT_EQUAL', 1), unary('m', 'IS_NOT_NULL')) },
      /^Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query\.$/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: and(field('n', 'NOT_IN', [1]), field('m', 'IN', [2, 3])) },
      /^'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'\.$/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: or(field('n', 'NOT_IN', [1]), field('m', 'EQUAL', 2)) },
      /^'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'\.$/,
    ],
    [
      { from: [{ collectionId: 'a' }], where: and(...Array.from({ length: 11 }, (_, i) => field(`f${i}`, 'GREATER_THAN', 0))) },
      /at most 10 fields/,
    ],
    [{ from: [{ collectionId: 'a' }], where: field('__name__', 'EQUAL', 'x') }, /reference/],
  ] as [StructuredQuery, RegExp][])('rejects the malformed query %j', async (sq, message) => {
    await expect(e.runQuery(DB, { parent: ROOT, structuredQuery: sq }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(message),
    });
    expect(() => e.validateQuery(ROOT, sq)).toThrow(message);
  });

  it('rejects a parent that is not the root or a document', async () => {
    await expect(
      e.runQuery(DB, { parent: `${ROOT}/items`, structuredQuery: { from: [{ collectionId: 'x' }] } }, admin),
    ).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });
});

describe('matches', () => {
  it('checks collection and filters, ignoring limits', () => {
    const q: StructuredQuery = { from: [{ collectionId: 'items' }], where: field('tag', 'EQUAL', 'x'), limit: 1 };
    expect(e.matches(ROOT, q, e.lookup(doc('items/c'))!)).toBe(true);
    expect(e.matches(ROOT, q, e.lookup(doc('items/b'))!)).toBe(false);
    expect(e.matches(ROOT, q, { name: doc('other/x'), fields: f({ tag: 'x' }) })).toBe(false);
  });
});
