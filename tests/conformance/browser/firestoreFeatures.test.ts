// The engine's features as the web SDK in Chromium sees them: nested documents, merges, field
// transforms, preconditions and atomic batches, every query operator, aggregations, transaction
// retries, several listeners on one stream, the Lite SDK over REST, and a listener that resumes
// after the backend restarts on its data folder.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Firestore, Query, QueryConstraint } from 'firebase/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { firestoreEmulator, uniqueProjectId } from '../../support/emulators.js';
import { runEveryQuery } from '../../support/projectIndexes.js';
import { useSdkPage } from './sdkPage.js';

interface Target {
  projectId: string;
  host: string;
  port: number;
}

/** Opens `window.db` (and `window.db2`, a second client) on the page. */
async function connect(page: Page, target: Target): Promise<void> {
  await page.evaluate((t) => {
    const { app, firestore } = window.sdk;
    const open = (name: string): Firestore => {
      const db = firestore.getFirestore(app.initializeApp({ projectId: t.projectId, apiKey: 'demo-key' }, name));
      firestore.connectFirestoreEmulator(db, t.host, t.port);
      return db;
    };
    Object.assign(window, { db: open('first'), db2: open('second') });
  }, target);
}

declare global {
  interface Window {
    db: Firestore;
    db2: Firestore;
  }
}

