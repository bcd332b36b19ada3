// The composition behind `npm start` and `npm run emulators`: backend and Auth emulator start
// together, a data set loads into an empty store only, and data and accounts survive restarts.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { ADMIN } from '../../../backend/src/authz/identity.js';
import { startEmulators, type RunningEmulators } from '../../../backend/src/cli.js';
import { loadConfig, repoRoot } from '../../../backend/src/config.js';
import { datasetDocuments, toValue } from '../../../backend/src/dataset.js';

const demoData = path.join(repoRoot, 'backend/demo/demoData.json');
const ports = { auth: 0, firestore: 0, storage: 0 };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'emulators-'));
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function eventName(running: RunningEmulators): string {
  return `projects/${running.projectId}/databases/(default)/documents/events/demo-medtech`;
}

describe('loadConfig', () => {
  it('reads the ports of firebase.json and the demo project of .firebaserc', () => {
    const config = loadConfig();
    expect(config.projectId).toBe('demo-pitch-live');
    expect(config.firestore).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(config.auth).toEqual({ host: '127.0.0.1', port: 9099 });
    expect(config.storage).toEqual({ host: '127.0.0.1', port: 9199 });
    expect(config.dataDir).toBe(path.join(repoRoot, '.data'));
  });
});

describe('data sets', () => {
  it('turns timestamps, relative or absolute, into Firestore timestamps', () => {
    const now = new Date('2030-01-01T09:00:00.000Z');
    expect(toValue({ $timestamp: 'now+15m' }, now)).toEqual({ timestampValue: '2030-01-01T09:15:00.000Z' });
    expect(toValue({ $timestamp: 'now-1d' }, now)).toEqual({ timestampValue: '2029-12-31T09:00:00.000Z' });
    expect(toValue({ $timestamp: '2031-05-05T10:00:00Z' }, now)).toEqual({ timestampValue: '2031-05-05T10:00:00.000Z' });
  });

  it('keeps integers, doubles, lists and maps apart', () => {
    expect(toValue({ n: 3, x: 1.5, list: [true, null], s: 'a' })).toEqual({
      mapValue: {
        fields: {
          n: { integerValue: '3' },
          x: { doubleValue: 1.5 },
          list: { arrayValue: { values: [{ booleanValue: true }, { nullValue: null }] } },
          s: { stringValue: 'a' },
        },
      },
    });
  });

  it('refuses a path that does not name a document', () => {
    expect(() => datasetDocuments({ firestore: { events: {} } }, 'demo-x')).toThrow(/does not name a document/);
  });
});

// Each test starts the backend and the Auth emulator, and loading firebase-tools' Auth server
// takes seconds of CPU: on a loaded 2-core machine well over the suite's default 30 s.
describe('startEmulators', { timeout: 120_000 }, () => {
  it('loads the demo data into an empty store and creates the demo admin', async () => {
    const running = await startEmulators({ dataDir, importFile: demoData, ports });
    try {
      const event = running.backend.engine.lookup(eventName(running));
      expect(event?.fields?.title).toEqual({ stringValue: 'Med-Tech Pitch Session' });
      const startTime = event?.fields?.start_time as { timestampValue: string };
      expect(Date.parse(startTime.timestampValue)).toBeGreaterThan(Date.now());

      const app = initializeApp({ apiKey: 'demo-api-key', projectId: running.projectId }, randomUUID());
      try {
        const auth = getAuth(app);
        connectAuthEmulator(auth, `http://${running.auth.host}:${running.auth.port}`, { disableWarnings: true });
        const { user } = await signInWithEmailAndPassword(auth, 'admin@example.edu', 'pitch-live-demo');
        expect((await user.getIdTokenResult()).claims.admin).toBe(true);
      } finally {
        await deleteApp(app);
      }

      await running.backend.engine.commit(
        `projects/${running.projectId}/databases/(default)`,
        {
          writes: [
            {
              update: { name: eventName(running), fields: { title: { stringValue: 'Renamed' } } },
              updateMask: { fieldPaths: ['title'] },
            },
          ],
        },
        { identity: ADMIN },
      );
    } finally {
      await running.close();
    }
  });

  it('keeps the stored data on restart instead of loading the data set again', async () => {
    const running = await startEmulators({ dataDir, importFile: demoData, ports });
    try {
      const event = running.backend.engine.lookup(eventName(running));
      expect(event?.fields?.title).toEqual({ stringValue: 'Renamed' });
    } finally {
      await running.close();
    }
  });
});
