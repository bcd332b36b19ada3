// Composite indexes enforced as production does: a table of query shapes, each either served by
// the automatic single-field indexes (plus the indexes file below) or refused with
// FAILED_PRECONDITION and the index it needs. Each row quotes the Firestore documentation line
// it follows:
// IO  = https://firebase.google.com/docs/firestore/query-data/index-overview
// Q   = https://firebase.google.com/docs/firestore/query-data/queries
// AGG = https://cloud.google.com/blog/products/databases/aggregate-with-sum-and-avg-in-firestore
// The engine decides; the SDKs' view of the same refusal, through every protocol, is tested in
// tests/backend/indexes/indexEnforcement.test.ts and tests/backend/http/indexErrorsWebChannel.test.ts.

import { beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { ApiError } from '../../../backend/src/firestore/errors.js';
import { IndexesFileError, parseIndexesFile } from '../../../backend/src/firestore/indexes/definitions.js';
import { IndexPolicy } from '../../../backend/src/firestore/indexes/indexPolicy.js';
import { encodeIndex } from '../../../backend/src/firestore/indexes/missingIndexError.js';
import type { Aggregation, Filter, Order, StructuredQuery } from '../../../backend/src/firestore/types.js';
import { DB, ROOT, admin, v } from './helpers.js';

const INDEXES_FILE = JSON.stringify({
  indexes: [
    // IO, "Use index merging": one index per equality field, each ending with star_rating.
    ...['category', 'city', 'editors_pick'].map((fieldPath) => ({
      collectionGroup: 'restaurants',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath, order: 'ASCENDING' },
        { fieldPath: 'star_rating', order: 'ASCENDING' },
      ],
    })),
    {
      collectionGroup: 'cities',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'country', order: 'DESCENDING' },
        { fieldPath: 'population', order: 'ASCENDING' },
      ],
    },
    {
      collectionGroup: 'landmarks',
      queryScope: 'COLLECTION_GROUP',
      fields: [
        { fieldPath: 'category', order: 'ASCENDING' },
        { fieldPath: 'name', order: 'ASCENDING' },
      ],
    },
  ],
  fieldOverrides: [
    {
      collectionGroup: 'landmarks',
      fieldPath: 'category',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    },
    { collectionGroup: 'cities', fieldPath: 'notes', ttl: false, indexes: [] },
    { collectionGroup: 'cities', fieldPath: 'stats', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] },
  ],
});

type Op = '==' | '<' | '<=' | '>' | '>=' | '!=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
const OPS: Record<Op, string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  '!=': 'NOT_EQUAL',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};
const where = (fieldPath: string, op: Op, value: unknown): Filter =>
  ({ fieldFilter: { field: { fieldPath }, op: OPS[op], value: v(value) } }) as Filter;
const byName = (op: Op, ...ids: string[]): Filter => ({
  fieldFilter: {
    field: { fieldPath: '__name__' },
    op: OPS[op] as 'IN',
    value: op === 'in' ? { arrayValue: { values: ids.map((id) => ({ referenceValue: `${ROOT}/cities/${id}` })) } } : v(null),
  },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });
const asc = (fieldPath: string): Order => ({ field: { fieldPath }, direction: 'ASCENDING' });
const desc = (fieldPath: string): Order => ({ field: { fieldPath }, direction: 'DESCENDING' });

interface Shape {
  /** The collection, or `group:<id>` for a collection group query. */
  from: string;
  where?: Filter;
  orderBy?: Order[];
  /** Run as an aggregation: count() and these sum()s. */
  sum?: string[];
  count?: true;
}

/** [the doc line it follows, the query, what production does]: `served` or the index it needs. */
type Row = [doc: string, shape: Shape, outcome: 'served' | string];