describe('Firestore engine features through the web SDK in Chromium', () => {
  let page: Page;
  const projectId = uniqueProjectId('features');
  useSdkPage(projectId, async (opened) => {
    page = opened;
    // The official emulator's behaviour: every query runs, whatever indexes it would need.
    await runEveryQuery(projectId);
    await connect(page, { projectId, ...firestoreEmulator() });
  });

  it('keeps documents in nested collections, merges sets, updates nested fields and deletes', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const ref = f.doc(window.db, 'events/e1/rounds/r1/entries/p1');
      await f.setDoc(ref, { name: 'Ada', profile: { company: 'Acme', city: 'Cork' }, score: 1 });
      await f.setDoc(ref, { score: 2, extra: true }, { merge: true });
      await f.updateDoc(ref, { 'profile.city': 'Galway', 'profile.country': 'IE' });
      const updated = (await f.getDocFromServer(ref)).data();
      const siblings = (await f.getDocs(f.collection(window.db, 'events/e1/rounds/r1/entries'))).size;
      await f.deleteDoc(ref);
      const gone = (await f.getDocFromServer(ref)).exists();
      return { updated, siblings, gone };
    });
    expect(result).toEqual({
      updated: { name: 'Ada', profile: { company: 'Acme', city: 'Galway', country: 'IE' }, score: 2, extra: true },
      siblings: 1,
      gone: false,
    });
  });

  it('applies serverTimestamp, increment, arrayUnion, arrayRemove and deleteField', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const ref = f.doc(window.db, 'counters/c1');
      await f.setDoc(ref, { n: 1, tags: ['a', 'b'], gone: 'x' });
      const before = Date.now();
      await f.updateDoc(ref, {
        n: f.increment(2),
        at: f.serverTimestamp(),
        tags: f.arrayUnion('c', 'a'),
        gone: f.deleteField(),
      });
      await f.updateDoc(ref, { tags: f.arrayRemove('b'), half: f.increment(0.5) });
      const data = (await f.getDocFromServer(ref)).data()!;
      const at = (data.at as { toMillis(): number }).toMillis();
      return {
        n: data.n,
        half: data.half,
        tags: data.tags,
        hasGone: 'gone' in data,
        atIsRecent: at >= before - 5_000 && at <= Date.now() + 5_000,
      };
    });
    expect(result).toEqual({ n: 3, half: 0.5, tags: ['a', 'c'], hasGone: false, atIsRecent: true });
  });

  it('rejects an update of a missing document with not-found, and a failing batch writes nothing', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const codeOf = async (work: Promise<unknown>): Promise<string> =>
        work.then(
          () => 'ok',
          (err: { code: string }) => err.code,
        );
      const missing = await codeOf(f.updateDoc(f.doc(window.db, 'things/missing'), { a: 1 }));
      const batch = f.writeBatch(window.db);
      batch.set(f.doc(window.db, 'things/written'), { a: 1 });
      batch.update(f.doc(window.db, 'things/also-missing'), { a: 1 });
      const batchCode = await codeOf(batch.commit());
      const written = (await f.getDocFromServer(f.doc(window.db, 'things/written'))).exists();
      return { missing, batchCode, written };
    });
    expect(result).toEqual({ missing: 'not-found', batchCode: 'not-found', written: false });
  });

  it('answers every query operator, composite filters, ordering, cursors, limits and collection groups', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const cities = f.collection(window.db, 'cities');
      const rows: [string, Record<string, unknown>][] = [
        ['sf', { name: 'San Francisco', state: 'CA', pop: 860, tags: ['west', 'coast'] }],
        ['la', { name: 'Los Angeles', state: 'CA', pop: 3900, tags: ['west', 'coast'] }],
        ['dc', { name: 'Washington', state: null, pop: 680, tags: ['east'] }],
        ['tok', { name: 'Tokyo', state: 'TK', pop: 9000, tags: ['asia'] }],
        ['bj', { name: 'Beijing', state: 'BJ', pop: 21500, tags: ['asia'] }],
      ];
      const batch = f.writeBatch(window.db);
      for (const [id, data] of rows) batch.set(f.doc(cities, id), data);
      batch.set(f.doc(window.db, 'cities/sf/landmarks/bridge'), { type: 'bridge' });
      batch.set(f.doc(window.db, 'cities/bj/landmarks/palace'), { type: 'museum' });
      batch.set(f.doc(window.db, 'cities/tok/landmarks/tower'), { type: 'bridge' });
      await batch.commit();
      const ids = async (q: Query): Promise<string[]> => (await f.getDocsFromServer(q)).docs.map((d) => d.id);
      const q = (...constraints: QueryConstraint[]): Query => f.query(cities, ...constraints);
      const by = f.orderBy('pop');
      return {
        eq: await ids(q(f.where('state', '==', 'CA'), by)),
        ne: await ids(q(f.where('state', '!=', 'CA'), f.orderBy('state'))),
        lt: await ids(q(f.where('pop', '<', 860), by)),
        le: await ids(q(f.where('pop', '<=', 860), by)),
        gt: await ids(q(f.where('pop', '>', 9000), by)),
        ge: await ids(q(f.where('pop', '>=', 9000), by)),
        in: await ids(q(f.where('state', 'in', ['CA', 'TK']), by)),
        notIn: await ids(q(f.where('state', 'not-in', ['CA', 'TK']), f.orderBy('state'))),
        contains: await ids(q(f.where('tags', 'array-contains', 'asia'), by)),
        containsAny: await ids(q(f.where('tags', 'array-contains-any', ['east', 'asia']), by)),
        or: await ids(f.query(cities, f.or(f.where('state', '==', 'TK'), f.where('pop', '<', 700)), by)),
        and: await ids(f.query(cities, f.and(f.where('state', '==', 'CA'), f.where('pop', '>', 1000)))),
        twoOrders: await ids(q(f.orderBy('state', 'desc'), f.orderBy('pop'))),
        limit: await ids(q(by, f.limit(2))),
        limitToLast: await ids(q(by, f.limitToLast(2))),
        startAfter: await ids(q(by, f.startAfter(860), f.endAt(9000))),
        startAtEndBefore: await ids(q(by, f.startAt(860), f.endBefore(9000))),
        group: (
          await f.getDocsFromServer(f.query(f.collectionGroup(window.db, 'landmarks'), f.where('type', '==', 'bridge')))
        ).docs.map((d) => d.ref.path),
      };
    });
    expect(result).toEqual({
      eq: ['sf', 'la'],
      ne: ['bj', 'tok'],
      lt: ['dc'],
      le: ['dc', 'sf'],
      gt: ['bj'],
      ge: ['tok', 'bj'],
      in: ['sf', 'la', 'tok'],
      notIn: ['bj'],
      contains: ['tok', 'bj'],
      containsAny: ['dc', 'tok', 'bj'],
      or: ['dc', 'tok'],
      and: ['la'],
      twoOrders: ['tok', 'sf', 'la', 'bj', 'dc'],
      limit: ['dc', 'sf'],
      limitToLast: ['tok', 'bj'],
      startAfter: ['la', 'tok'],
      startAtEndBefore: ['sf', 'la'],
      group: ['cities/sf/landmarks/bridge', 'cities/tok/landmarks/tower'],
    });
  });

  it('counts, sums and averages on the server', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const ratings = f.collection(window.db, 'ratings');
      for (const [id, stars] of [
        ['a', 5],
        ['b', 4],
        ['c', 2],
      ] as const)
        await f.setDoc(f.doc(ratings, id), { stars });
      await f.setDoc(f.doc(ratings, 'd'), { stars: 'none' });
      const all = await f.getAggregateFromServer(ratings, {
        count: f.count(),
        total: f.sum('stars'),
        mean: f.average('stars'),
      });
      const high = await f.getCountFromServer(f.query(ratings, f.where('stars', '>=', 4)));
      return { ...all.data(), high: high.data().count };
    });
    expect(result).toEqual({ count: 4, total: 11, mean: 11 / 3, high: 2 });
  });

  it('retries a transaction whose read document another client changed', async () => {
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const ref = f.doc(window.db, 'tallies/t1');
      await f.setDoc(ref, { n: 0 });
      let attempts = 0;
      await f.runTransaction(window.db, async (tx) => {
        attempts++;
        const snap = await tx.get(ref);
        if (attempts === 1) await f.setDoc(f.doc(window.db2, 'tallies/t1'), { n: 100 });
        tx.update(ref, { n: (snap.get('n') as number) + 1 });
      });
      return { attempts, n: (await f.getDocFromServer(ref)).get('n') as number };
    });
    expect(result).toEqual({ attempts: 2, n: 101 });
  });

  it('serves several listeners over one Listen stream, and a removed target stops only its own events', async () => {
    const handshakes: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/Listen/channel') && !url.includes('SID=')) handshakes.push(url);
    });
    const result = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      const seen: Record<'one' | 'two', number[]> = { one: [], two: [] };
      const waitFor = (check: () => boolean): Promise<void> =>
        new Promise((resolve) => {
          const timer = setInterval(() => {
            if (check()) {
              clearInterval(timer);
              resolve();
            }
          }, 20);
        });
      const listen = (id: 'one' | 'two'): (() => void) =>
        f.onSnapshot(f.doc(window.db, `live/${id}`), (snap) => {
          if (snap.exists() && !snap.metadata.hasPendingWrites) seen[id].push(snap.get('v') as number);
        });
      const stopOne = listen('one');
      const stopTwo = listen('two');
      await f.setDoc(f.doc(window.db2, 'live/one'), { v: 1 });
      await f.setDoc(f.doc(window.db2, 'live/two'), { v: 1 });
      await waitFor(() => seen.one.length === 1 && seen.two.length === 1);
      stopOne();
      await f.setDoc(f.doc(window.db2, 'live/one'), { v: 2 });
      await f.setDoc(f.doc(window.db2, 'live/two'), { v: 2 });
      await waitFor(() => seen.two.length === 2);
      stopTwo();
      return seen;
    });
    expect(result).toEqual({ one: [1], two: [1, 2] });
    expect(handshakes).toHaveLength(1);
  });

  it('the Lite SDK reads, writes, queries, counts and runs transactions over REST', async () => {
    const result = await page.evaluate(
      async (t) => {
        const { app, firestoreLite: f } = window.sdk;
        const db = f.getFirestore(app.initializeApp({ projectId: t.projectId, apiKey: 'demo-key' }, 'lite'));
        f.connectFirestoreEmulator(db, t.host, t.port);
        await f.setDoc(f.doc(db, 'lite/a'), { n: 1 });
        await f.setDoc(f.doc(db, 'lite/b'), { n: 2 });
        await f.runTransaction(db, async (tx) => {
          const a = await tx.get(f.doc(db, 'lite/a'));
          tx.update(f.doc(db, 'lite/a'), { n: (a.get('n') as number) + 10 });
        });
        const docs = (await f.getDocs(f.query(f.collection(db, 'lite'), f.orderBy('n', 'desc')))).docs;
        const count = (await f.getCount(f.collection(db, 'lite'))).data().count;
        return { ordered: docs.map((d) => [d.id, d.get('n')]), count };
      },
      { projectId, ...firestoreEmulator() },
    );
    expect(result).toEqual({
      ordered: [
        ['a', 11],
        ['b', 2],
      ],
      count: 2,
    });
  });
});

