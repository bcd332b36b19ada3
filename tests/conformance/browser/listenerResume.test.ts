// A listener of the web SDK in Chromium (WebChannel) that goes offline and back, as a phone does
// when the venue's Wi-Fi drops: it resumes with its token and is sent only what changed
// meanwhile, billed as Firestore bills it. Runs its own backend (in memory, on loopback) to
// read the engine's count of billed document reads.

import type { Firestore } from 'firebase/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../backend/src/authz/identity.js';
import type { Write } from '../../../backend/src/firestore/types.js';
import type { RunningBackend } from '../../../backend/src/server.js';
import { launchChromium, openSdkPage } from '../../support/browser.js';
import { startCountedBackend, type CountedBackend } from '../../support/countedBackend.js';
import { uniqueProjectId } from '../../support/emulators.js';

interface QueueState {
  /** id → n, as the listener last saw them. */
  docs: Record<string, number>;
  fromCache: boolean;
}

declare global {
  interface Window {
    db: Firestore;
    queueState: QueueState;
  }
}

describe('a listener in Chromium resumed after going offline', () => {
  let browser: Browser;
  let backend: RunningBackend;
  let page: Page;
  const projectId = uniqueProjectId('resume-browser');
  const database = `projects/${projectId}/databases/(default)`;
  const name = (path: string): string => `${database}/documents/${path}`;
  const commit = (writes: Write[]) => backend.engine.commit(database, { writes }, { identity: ADMIN });
  const queue = (): Promise<QueueState> => page.evaluate(() => window.queueState);
  /** Listen streams open on the server: each subscribes to the engine's commits while it lasts. */
  let counted: CountedBackend;

  /**
   * Takes the page offline and waits until the server has closed its Listen stream too: a change
   * that reached the old stream first would be sent (and billed) there.
   */
  async function goOffline(): Promise<void> {
    await page.evaluate(() => window.sdk.firestore.disableNetwork(window.db));
    await expect.poll(() => counted.listenStreams(), { timeout: 10_000 }).toBe(0);
  }

  async function goOnline(): Promise<void> {
    await page.evaluate(() => window.sdk.firestore.enableNetwork(window.db));
  }

  /** The billed reads once none is still on its way. */
  const settledReads = (): Promise<number> => counted.settledReads(database);

  beforeAll(async () => {
    counted = await startCountedBackend();
    backend = counted.backend;
    await commit(
      Array.from({ length: 50 }, (_, i) => ({
        update: { name: name(`queue/p${String(i).padStart(2, '0')}`), fields: { n: { integerValue: '0' } } },
      })),
    );
    browser = await launchChromium();
    page = await openSdkPage(browser);
    await page.evaluate(
      (t) => {
        const { app, firestore: f } = window.sdk;
        const db = f.getFirestore(app.initializeApp({ projectId: t.projectId, apiKey: 'demo-key' }, 'resume'));
        f.connectFirestoreEmulator(db, t.host, t.port);
        const state: QueueState = { docs: {}, fromCache: true };
        Object.assign(window, { db, queueState: state });
        f.onSnapshot(f.collection(db, 'queue'), { includeMetadataChanges: true }, (snap) => {
          state.docs = Object.fromEntries(snap.docs.map((d) => [d.id, d.get('n') as number]));
          state.fromCache = snap.metadata.fromCache;
        });
      },
      { projectId, host: backend.host, port: backend.firestorePort },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await backend?.close();
  });

  it('the first snapshot costs one read per document', async () => {
    await expect
      .poll(
        async () => {
          const state = await queue();
          return Object.keys(state.docs).length === 50 && !state.fromCache;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await settledReads()).toBe(50);
  });

  it('gets the one document of 50 that changed while it was offline, billed as 1 read', async () => {
    const before = await settledReads();
    await goOffline();
    await commit([{ update: { name: name('queue/p07'), fields: { n: { integerValue: '7' } } } }]);
    await goOnline();
    await expect
      .poll(
        async () => {
          const state = await queue();
          return state.docs.p07 === 7 && !state.fromCache;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(Object.keys((await queue()).docs)).toHaveLength(50);
    expect((await settledReads()) - before).toBe(1);
  });

  it('drops a document deleted while it was offline, at no read', async () => {
    const before = await settledReads();
    await goOffline();
    await commit([{ delete: name('queue/p03') }]);
    await goOnline();
    await expect
      .poll(
        async () => {
          const state = await queue();
          return !('p03' in state.docs) && !state.fromCache;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(Object.keys((await queue()).docs)).toHaveLength(49);
    expect((await settledReads()) - before).toBe(0);
  });
});