const served: Row[] = [
  [
    'IO: "you can run simple queries like ... where("state", "==", "CA")"',
    { from: 'cities', where: where('state', '==', 'CA') },
    'served',
  ],
  ['IO: simple queries: where("population", "<", 100000)', { from: 'cities', where: where('population', '<', 100000) }, 'served'],
  [
    'IO: simple queries: where("name", ">=", "San Francisco")',
    { from: 'cities', where: where('name', '>=', 'San Francisco') },
    'served',
  ],
  [
    'IO: "You can also create in and compound equality (==) queries": in',
    { from: 'cities', where: where('country', 'in', ['USA', 'Japan']) },
    'served',
  ],
  [
    'IO: compound equality: where("state", "==", "CO").where("name", "==", "Denver")',
    { from: 'cities', where: and(where('state', '==', 'CO'), where('name', '==', 'Denver')) },
    'served',
  ],
  [
    'IO: compound equality on four fields (country, capital, state, population)',
    {
      from: 'cities',
      where: and(
        where('country', '==', 'USA'),
        where('capital', '==', false),
        where('state', '==', 'CA'),
        where('population', '==', 860000),
      ),
    },
    'served',
  ],
  [
    'IO: "The array-contains index allows you to query the regions array field"',
    { from: 'cities', where: where('regions', 'array-contains', 'west_coast') },
    'served',
  ],
  [
    'IO: "array-contains-any and array-contains use the same indexes"',
    { from: 'cities', where: where('regions', 'array-contains-any', ['west_coast', 'east_coast']) },
    'served',
  ],
  [
    'IO: "To avoid performance loss caused by index merging, we recommend ... a composite index to combine an array-contains" (merging serves it)',
    { from: 'cities', where: and(where('regions', 'array-contains', 'east_coast'), where('capital', '==', true)) },
    'served',
  ],
  [
    'IO: Ascending mode "supports sorting results in ascending order based on this field value"',
    { from: 'cities', orderBy: [asc('name')] },
    'served',
  ],
  [
    'IO: Descending mode "supports sorting results in descending order"',
    { from: 'cities', orderBy: [desc('population')] },
    'served',
  ],
  [
    "IO: a range and an order on the same field use that field's descending index",
    { from: 'cities', where: where('population', '>', 690000), orderBy: [desc('population')] },
    'served',
  ],
  [
    'IO: Ascending mode supports "!=" query clauses on the field',
    { from: 'cities', where: where('capital', '!=', true) },
    'served',
  ],
  [
    'IO: Ascending mode supports "not-in" query clauses on the field',
    { from: 'cities', where: where('country', 'not-in', ['USA']) },
    'served',
  ],
  [
    'IO: "One collection-scope ascending index for each non-array, non-map subfield"',
    { from: 'cities', where: where('location.zone', '==', 'west') },
    'served',
  ],
  [
    'IO: "Collection group queries that don\'t filter or order results ... do not require any additional index definitions"',
    { from: 'group:landmarks' },
    'served',
  ],
  [
    'IO: "Using the following single-field index with collection scope, you can query a single city\'s landmarks collection"',
    { from: 'landmarks', where: where('category', '==', 'park') },
    'served',
  ],
  [
    'IO: "With this index enabled, you can query the landmarks collection group" (a COLLECTION_GROUP field override)',
    { from: 'group:landmarks', where: where('category', 'in', ['park', 'museum']) },
    'served',
  ],
  [
    'IO: "...you must enable a corresponding single-field or composite index with collection group scope" (the composite)',
    { from: 'group:landmarks', where: where('category', '==', 'park'), orderBy: [asc('name')] },
    'served',
  ],
  [
    'IO: the composite index (category, star_rating) serves where("category", "==", "burgers").orderBy("star_rating")',
    { from: 'restaurants', where: where('category', '==', 'burgers'), orderBy: [asc('star_rating')] },
    'served',
  ],
  [
    'IO: "Firestore ... can merge the indexes for simple equality filters to build the composite indexes needed for larger equality queries"',
    {
      from: 'restaurants',
      where: and(where('category', '==', 'burgers'), where('city', '==', 'San Francisco')),
      orderBy: [asc('star_rating')],
    },
    'served',
  ],
  [
    'IO: index merging, three equality clauses sorted by star_rating',
    {
      from: 'restaurants',
      where: and(where('category', '==', 'burgers'), where('city', '==', 'SF'), where('editors_pick', '==', true)),
      orderBy: [asc('star_rating')],
    },
    'served',
  ],
  [
    'IO: "Not only is this set of indexes smaller, it also supports an additional query" (editors_pick, star_rating)',
    { from: 'restaurants', where: where('editors_pick', '==', true), orderBy: [asc('star_rating')] },
    'served',
  ],
  [
    'IO: "Since the query uses an equality (== or in) for the country field, you can use an ascending or descending index mode"',
    { from: 'cities', where: and(where('country', '==', 'USA'), where('population', '<', 3800000)) },
    'served',
  ],
  [
    'IO: "in and == clauses use the same index"',
    { from: 'cities', where: and(where('country', 'in', ['USA', 'Japan', 'China']), where('population', '>', 690000)) },
    'served',
  ],
  [
    'Q: "Use the in operator to combine up to 30 equality (==) clauses on the same field with a logical OR": each branch on its own index',
    { from: 'cities', where: or(where('state', '==', 'CA'), where('capital', '==', true)) },
    'served',
  ],
  [
    'IO: "indexes apply a final sorting by the __name__ field": filters on __name__ need no field index',
    { from: 'cities', where: byName('in', 'SF', 'LA') },
    'served',
  ],
  [
    'IO: "By default, the __name__ field is sorted in the same direction of the last sorted field": the descending index of state',
    { from: 'cities', where: where('state', '==', 'CA'), orderBy: [desc('__name__')] },
    'served',
  ],
  [
    'AGG docs: "Aggregation queries rely on the existing index configuration that your queries already use": count of an equality query',
    { from: 'cities', where: and(where('state', '==', 'CA'), where('capital', '==', false)), count: true },
    'served',
  ],
  [
    'AGG: "a field must be indexed to calculate an aggregation": sum() over one field',
    { from: 'cities', sum: ['population'] },
    'served',
  ],
];