describe('A listener in Chromium across a backend restart', () => {
  let browser: Browser;
  let backend: RunningBackend | undefined;
  let dataDir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-'));
  });
  afterAll(async () => {
    await browser?.close();
    await backend?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the data, resumes the listener and sees changes made while it was away', async () => {
    backend = await startBackend({ firestorePort: 0, storagePort: 0, dataDir });
    const port = backend.firestorePort;
    const target = { projectId: uniqueProjectId('restart'), host: backend.host, port };
    const page = await openSdkPage(browser);
    await connect(page, target);
    await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      await f.setDoc(f.doc(window.db, 'queue/a'), { order: 1 });
      await f.setDoc(f.doc(window.db, 'queue/b'), { order: 2 });
      const state = { ids: [] as string[], fromCache: true };
      Object.assign(window, { queueState: state });
      f.onSnapshot(f.query(f.collection(window.db, 'queue'), f.orderBy('order')), { includeMetadataChanges: true }, (snap) => {
        state.ids = snap.docs.map((d) => d.id);
        state.fromCache = snap.metadata.fromCache;
      });
    });
    const queue = (): Promise<{ ids: string[]; fromCache: boolean }> =>
      page.evaluate(() => (window as unknown as { queueState: { ids: string[]; fromCache: boolean } }).queueState);
    await expect.poll(queue, { timeout: 10_000 }).toEqual({ ids: ['a', 'b'], fromCache: false });

    await backend.close();
    backend = await startBackend({ firestorePort: port, storagePort: 0, dataDir });
    const admin = { identity: { admin: true, auth: null } };
    const database = `projects/${target.projectId}/databases/(default)`;
    await backend.engine.commit(
      database,
      {
        writes: [
          { delete: `${database}/documents/queue/b` },
          { update: { name: `${database}/documents/queue/c`, fields: { order: { integerValue: '3' } } } },
        ],
      },
      admin,
    );

    await expect.poll(queue, { timeout: 20_000, interval: 200 }).toEqual({ ids: ['a', 'c'], fromCache: false });
    const kept = await page.evaluate(async () => {
      const { firestore: f } = window.sdk;
      return (await f.getDocFromServer(f.doc(window.db, 'queue/a'))).get('order') as number;
    });
    expect(kept).toBe(1);
  });
});
