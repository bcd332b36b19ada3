// Query semantics the web SDK (Node build, gRPC) relies on, as Firestore defines them: null and
// NaN in filters, the cross-type and vector order, the queries the server refuses (in its
// words), numeric document ids (`__id<n>__`) and the aggregation limit. Expectations come from
// Firestore's documentation and the firebase-js-sdk integration tests (query.test.ts,
// composite_index_query.test.ts, database.test.ts, aggregation.test.ts), not from this backend.
// The full SDK sorts a query's documents itself, so the server's order is read through the Lite
// SDK (REST), which keeps the order the server sent.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  average,
  Bytes,
  collection,
  connectFirestoreEmulator,
  count,
  doc,
  documentId,
  GeoPoint,
  getAggregateFromServer,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  initializeFirestore,
  limit,
  or,
  orderBy,
  query,
  setDoc,
  startAfter,
  sum,
  terminate,
  vector,
  where,
  writeBatch,
  type CollectionReference,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreEmulator } from '../../support/emulators.js';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

describe('query semantics through the web SDK (Node build)', () => {
  let admin: AdminFirestore;
  let app: FirebaseApp;
  let writerApp: FirebaseApp;
  let db: Firestore;
  let writer: Firestore;
  let liteDb: lite.Firestore;

  beforeAll(async () => {
    admin = await openAdminFirestore('web-semantics');
    const { host, port } = firestoreEmulator();
    const open = (name: string): [FirebaseApp, Firestore] => {
      const opened = initializeApp({ projectId: admin.projectId, apiKey: 'fake-key' }, `${name}-${admin.projectId}`);
      const firestore = initializeFirestore(opened, {});
      connectFirestoreEmulator(firestore, host, port, { mockUserToken: 'owner' });
      return [opened, firestore];
    };
    [app, db] = open('web-semantics');
    [writerApp, writer] = open('web-semantics-writer');
    liteDb = lite.getFirestore(app);
    lite.connectFirestoreEmulator(liteDb, host, port, { mockUserToken: 'owner' });
  });

  afterAll(async () => {
    if (db) await terminate(db);
    if (writer) await terminate(writer);
    if (liteDb) await lite.terminate(liteDb);
    if (app) await deleteApp(app);
    if (writerApp) await deleteApp(writerApp);
    await admin?.close();
  });

  /**
   * A fresh collection holding the given documents, written by another client: the reading
   * client's cache then holds none of them, so what it sees is what the server answered (a
   * document the SDK's own matching keeps but the server leaves out would stay in limbo).
   */
  async function seed(label: string, docs: Record<string, DocumentData>): Promise<CollectionReference> {
    const name = admin.collectionName(label);
    const batch = writeBatch(writer);
    for (const [id, data] of Object.entries(docs)) batch.set(doc(writer, name, id), data);
    await batch.commit();
    return collection(db, name);
  }

  const ids = async (q: Query): Promise<string[]> => (await getDocsFromServer(q)).docs.map((d) => d.id);

  /** The ids in the order the server sent them (the Lite SDK does not re-sort). */
  const serverOrder = async (path: string, ...constraints: lite.QueryConstraint[]): Promise<string[]> =>
    (await lite.getDocs(lite.query(lite.collection(liteDb, path), ...constraints))).docs.map((d) => d.id);

  /** The error a request is refused with, as `code: message` (without gRPC's "3 INVALID_ARGUMENT: "). */
  const refusal = (work: Promise<unknown>): Promise<string> =>
    work.then(
      () => 'accepted',
      (err: { code?: string; message?: string }) => `${err.code}: ${String(err.message).replace(/^\d+ [A-Z_]+: /, '')}`,
    );

  describe('null and NaN in filters', () => {
    // query.test.ts "can use != filters" / "can use NOT_IN filters": ordered by value, as an
    // inequality orders by its field (NaN first among the numbers).
    const zips: Record<string, DocumentData> = {
      a: { zip: Number.NaN },
      b: { zip: 91102 },
      c: { zip: 98101 },
      d: { zip: '98101' },
      e: { zip: [98101] },
      f: { zip: [98101, 98102] },
      g: { zip: ['98101', { zip: 98101 }] },
      h: { zip: { code: 500 } },
      i: { code: 500 },
      j: { zip: null },
    };

    it('in never matches null or NaN, whatever else the list holds', async () => {
      const coll = await seed('in', zips);
      expect(await ids(query(coll, where('zip', 'in', [null])))).toEqual([]);
      expect(await ids(query(coll, where('zip', 'in', [98101, null])))).toEqual(['c']);
      expect(await ids(query(coll, where('zip', 'in', [Number.NaN])))).toEqual([]);
      expect(await ids(query(coll, where('zip', 'in', [98101, Number.NaN])))).toEqual(['c']);
    });

    it('not-in and != never match a missing field or null; not-in [null] matches nothing', async () => {
      const coll = await seed('not-in', zips);
      expect(await ids(query(coll, where('zip', 'not-in', [98101, 98103, [98101, 98102]])))).toEqual([
        'a',
        'b',
        'd',
        'e',
        'g',
        'h',
      ]);
      expect(await ids(query(coll, where('zip', 'not-in', [null])))).toEqual([]);
      expect(await ids(query(coll, where('zip', 'not-in', [Number.NaN])))).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
      expect(await ids(query(coll, where('zip', 'not-in', [Number.NaN, 98101])))).toEqual(['b', 'd', 'e', 'f', 'g', 'h']);
      expect(await ids(query(coll, where('zip', '!=', 98101)))).toEqual(['a', 'b', 'd', 'e', 'f', 'g', 'h']);
      expect(await ids(query(coll, where('zip', '!=', null)))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
      // `!= NaN` (IS_NOT_NAN) leaves out null as well as NaN.
      expect(await ids(query(coll, where('zip', '!=', Number.NaN)))).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
      // The full SDK also filters what the server sends by its own matching; the Lite SDK shows
      // the server's answer as it is.
      expect(await serverOrder(coll.path, lite.where('zip', '!=', Number.NaN))).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
      expect(await serverOrder(coll.path, lite.where('zip', '!=', null))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
      expect(await serverOrder(coll.path, lite.where('zip', 'not-in', [Number.NaN, 98101]))).toEqual([
        'b',
        'd',
        'e',
        'f',
        'g',
        'h',
      ]);
    });

    it('array-contains-any never matches null or NaN elements', async () => {
      const coll = await seed('contains-any', {
        a: { array: [42] },
        e: { array: [43] },
        h: { array: [null] },
        i: { array: [Number.NaN] },
      });
      expect(await ids(query(coll, where('array', 'array-contains-any', [null])))).toEqual([]);
      expect(await ids(query(coll, where('array', 'array-contains-any', [43, null])))).toEqual(['e']);
      expect(await ids(query(coll, where('array', 'array-contains-any', [Number.NaN])))).toEqual([]);
      expect(await ids(query(coll, where('array', 'array-contains-any', [43, Number.NaN])))).toEqual(['e']);
    });

    it('range filters match neither NaN nor null, and only values of their own type', async () => {
      const coll = await seed('range', {
        nan: { n: Number.NaN },
        low: { n: -Infinity },
        one: { n: 1 },
        two: { n: 2.5 },
        nil: { n: null },
        text: { n: '1' },
        flag: { n: true },
      });
      expect(await ids(query(coll, where('n', '<', 3)))).toEqual(['low', 'one', 'two']);
      expect(await ids(query(coll, where('n', '<=', 1)))).toEqual(['low', 'one']);
      expect(await ids(query(coll, where('n', '>', -Infinity)))).toEqual(['one', 'two']);
      expect(await ids(query(coll, where('n', '>=', -Infinity)))).toEqual(['low', 'one', 'two']);
      expect(await ids(query(coll, where('n', '<', 'a')))).toEqual(['text']);
    });
  });

  describe('order across types', () => {
    // database.test.ts "SDK orders vector field same way as backend": arrays, then vectors
    // (by dimension, then values), then maps.
    const inOrder: DocumentData[] = [
      { embedding: [1, 2, 3, 4, 5, 6] },
      { embedding: [100] },
      { embedding: vector([Number.NEGATIVE_INFINITY]) },
      { embedding: vector([-100]) },
      { embedding: vector([100]) },
      { embedding: vector([Number.POSITIVE_INFINITY]) },
      { embedding: vector([1, 2]) },
      { embedding: vector([2, 2]) },
      { embedding: vector([1, 2, 3]) },
      { embedding: vector([1, 2, 3, 4]) },
      { embedding: vector([1, 2, 3, 4, 5]) },
      { embedding: vector([1, 2, 100, 4, 4]) },
      { embedding: vector([100, 2, 3, 4, 5]) },
      { embedding: { HELLO: 'WORLD' } },
      { embedding: { hello: 'world' } },
    ];
    // Ids that sort against the expected order, so the name tie-break cannot help.
    const docs = Object.fromEntries(inOrder.map((data, i) => [`d${String(99 - i)}`, data]));
    const idAt = (i: number): string => `d${String(99 - i)}`;

    it('orders arrays before vectors before maps, vectors by dimension and then values', async () => {
      const coll = await seed('vectors', docs);
      expect(await serverOrder(coll.path, lite.orderBy('embedding'))).toEqual(inOrder.map((_, i) => idAt(i)));
    });

    it('a range filter on a vector returns only vectors, in vector order', async () => {
      const coll = await seed('vector-range', docs);
      const pivot = vector([1, 2, 100, 4, 4]);
      const below = [2, 3, 4, 5, 6, 7, 8, 9, 10].map(idAt);
      expect(await ids(query(coll, where('embedding', '<', pivot), orderBy('embedding')))).toEqual(below);
      expect(await serverOrder(coll.path, lite.where('embedding', '<', lite.vector([1, 2, 100, 4, 4])))).toEqual(below);
      expect(await ids(query(coll, where('embedding', '>', pivot), orderBy('embedding')))).toEqual([idAt(12)]);
      expect(await ids(query(coll, where('embedding', '<', { HELLO: 'WORLD', x: 1 })))).toEqual([idAt(13)]);
    });

    it('orders every type as Firestore documents it: null, booleans, NaN, numbers, timestamps, strings, bytes, references, geopoints, arrays, vectors, maps', async () => {
      const coll = await seed('types', {
        k: { v: { a: 1 } },
        j: { v: vector([1]) },
        i: { v: [1] },
        h: { v: new GeoPoint(1, 1) },
        g: { v: doc(writer, 'x/y') },
        f: { v: Bytes.fromUint8Array(new Uint8Array([1])) },
        e: { v: 'a' },
        d: { v: new Date(0) },
        c: { v: 1 },
        b: { v: Number.NaN },
        a2: { v: true },
        a1: { v: false },
        a0: { v: null },
      });
      const expected = ['a0', 'a1', 'a2', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
      expect(await serverOrder(coll.path, lite.orderBy('v'))).toEqual(expected);
      expect(await serverOrder(coll.path, lite.orderBy('v', 'desc'))).toEqual([...expected].reverse());
    });
  });

  describe('queries the server refuses, in its words', () => {
    // composite_index_query.test.ts: the SDK sends these; production refuses them.
    it('refuses a key order that is not last after the inequality fields', async () => {
      const coll = collection(db, admin.collectionName('key-order'));
      expect(await refusal(getDocsFromServer(query(coll, where('key', '!=', 42), orderBy(documentId()))))).toMatch(
        /^invalid-argument: .*order by clause cannot contain more fields after the key/i,
      );
    });

    it('refuses a key equality next to inequalities on other fields', async () => {
      const coll = collection(db, admin.collectionName('key-equality'));
      expect(await refusal(getDocsFromServer(query(coll, where('key', '!=', 42), where(documentId(), '==', 'doc1'))))).toBe(
        'invalid-argument: Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
      );
    });

    it('still answers a key inequality next to other inequalities, with the key ordered last', async () => {
      const coll = await seed('key-inequality', {
        doc1: { key: 'a', sort: 5 },
        doc2: { key: 'aa', sort: 4 },
        doc3: { key: 'b', sort: 3 },
        doc4: { key: 'b', sort: 2 },
        doc5: { key: 'bb', sort: 1 },
      });
      const q = query(coll, where('sort', '>=', 1), where('key', '!=', 'a'), where(documentId(), '<', 'doc5'));
      expect(await ids(q)).toEqual(['doc2', 'doc4', 'doc3']);
    });

    it("refuses not-in inside an or (the SDK lets it through), in Firestore's words", async () => {
      const coll = collection(db, admin.collectionName('not-in-or'));
      const q = query(coll, or(where('a', 'not-in', [1, 2]), where('b', '==', 3)));
      expect(await refusal(getDocsFromServer(q))).toBe(
        "invalid-argument: 'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
      );
    });

    it('refuses a count whose cursor has more values than its explicit order (the SDK drops implicit orders)', async () => {
      const coll = await seed('count-cursor', { a: { n: 1 }, b: { n: 2 } });
      const first = await getDocFromServer(doc(coll, 'a'));
      expect(await refusal(getCountFromServer(query(coll, startAfter(first))))).toBe(
        'invalid-argument: Cursor has too many values.',
      );
      // With the order spelled out the cursor fits.
      const counted = await getCountFromServer(query(coll, orderBy(documentId()), startAfter(first)));
      expect(counted.data().count).toBe(1);
    });

    it('refuses more than 10 inequality fields', async () => {
      const coll = collection(db, admin.collectionName('ten-fields'));
      const ten = Array.from({ length: 10 }, (_, i) => where(`f${i}`, '>', 0));
      expect(await refusal(getDocsFromServer(query(coll, ...ten)))).toBe('accepted');
      const eleven = [...ten, where('f10', '>', 0)];
      expect(await refusal(getDocsFromServer(query(coll, ...eleven)))).toMatch(/^invalid-argument: .*10/);
    });

    it("refuses more than 5 aggregations with Firestore's 'maximum number of aggregations'", async () => {
      // aggregation.test.ts "fails when exceeding the max (5) aggregations".
      const coll = await seed('aggregations', { a: { pages: 100 }, b: { pages: 50 } });
      const five = await getAggregateFromServer(coll, {
        total: sum('pages'),
        mean: average('pages'),
        all: count(),
        totalX: sum('pages'),
        meanY: average('pages'),
      });
      expect(five.data()).toEqual({ total: 150, mean: 75, all: 2, totalX: 150, meanY: 75 });
      const six = getAggregateFromServer(coll, {
        total: sum('pages'),
        mean: average('pages'),
        all: count(),
        totalX: sum('pages'),
        meanY: average('pages'),
        allZ: count(),
      });
      expect(await refusal(six)).toBe(
        'invalid-argument: The maximum number of aggregations allowed in an aggregation query is 5. Received: 6',
      );
    });

    it("refuses a second negation in firebase-admin's query (which does not check), in Firestore's words", async () => {
      const col = admin.db.collection(admin.collectionName('negations'));
      const message = await col
        .where('a', '!=', 1)
        .where('b', 'not-in', [2])
        .get()
        .then(
          () => 'accepted',
          (err: { details?: string }) => err.details,
        );
      expect(message).toBe("Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.");
    });
  });

  describe('document ids', () => {
    // database.test.ts "sort documents by DocumentId": numeric ids sort first, by number.
    const someIds = [
      'A',
      'a',
      'Aa',
      '7',
      '12',
      '__id7__',
      '__id12__',
      '__id-2__',
      '_id1__',
      '__id1_',
      '__id',
      '__id9223372036854775807__',
      '__id9223372036854775806__',
      '__id-9223372036854775808__',
      '__id-9223372036854775807__',
    ];

    it('writes and reads __id<n>__ ids, and orders numeric ids first by their number', async () => {
      const coll = await seed('numeric-ids', Object.fromEntries(someIds.map((id) => [id, { a: 1 }])));
      expect((await getDocFromServer(doc(coll, '__id-2__'))).data()).toEqual({ a: 1 });
      const order = [
        '__id-9223372036854775808__',
        '__id-9223372036854775807__',
        '__id-2__',
        '__id7__',
        '__id12__',
        '__id9223372036854775806__',
        '__id9223372036854775807__',
        '12',
        '7',
        'A',
        'Aa',
        '__id',
        '__id1_',
        '_id1__',
        'a',
      ];
      expect(await serverOrder(coll.path, lite.orderBy(lite.documentId()))).toEqual(order);
      // A range of ids is that stretch of the order: after '__id7__', up to 'Aa'.
      const range = [lite.where(lite.documentId(), '>', '__id7__'), lite.where(lite.documentId(), '<=', 'Aa')];
      expect(await serverOrder(coll.path, ...range)).toEqual(order.slice(order.indexOf('__id7__') + 1, order.indexOf('Aa') + 1));
      expect(await ids(query(coll, orderBy(documentId()), limit(2)))).toEqual([
        '__id-9223372036854775808__',
        '__id-9223372036854775807__',
      ]);
      expect(await ids(query(coll, orderBy(documentId(), 'desc'), limit(2)))).toEqual(['a', '_id1__']);
    });

    it("keeps other __...__ ids reserved, in Firestore's words", async () => {
      const coll = collection(db, admin.collectionName('reserved'));
      expect(await refusal(setDoc(doc(coll, '__foo__'), { a: 1 }))).toBe(
        'invalid-argument: Resource id "__foo__" is invalid because it is reserved.',
      );
      expect(await refusal(setDoc(doc(coll, '__id1x__'), { a: 1 }))).toBe(
        'invalid-argument: Resource id "__id1x__" is invalid because it is reserved.',
      );
      expect(await refusal(setDoc(doc(db, '__meta__/d'), { a: 1 }))).toBe(
        'invalid-argument: Collection id "__meta__" is invalid because it is reserved.',
      );
    });
  });
});