const needed: Row[] = [
  [
    'IO: "you need an additional composite index in the descending direction for population"',
    { from: 'cities', where: where('country', '==', 'USA'), orderBy: [desc('population')] },
    'cities: country ASC, population DESC, __name__ DESC',
  ],
  [
    'IO: "If you need to run a compound query that uses a range comparison ... you must create a composite index"',
    { from: 'cities', where: and(where('state', '==', 'CA'), where('population', '<', 100000)) },
    'cities: state ASC, population ASC, __name__ ASC',
  ],
  [
    'IO: "... or if you need to sort by a different field, you must create a composite index for that query"',
    { from: 'cities', where: where('state', '==', 'CA'), orderBy: [asc('name')] },
    'cities: state ASC, name ASC, __name__ ASC',
  ],
  [
    'IO: "A composite index stores a sorted mapping ... based on an ordered list of fields": an order on two fields',
    { from: 'cities', orderBy: [asc('state'), desc('population')] },
    'cities: state ASC, population DESC, __name__ DESC',
  ],
  [
    'IO, index properties: "Fields used in range and inequality filters (that are not already included in sort orders)": two ranges',
    { from: 'cities', where: and(where('population', '>', 1000000), where('density', '<', 10000)) },
    'cities: density ASC, population ASC, __name__ ASC +guide',
  ],
  [
    'Q: "you must create a composite index to combine equality operators with the inequality operators, <, <=, >, and !="',
    { from: 'cities', where: and(where('capital', '==', true), where('state', '!=', 'CA')) },
    'cities: capital ASC, state ASC, __name__ ASC',
  ],
  [
    'IO: "To sort results by the non-default __name__ direction, you need to create that index"',
    { from: 'cities', orderBy: [asc('population'), desc('__name__')] },
    'cities: population ASC, __name__ DESC',
  ],
  [
    'IO: sorting by a different field than the array-contains one needs a composite index (array field first)',
    { from: 'cities', where: where('regions', 'array-contains', 'west_coast'), orderBy: [desc('population')] },
    'cities: regions CONTAINS, population DESC, __name__ DESC',
  ],
  [
    'IO: index merging needs an index for each equality field ending with the order: none for price',
    {
      from: 'restaurants',
      where: and(where('category', '==', 'burgers'), where('price', '==', 2)),
      orderBy: [asc('star_rating')],
    },
    'restaurants: category ASC, price ASC, star_rating ASC, __name__ ASC',
  ],
  [
    'IO: "To run a collection group query that returns filtered or ordered results, you must enable a corresponding single-field ... index with collection group scope"',
    { from: 'group:landmarks', where: where('name', '==', 'National Mall') },
    'single COLLECTION_GROUP_ASC landmarks name',
  ],
  [
    'IO: "Single-field indexes with collection group scope are not maintained by default": an order',
    { from: 'group:landmarks', orderBy: [desc('name')] },
    'single COLLECTION_GROUP_DESC landmarks name',
  ],
  [
    'IO: collection group array-contains needs its collection-group array-contains index',
    { from: 'group:landmarks', where: where('tags', 'array-contains', 'free') },
    'single COLLECTION_GROUP_CONTAINS landmarks tags',
  ],
  [
    'IO: "An exemption can ... disable a single-field index that automatic indexing would otherwise enable"',
    { from: 'cities', where: where('notes', '==', 'x') },
    'single COLLECTION_ASC cities notes',
  ],
  [
    'IO: "If you create a single-field index exemption for a map field, the map\'s subfields inherit those settings"',
    { from: 'cities', orderBy: [desc('stats.gdp')] },
    'single COLLECTION_DESC cities stats.gdp',
  ],
  [
    'IO: "Note: An exemption only applies to automatic index settings" — a composite with an exempted field and another field',
    { from: 'cities', where: and(where('notes', '==', 'x'), where('state', '==', 'CA')) },
    'cities: notes ASC, state ASC, __name__ ASC',
  ],
  [
    'IO, index properties: "Fields used in aggregations (that aren\'t already included in sort orders and range and inequality filters)"',
    { from: 'cities', where: where('state', '==', 'CA'), sum: ['population'] },
    'cities: state ASC, population ASC, __name__ ASC',
  ],
  [
    "AGG docs: aggregations use the query's indexes: count() of an equality and a range on another field",
    { from: 'cities', where: and(where('state', '==', 'CA'), where('population', '>', 1)), count: true },
    'cities: state ASC, population ASC, __name__ ASC',
  ],
  [
    "Q: an or is served one branch at a time, each in the query's order (by its inequality field, population)",
    { from: 'cities', where: or(where('state', '==', 'CA'), and(where('capital', '==', true), where('population', '>', 1))) },
    'cities: state ASC, population ASC, __name__ ASC',
  ],
];

