// Index enforcement as a developer meets it, through the real SDKs against the run's backend
// (globalSetup: the project's indexes file, required as in production): the web SDK (its Node
// build listens and reads over gRPC), Firestore Lite (REST runQuery and runAggregationQuery) and
// firebase-admin (gRPC) each get FAILED_PRECONDITION with production's words and a console link
// for a query that needs a composite index, and a query served by the automatic indexes runs.
// Adding the index (here through the emulator endpoint; in the project, firestore.indexes.json)
// lets the query run. The browser's WebChannel path: tests/backend/http/indexErrorsWebChannel.test.ts.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getCountFromServer,
  getDocs,
  initializeFirestore,
  onSnapshot,
  orderBy,
  query,
  terminate,
  where,
  type Firestore,
} from 'firebase/firestore';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreEmulator, uniqueProjectId } from '../../support/emulators.js';
import { openAdminDb, type AdminDb } from '../../db/appDb.js';

/** Production's words, and a link that carries the index (base64url, no padding). */
const NEEDS_INDEX =
  /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/([^/]+)\/firestore\/indexes\?create_composite=([A-Za-z0-9_-]+)$/;

/** The message without gRPC's "9 FAILED_PRECONDITION: " or Lite's "Request failed with error: " prefix. */
const bare = (message: string): string => message.replace(/^\d+ [A-Z_]+: /, '').replace(/^Request failed with error: /, '');

describe('a query that needs a missing composite index', () => {
  const projectId = uniqueProjectId('indexes');
  let admin: AdminDb;
  let app: FirebaseApp;
  let db: Firestore;
  let liteDb: lite.Firestore;
  let events: string;

  beforeAll(async () => {
    admin = openAdminDb(projectId);
    const { host, port } = firestoreEmulator();
    app = initializeApp({ projectId, apiKey: 'fake-key' }, `indexes-${projectId}`);
    db = initializeFirestore(app, {});
    connectFirestoreEmulator(db, host, port, { mockUserToken: 'owner' });
    liteDb = lite.getFirestore(app);
    lite.connectFirestoreEmulator(liteDb, host, port, { mockUserToken: 'owner' });
    events = `events-${projectId.slice(-8)}`;
    await admin.db.collection(events).doc('a').set({ is_event_open: true, title: 'A', round_number: 1 });
  });

  afterAll(async () => {
    if (db) await terminate(db);
    if (liteDb) await lite.terminate(liteDb);
    if (app) await deleteApp(app);
    await admin?.close();
  });

  const failure = (work: Promise<unknown>): Promise<{ code?: string; message: string }> =>
    work.then(
      () => ({ message: 'the query ran' }),
      (err: { code?: string | number; message?: string }) => ({ code: String(err.code), message: bare(String(err.message)) }),
    );

  /** The decoded link: the index's name and its fields. */
  function linkedIndex(message: string): string {
    const [, project, link] = NEEDS_INDEX.exec(message) ?? [];
    expect(project).toBe(projectId);
    return Buffer.from(link ?? '', 'base64url').toString('latin1');
  }

  it('the web SDK: a listener, getDocs and a count fail with failed-precondition and the link', async () => {
    const needsIndex = query(collection(db, events), where('is_event_open', '==', true), orderBy('title'));
    const listened = await new Promise<{ code: string; message: string }>((resolve) => {
      const stop = onSnapshot(
        needsIndex,
        () => resolve({ code: 'none', message: 'a snapshot arrived' }),
        (err) => {
          stop();
          resolve({ code: err.code, message: err.message });
        },
      );
    });
    expect(listened.code).toBe('failed-precondition');
    const index = linkedIndex(listened.message);
    expect(index).toContain(`projects/${projectId}/databases/(default)/collectionGroups/${events}/indexes/_`);
    expect(index).toContain('is_event_open');
    expect(index).toContain('title');
    const read = await failure(getDocs(needsIndex));
    expect(read.code).toBe('failed-precondition');
    expect(read.message).toMatch(NEEDS_INDEX);
    const counted = await failure(getCountFromServer(needsIndex));
    expect(counted.code).toBe('failed-precondition');
    expect(counted.message).toMatch(NEEDS_INDEX);
  });

  it('Firestore Lite: runQuery and runAggregationQuery over REST fail the same way', async () => {
    const needsIndex = lite.query(lite.collection(liteDb, events), lite.where('round_number', '>', 0), lite.orderBy('title'));
    const read = await failure(lite.getDocs(needsIndex));
    expect(read.code).toBe('failed-precondition');
    expect(read.message).toMatch(NEEDS_INDEX);
    const counted = await failure(lite.getCount(needsIndex));
    expect(counted.code).toBe('failed-precondition');
    expect(counted.message).toMatch(NEEDS_INDEX);
  });

  it('firebase-admin over gRPC: a query fails with code 9 and the link', async () => {
    const needsIndex = admin.db.collection(events).where('is_event_open', '==', true).orderBy('round_number', 'desc');
    const read = await failure(needsIndex.get());
    expect(read.code).toBe('9');
    expect(read.message).toMatch(NEEDS_INDEX);
  });

  it('queries the automatic indexes serve run: equality, several equalities, one ordered field, a count', async () => {
    const coll = collection(db, events);
    expect((await getDocs(query(coll, where('is_event_open', '==', true)))).size).toBe(1);
    expect((await getDocs(query(coll, where('is_event_open', '==', true), where('round_number', '==', 1)))).size).toBe(1);
    expect((await getDocs(query(coll, where('round_number', '>', 0), orderBy('round_number', 'desc')))).size).toBe(1);
    expect((await getCountFromServer(query(coll, where('title', '==', 'A')))).data().count).toBe(1);
  });

  it('once the index exists, the query runs', async () => {
    const { host, port } = firestoreEmulator();
    const added = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:indexes`, {
      method: 'PUT',
      body: JSON.stringify({
        indexes: [
          {
            collectionGroup: events,
            queryScope: 'COLLECTION',
            fields: [
              { fieldPath: 'is_event_open', order: 'ASCENDING' },
              { fieldPath: 'title', order: 'ASCENDING' },
            ],
          },
        ],
      }),
    });
    expect(added.status).toBe(200);
    const snapshot = await getDocs(query(collection(db, events), where('is_event_open', '==', true), orderBy('title')));
    expect(snapshot.docs.map((d) => d.id)).toEqual(['a']);
  });
});
