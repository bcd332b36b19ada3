// The indexes file in the backend's life (`npm run emulators`, `npm start`): without
// --require-indexes every query runs, as in the official emulator; with it a malformed file
// stops start-up with its name and the entry at fault, a query without its index is refused,
// and an index added to the file while the backend runs takes effect at once.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type RunningEmulators } from '../../../backend/src/cli.js';
import { loadConfig, type LocalConfig } from '../../../backend/src/config.js';

const ports = { auth: 0, firestore: 0, storage: 0 };

/** `where open == true orderBy title`: an equality and an order on another field. */
const QUERY = {
  structuredQuery: {
    from: [{ collectionId: 'events' }],
    where: { fieldFilter: { field: { fieldPath: 'open' }, op: 'EQUAL', value: { booleanValue: true } } },
    orderBy: [{ field: { fieldPath: 'title' }, direction: 'ASCENDING' }],
  },
};

const INDEX = {
  collectionGroup: 'events',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'open', order: 'ASCENDING' },
    { fieldPath: 'title', order: 'ASCENDING' },
  ],
};

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'indexes-file-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function configWith(name: string, indexes: string): Promise<LocalConfig> {
  const file = path.join(dir, `${name}.json`);
  await fs.writeFile(file, indexes);
  return { ...loadConfig(), firestoreIndexes: file };
}

/** The query's HTTP status and error message, through REST as the owner. */
async function runQuery(running: RunningEmulators): Promise<{ status: number; message?: string }> {
  const { host, port } = running.firestore;
  const res = await fetch(`http://${host}:${port}/v1/projects/${running.projectId}/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(QUERY),
  });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: body.error?.message };
}

async function until(test: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('start-up with --require-indexes', () => {
  it('stops with the file, the entry and what is wrong when the file is malformed', async () => {
    const config = await configWith('broken', '{"indexes": [{"collectionGroup": "events", "fields": []}]}');
    await expect(startEmulators({ config, requireIndexes: true, dataDir: null, ports })).rejects.toThrow(
      `${config.firestoreIndexes}: indexes[0].queryScope must be one of COLLECTION, COLLECTION_GROUP (got undefined).`,
    );
  });

  it("without the flag, keeps the official emulator's behaviour: the file is not read and every query runs", async () => {
    const config = await configWith('ignored', 'not json');
    const running = await startEmulators({ config, dataDir: null, ports });
    try {
      expect(await runQuery(running)).toEqual({ status: 200, message: undefined });
    } finally {
      await running.close();
    }
  });
});

describe('a running backend that requires indexes', () => {
  let running: RunningEmulators;
  let config: LocalConfig;
  const lines: string[] = [];

  beforeAll(async () => {
    config = await configWith('running', '{"indexes": [], "fieldOverrides": []}');
    running = await startEmulators({ config, requireIndexes: true, dataDir: null, ports, log: (line) => lines.push(line) });
  });

  afterAll(async () => {
    await running?.close();
  });

  it('refuses the query, runs it once the index is added to the file, and keeps the indexes after a broken edit', async () => {
    const refused = await runQuery(running);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\//,
    );

    await fs.writeFile(config.firestoreIndexes!, JSON.stringify({ indexes: [INDEX], fieldOverrides: [] }));
    await until(async () => (await runQuery(running)).status === 200, 'the added index to serve the query');
    expect(lines).toContain(`Reloaded ${config.firestoreIndexes}`);

    await fs.writeFile(config.firestoreIndexes!, '{"indexes": "none"}');
    await until(async () => lines.some((line) => line.includes('the previous indexes stay in force')), 'the error in the log');
    expect(lines.find((line) => line.includes('the previous indexes stay in force'))).toBe(
      `${config.firestoreIndexes}: "indexes" must be a list. (the previous indexes stay in force)`,
    );
    expect((await runQuery(running)).status).toBe(200);
  });
});