let engine: FirestoreEngine;

beforeAll(async () => {
  const definitions = parseIndexesFile(INDEXES_FILE, 'firestore.indexes.json');
  engine = await createEngine({ indexes: new IndexPolicy({ require: true, definitions }) });
});

function structured(shape: Shape): StructuredQuery {
  const group = shape.from.startsWith('group:');
  return {
    from: [{ collectionId: group ? shape.from.slice('group:'.length) : shape.from, allDescendants: group }],
    where: shape.where,
    orderBy: shape.orderBy,
  };
}

async function run(shape: Shape): Promise<unknown> {
  const structuredQuery = structured(shape);
  if (shape.count || shape.sum) {
    const aggregations: Aggregation[] = [
      ...(shape.count ? [{ alias: 'n', count: {} }] : []),
      ...(shape.sum ?? []).map((fieldPath, i) => ({ alias: `s${i}`, sum: { field: { fieldPath } } })),
    ];
    return engine.runAggregationQuery(DB, { parent: ROOT, structuredAggregationQuery: { structuredQuery, aggregations } }, admin);
  }
  return engine.runQuery(DB, { parent: ROOT, structuredQuery }, admin);
}

/** The refusal's index, decoded from its console link, in the table's shorthand. */
function describeRefusal(error: ApiError): string {
  const composite = /create_composite=([A-Za-z0-9_-]+)/.exec(error.message)?.[1];
  if (composite) {
    const { group, fields } = decodeIndex(composite);
    const guide = error.message.includes('range and inequality filters on multiple fields') ? ' +guide' : '';
    return `${group}: ${fields.join(', ')}${guide}`;
  }
  const single =
    /requires a (\w+) index for collection (\S+) and field (\S+)\. You can create it here: \S+create_exemption=/.exec(
      error.message,
    );
  return single ? `single ${single[1]} ${single[2]} ${single[3]}` : error.message;
}

