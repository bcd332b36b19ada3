// Firestore in a real browser: the unmodified web SDK in Chromium talks WebChannel (Listen and
// Write streams) and REST (transactions, aggregations) to the backend under test, with streaming
// auto-detection (the default) and with forced long-polling.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firestoreEmulator, uniqueProjectId } from '../../support/emulators.js';
import { useSdkPage } from './sdkPage.js';

interface Setup {
  projectId: string;
  host: string;
  port: number;
  longPolling: boolean;
}

for (const longPolling of [false, true]) {
  describe(`Firestore web SDK in Chromium (${longPolling ? 'forced long-polling' : 'auto-detect'})`, () => {
    let page: Page;
    const projectId = uniqueProjectId(longPolling ? 'fs-lp' : 'fs-wc');
    const setup = (): Setup => ({ projectId, ...firestoreEmulator(), longPolling });
    useSdkPage(projectId, async (opened) => {
      page = opened;
      await page.evaluate((s) => {
        const { app, firestore } = window.sdk;
        const a = app.initializeApp({ projectId: s.projectId, apiKey: 'demo-key' });
        const db = firestore.initializeFirestore(a, s.longPolling ? { experimentalForceLongPolling: true } : {});
        firestore.connectFirestoreEmulator(db, s.host, s.port);
        (window as unknown as { db: unknown }).db = db;
      }, setup());
    });

    it('writes and reads back a document with non-ASCII text', async () => {
      const result = await page.evaluate(async () => {
        const { firestore } = window.sdk;
        const db = (window as unknown as { db: ReturnType<typeof firestore.getFirestore> }).db;
        await firestore.setDoc(firestore.doc(db, 'rooms/r1'), { title: 'é✓😀 café', n: 1 });
        const snap = await firestore.getDocFromServer(firestore.doc(db, 'rooms/r1'));
        const missing = await firestore.getDoc(firestore.doc(db, 'rooms/none'));
        return { data: snap.data(), fromCache: snap.metadata.fromCache, missing: missing.exists() };
      });
      expect(result).toEqual({ data: { title: 'é✓😀 café', n: 1 }, fromCache: false, missing: false });
    });

    it('a query listener sees pending writes, server confirmation, and added/modified/removed changes', async () => {
      const events = await page.evaluate(async () => {
        const { firestore } = window.sdk;
        const db = (window as unknown as { db: ReturnType<typeof firestore.getFirestore> }).db;
        const log: string[] = [];
        let notify = (): void => {};
        const q = firestore.query(firestore.collection(db, 'scores'), firestore.orderBy('score', 'desc'), firestore.limit(2));
        const stop = firestore.onSnapshot(q, { includeMetadataChanges: true }, (s) => {
          const changes = s
            .docChanges()
            .map((c) => `${c.type}:${c.doc.id}`)
            .join(',');
          log.push(
            `${s.docs.map((d) => d.id).join(',')}|${changes}|${s.metadata.hasPendingWrites ? 'pending' : 'synced'}|${s.metadata.fromCache ? 'cache' : 'server'}`,
          );
          notify();
        });
        const until = (test: (line: string) => boolean) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`timed out; log: ${log.join(' / ')}`)), 8000);
            notify = () => {
              if (log.some(test)) {
                clearTimeout(timer);
                resolve();
              }
            };
            notify();
          });
        await until((l) => l.endsWith('server'));
        await firestore.setDoc(firestore.doc(db, 'scores/a'), { score: 1 });
        await firestore.setDoc(firestore.doc(db, 'scores/b'), { score: 5 });
        await until((l) => l.startsWith('b,a|') && l.includes('synced|server'));
        await firestore.setDoc(firestore.doc(db, 'scores/c'), { score: 3 });
        await until((l) => l.startsWith('b,c|') && l.includes('synced|server'));
        await firestore.updateDoc(firestore.doc(db, 'scores/b'), { score: 0 });
        await until((l) => l.startsWith('c,a|') && l.includes('synced|server'));
        stop();
        return log;
      });
      expect(events[0]).toBe('||synced|server');
      expect(events.some((l) => l.includes('pending'))).toBe(true);
      expect(events.some((l) => l.includes('removed:b'))).toBe(true);
    });

    it('a change written by another client reaches this listener', async () => {
      const text = await page.evaluate(async (s) => {
        const { app, firestore } = window.sdk;
        const db = (window as unknown as { db: ReturnType<typeof firestore.getFirestore> }).db;
        const other = firestore.getFirestore(app.initializeApp({ projectId: s.projectId }, 'other'));
        firestore.connectFirestoreEmulator(other, s.host, s.port);
        return await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no message arrived')), 8000);
          let first = true;
          const stop = firestore.onSnapshot(firestore.collection(db, 'chat'), (snap) => {
            if (first) {
              first = false;
              void firestore.addDoc(firestore.collection(other, 'chat'), { text: 'hello ✓' });
            }
            if (snap.size === 1) {
              clearTimeout(timer);
              stop();
              resolve(snap.docs[0]?.get('text') as string);
            }
          });
        });
      }, setup());
      expect(text).toBe('hello ✓');
    });

    it('runs a transaction and an aggregation over REST', async () => {
      const result = await page.evaluate(async () => {
        const { firestore } = window.sdk;
        const db = (window as unknown as { db: ReturnType<typeof firestore.getFirestore> }).db;
        const ref = firestore.doc(db, 'counters/c');
        await firestore.setDoc(ref, { n: 1 });
        await Promise.all(
          [1, 2, 3].map(() =>
            firestore.runTransaction(db, async (tx) => {
              const snap = await tx.get(ref);
              tx.update(ref, { n: (snap.get('n') as number) + 1 });
            }),
          ),
        );
        const count = await firestore.getCountFromServer(firestore.collection(db, 'counters'));
        return { n: (await firestore.getDocFromServer(ref)).get('n') as number, count: count.data().count };
      });
      expect(result).toEqual({ n: 4, count: 1 });
    });
  });
}
