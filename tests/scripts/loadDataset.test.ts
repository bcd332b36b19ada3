// `npm run dataset:load` against the local backend (through FIRESTORE_EMULATOR_HOST, as
// firebase-admin reaches any emulator): the demo data set's documents arrive with their types,
// relative timestamps become times, Auth accounts are left out, and a project that already holds
// events is refused.

import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DATASET, loadDataset } from '../../scripts/loadDataset';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('dataset');
const app = initializeApp({ projectId }, 'dataset-test');
const firestore = getFirestore(app);

afterAll(() => deleteApp(app));

describe('npm run dataset:load', () => {
  it('writes every document of the demo data set and no Auth account', async () => {
    const dataset = JSON.parse(readFileSync(DEMO_DATASET, 'utf8')) as {
      firestore: Record<string, unknown>;
      auth: { users: unknown[] };
    };
    const before = Date.now();
    const result = await loadDataset({ projectId });
    expect(result).toEqual({ documents: Object.keys(dataset.firestore).length, skippedUsers: dataset.auth.users.length });

    const question = await firestore.doc('questions/demo-q1').get();
    expect(question.data()).toEqual(dataset.firestore['questions/demo-q1']);
    const events = await firestore.collection('events').get();
    const open = events.docs.find((event) => event.get('is_event_open') === true);
    expect(open?.get('start_time')).toBeInstanceOf(Timestamp);
    // "now+15m" in the data set: a quarter of an hour after it was loaded.
    const startsIn = (open?.get('start_time') as Timestamp).toMillis() - before;
    expect(startsIn).toBeGreaterThan(14 * 60_000);
    expect(startsIn).toBeLessThan(16 * 60_000);
  });

  it('refuses a project that already holds events, unless forced', async () => {
    await expect(loadDataset({ projectId })).rejects.toThrow(`${projectId} already holds events`);
    await expect(loadDataset({ projectId, force: true })).resolves.toMatchObject({ documents: expect.any(Number) as number });
  });
});