/** A google.firestore.admin.v1.Index, read back from the link (the few fields it carries). */
function decodeIndex(link: string): { group: string; fields: string[] } {
  const bytes = Buffer.from(link, 'base64url');
  const messages = readFields(bytes);
  const name = messages.find(([n]) => n === 1)?.[1] as Buffer;
  const fields = messages
    .filter(([n]) => n === 3)
    .map(([, raw]) => {
      const parts = readFields(raw as Buffer);
      const path = (parts.find(([n]) => n === 1)?.[1] as Buffer).toString();
      const order = parts.find(([n]) => n === 2)?.[1];
      return `${path} ${order === 1 ? 'ASC' : order === 2 ? 'DESC' : 'CONTAINS'}`;
    });
  const group = /collectionGroups\/([^/]+)\//.exec(name.toString())?.[1] ?? '?';
  return { group, fields };
}

function readFields(bytes: Buffer): [number, Buffer | number][] {
  const out: [number, Buffer | number][] = [];
  let i = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[i++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return value;
    }
  };
  while (i < bytes.length) {
    const key = varint();
    if ((key & 7) === 0) out.push([key >> 3, varint()]);
    else {
      const length = varint();
      out.push([key >> 3, bytes.subarray(i, i + length)]);
      i += length;
    }
  }
  return out;
}

describe('queries served by automatic indexes (and the indexes file)', () => {
  it.each(served)('%s', async (_doc, shape) => {
    await expect(run(shape)).resolves.toBeDefined();
  });
});

describe('queries that need an index', () => {
  it.each(needed)('%s', async (_doc, shape, index) => {
    const error = await run(shape).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe('FAILED_PRECONDITION');
    expect(describeRefusal(error as ApiError)).toBe(index);
  });
});

describe("production's words", () => {
  it('a composite index: the console link, then the guide when ranges span fields', async () => {
    const error = (await run(needed[4]![1]).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo\/firestore\/indexes\?create_composite=[A-Za-z0-9_-]+ \.\nThe query contains range and inequality filters on multiple fields, please refer to the documentation for index selection best practices: https:\/\/cloud\.google\.com\/firestore\/docs\/query-data\/multiple-range-fields\.$/,
    );
  });

  it('encodes the index as a link production gave does (array field, equality, orders, __name__)', () => {
    // Quoted in a public project's notes (hyfinances-1532e, collection transactions).
    const quoted =
      'ClVwcm9qZWN0cy9oeWZpbmFuY2VzLTE1MzJlL2RhdGFiYXNlcy8oZGVmYXVsdCkvY29sbGVjdGlvbkdyb3Vwcy90cmFuc2FjdGlvbnMvaW5kZXhlcy9fEAEaDwoLY2F0ZWdvcnlJZHMYARoKCgZ1c2VySWQQARoPCgtjYXRlZ29yeUlkcxACGggKBGRhdGUQAhoMCghfX25hbWVfXxAC';
    const encoded = encodeIndex(
      'projects/hyfinances-1532e/databases/(default)/collectionGroups/transactions/indexes/_',
      'COLLECTION',
      [
        { path: 'categoryIds', mode: 'CONTAINS' },
        { path: 'userId', mode: 'ASCENDING' },
        { path: 'categoryIds', mode: 'DESCENDING' },
        { path: 'date', mode: 'DESCENDING' },
        { path: '__name__', mode: 'DESCENDING' },
      ],
    );
    expect(encoded).toBe(quoted);
  });

  it('a listener is refused the same way (the listen path validates through the engine)', () => {
    let caught: unknown = null;
    try {
      engine.validateQuery(ROOT, structured(needed[0]![1]), DB);
    } catch (e) {
      caught = e;
    }
    expect((caught as ApiError).status).toBe('FAILED_PRECONDITION');
  });
});

