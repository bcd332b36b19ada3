// Firestore's query semantics as the web SDK in Chromium meets them (WebChannel for reads and
// writes, REST for aggregations and the Lite SDK): null and NaN in filters, the vector order,
// the queries production refuses and its words for them, and numeric document ids. The
// expectations are Firestore's documented behaviour and the firebase-js-sdk integration tests
// (query.test.ts, composite_index_query.test.ts, database.test.ts, aggregation.test.ts).
// Documents are written by a second client, so the reading client's cache cannot stand in for
// the server's answer, and orders are read through the Lite SDK, which does not re-sort.

import type { Firestore, QueryConstraint } from 'firebase/firestore';
import type { Firestore as LiteFirestore, QueryConstraint as LiteConstraint } from 'firebase/firestore/lite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firestoreEmulator, uniqueProjectId } from '../../support/emulators.js';
import { useSdkPage } from './sdkPage.js';

declare global {
  interface Window {
    reader: Firestore;
    writer: Firestore;
    lite: LiteFirestore;
  }
}

describe('Firestore query semantics through the web SDK in Chromium', () => {
  let page: Page;
  const projectId = uniqueProjectId('semantics');
  useSdkPage(projectId, async (opened) => {
    page = opened;
    await page.evaluate(
      (t) => {
        const { app, firestore, firestoreLite } = window.sdk;
        const open = (name: string): Firestore => {
          const db = firestore.getFirestore(app.initializeApp({ projectId: t.projectId, apiKey: 'demo-key' }, name));
          firestore.connectFirestoreEmulator(db, t.host, t.port, { mockUserToken: 'owner' });
          return db;
        };
        const lite = firestoreLite.getFirestore(app.initializeApp({ projectId: t.projectId, apiKey: 'demo-key' }, 'lite'));
        firestoreLite.connectFirestoreEmulator(lite, t.host, t.port, { mockUserToken: 'owner' });
        Object.assign(window, { reader: open('reader'), writer: open('writer'), lite });
      },
      { projectId, ...firestoreEmulator() },
    );
  });

  it('in, array-contains-any and range filters never match null or NaN; != NaN leaves out null', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f, firestoreLite: l } = window.sdk;
      const batch = f.writeBatch(window.writer);
      const rows: [string, Record<string, unknown>][] = [
        ['nan', { zip: Number.NaN, arr: [Number.NaN] }],
        ['low', { zip: -Infinity, arr: [43] }],
        ['num', { zip: 98101, arr: [42] }],
        ['str', { zip: '98101' }],
        ['nil', { zip: null, arr: [null] }],
        ['none', { other: 1 }],
      ];
      for (const [id, data] of rows) batch.set(f.doc(window.writer, 'zips', id), data);
      await batch.commit();
      const zips = f.collection(window.reader, 'zips');
      const ids = async (...constraints: QueryConstraint[]): Promise<string[]> =>
        (await f.getDocsFromServer(f.query(zips, ...constraints))).docs.map((d) => d.id);
      const liteIds = async (...constraints: LiteConstraint[]): Promise<string[]> =>
        (await l.getDocs(l.query(l.collection(window.lite, 'zips'), ...constraints))).docs.map((d) => d.id);
      return {
        inNull: await ids(f.where('zip', 'in', [null])),
        inNumberAndNull: await ids(f.where('zip', 'in', [98101, null])),
        inNaN: await ids(f.where('zip', 'in', [Number.NaN])),
        anyNull: await ids(f.where('arr', 'array-contains-any', [null])),
        anyNaNOr43: await ids(f.where('arr', 'array-contains-any', [Number.NaN, 43])),
        below: await ids(f.where('zip', '<', 99999)),
        above: await ids(f.where('zip', '>', -Infinity)),
        notNaN: await liteIds(l.where('zip', '!=', Number.NaN)),
        notNull: await liteIds(l.where('zip', '!=', null)),
        notInNull: await liteIds(l.where('zip', 'not-in', [null])),
      };
    });
    expect(result).toEqual({
      inNull: [],
      inNumberAndNull: ['num'],
      inNaN: [],
      anyNull: [],
      anyNaNOr43: ['low'],
      below: ['low', 'num'],
      above: ['num'],
      notNaN: ['low', 'num', 'str'],
      notNull: ['nan', 'low', 'num', 'str'],
      notInNull: [],
    });
  });

  it('orders vectors after arrays and before maps, by dimension then values; a vector range holds only vectors', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f, firestoreLite: l } = window.sdk;
      const rows: [string, unknown][] = [
        ['m2', { hello: 'world' }],
        ['m1', { HELLO: 'WORLD' }],
        ['v6', f.vector([100, 2, 3, 4, 5])],
        ['v5', f.vector([1, 2, 100, 4, 4])],
        ['v4', f.vector([1, 2, 3])],
        ['v3', f.vector([2, 2])],
        ['v2', f.vector([1, 2])],
        ['v1', f.vector([Number.POSITIVE_INFINITY])],
        ['v0', f.vector([-100])],
        ['a1', [100]],
        ['a0', [1, 2, 3, 4, 5, 6]],
      ];
      const batch = f.writeBatch(window.writer);
      for (const [id, embedding] of rows) batch.set(f.doc(window.writer, 'embeddings', id), { embedding });
      await batch.commit();
      const ordered = async (...constraints: LiteConstraint[]): Promise<string[]> =>
        (await l.getDocs(l.query(l.collection(window.lite, 'embeddings'), ...constraints))).docs.map((d) => d.id);
      const below = await f.getDocsFromServer(
        f.query(f.collection(window.reader, 'embeddings'), f.where('embedding', '<', f.vector([1, 2, 100, 4, 4]))),
      );
      return {
        all: await ordered(l.orderBy('embedding')),
        below: await ordered(l.where('embedding', '<', l.vector([1, 2, 100, 4, 4]))),
        belowFullSdk: below.docs.map((d) => d.id),
        above: await ordered(l.where('embedding', '>', l.vector([1, 2, 100, 4, 4]))),
      };
    });
    expect(result).toEqual({
      all: ['a0', 'a1', 'v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'm1', 'm2'],
      below: ['v0', 'v1', 'v2', 'v3', 'v4'],
      belowFullSdk: ['v0', 'v1', 'v2', 'v3', 'v4'],
      above: ['v6'],
    });
  });

  it("refuses what production refuses and the SDK lets through, in production's words", async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      await f.setDoc(f.doc(window.writer, 'items/a'), { n: 1, pages: 10 });
      const items = f.collection(window.reader, 'items');
      const refusal = (work: Promise<unknown>): Promise<string> =>
        work.then(
          () => 'accepted',
          (err: { code: string; message: string }) => `${err.code}: ${err.message}`,
        );
      const first = await f.getDocFromServer(f.doc(window.reader, 'items/a'));
      return {
        keyNotLast: await refusal(f.getDocsFromServer(f.query(items, f.where('key', '!=', 42), f.orderBy(f.documentId())))),
        keyEquality: await refusal(
          f.getDocsFromServer(f.query(items, f.where('key', '!=', 42), f.where(f.documentId(), '==', 'a'))),
        ),
        notInOr: await refusal(f.getDocsFromServer(f.query(items, f.or(f.where('n', 'not-in', [1]), f.where('m', '==', 2))))),
        countCursor: await refusal(f.getCountFromServer(f.query(items, f.startAfter(first)))),
        sixAggregations: await refusal(
          f.getAggregateFromServer(items, {
            a: f.count(),
            b: f.sum('pages'),
            c: f.average('pages'),
            d: f.count(),
            e: f.sum('pages'),
            g: f.average('pages'),
          }),
        ),
      };
    });
    expect(result).toEqual({
      keyNotLast: 'invalid-argument: order by clause cannot contain more fields after the key',
      keyEquality:
        'invalid-argument: Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
      notInOr: "invalid-argument: 'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
      countCursor: 'invalid-argument: Cursor has too many values.',
      sixAggregations: 'invalid-argument: The maximum number of aggregations allowed in an aggregation query is 5. Received: 6',
    });
  });

  it('keeps numeric ids (__id<n>__), orders them first by number, and keeps other __...__ ids reserved', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f, firestoreLite: l } = window.sdk;
      const batch = f.writeBatch(window.writer);
      for (const id of ['a', '7', '__id12__', '__id-2__', '__id7__', '__id', '_id1__'])
        batch.set(f.doc(window.writer, 'numbered', id), { a: 1 });
      await batch.commit();
      const reserved = await f.setDoc(f.doc(window.reader, 'numbered/__x__'), { a: 1 }).then(
        () => 'accepted',
        (err: { code: string; message: string }) => `${err.code}: ${err.message}`,
      );
      return {
        read: (await f.getDocFromServer(f.doc(window.reader, 'numbered/__id-2__'))).data(),
        ordered: (await l.getDocs(l.query(l.collection(window.lite, 'numbered'), l.orderBy(l.documentId())))).docs.map(
          (d) => d.id,
        ),
        firstTwo: (
          await f.getDocsFromServer(f.query(f.collection(window.reader, 'numbered'), f.orderBy(f.documentId()), f.limit(2)))
        ).docs.map((d) => d.id),
        reserved,
      };
    });
    expect(result).toEqual({
      read: { a: 1 },
      ordered: ['__id-2__', '__id7__', '__id12__', '7', '__id', '_id1__', 'a'],
      firstTwo: ['__id-2__', '__id7__'],
      reserved: 'invalid-argument: Resource id "__x__" is invalid because it is reserved.',
    });
  });
});