describe('enforcement is per project and off by default', () => {
  it('an engine without an index policy runs every query, as the official emulator does', async () => {
    const open = await createEngine({});
    await expect(open.runQuery(DB, { parent: ROOT, structuredQuery: structured(needed[0]![1]) }, admin)).resolves.toBeDefined();
  });

  it('a project whose enforcement is turned off runs every query; others keep it', async () => {
    const policy = new IndexPolicy({ require: true, definitions: parseIndexesFile('{"indexes": []}', 'x.json') });
    const e = await createEngine({ indexes: policy });
    policy.setProject('other', { require: false });
    const query = structured(needed[0]![1]);
    const otherDb = 'projects/other/databases/(default)';
    await expect(e.runQuery(otherDb, { parent: `${otherDb}/documents`, structuredQuery: query }, admin)).resolves.toBeDefined();
    await expect(e.runQuery(DB, { parent: ROOT, structuredQuery: query }, admin)).rejects.toMatchObject({
      status: 'FAILED_PRECONDITION',
    });
  });
});

describe('the indexes file', () => {
  it.each([
    ['not JSON', '{', /^firestore\.indexes\.json: not valid JSON/],
    ['no "indexes"', '{"fieldOverrides": []}', /"indexes" must be a list/],
    [
      'a bad order',
      '{"indexes":[{"collectionGroup":"a","queryScope":"COLLECTION","fields":[{"fieldPath":"x","order":"UP"},{"fieldPath":"y","order":"ASCENDING"}]}]}',
      /indexes\[0\]\.fields\[0\]\.order must be one of ASCENDING, DESCENDING \(got "UP"\)/,
    ],
    [
      'a one-field composite',
      '{"indexes":[{"collectionGroup":"a","queryScope":"COLLECTION","fields":[{"fieldPath":"x","order":"ASCENDING"}]}]}',
      /indexes\[0\]: a composite index lists 2 to 100 fields/,
    ],
    [
      'two array fields',
      '{"indexes":[{"collectionGroup":"a","queryScope":"COLLECTION","fields":[{"fieldPath":"x","arrayConfig":"CONTAINS"},{"fieldPath":"y","arrayConfig":"CONTAINS"}]}]}',
      /at most one array field/,
    ],
    [
      'no scope',
      '{"indexes":[{"collectionGroup":"a","fields":[]}]}',
      /indexes\[0\]\.queryScope must be one of COLLECTION, COLLECTION_GROUP/,
    ],
    [
      'a bad override',
      '{"indexes":[],"fieldOverrides":[{"collectionGroup":"a","fieldPath":"x"}]}',
      /fieldOverrides\[0\]\.indexes must be a list/,
    ],
  ])('refuses %s with the file, the entry and what is wrong', (_what, text, message) => {
    expect(() => parseIndexesFile(text, 'firestore.indexes.json')).toThrow(IndexesFileError);
    expect(() => parseIndexesFile(text, 'firestore.indexes.json')).toThrow(message);
  });

  it("reads the form firebase init writes, and the project's own file", async () => {
    expect(parseIndexesFile('{"indexes": [], "fieldOverrides": []}', 'f')).toEqual({ composites: [], overrides: [] });
    const fs = await import('node:fs/promises');
    const own = parseIndexesFile(await fs.readFile('firestore.indexes.json', 'utf8'), 'firestore.indexes.json');
    expect(own.overrides.every((o) => o.indexes.length === 0)).toBe(true);
  });
});
