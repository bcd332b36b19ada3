// The rules files in the backend's life: a broken file stops start-up with its location, an edit
// while running takes effect at once, a broken edit keeps the rules in force, and the rules set
// through the emulator endpoints are checked the same way.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type RunningEmulators } from '../../../backend/src/cli.js';
import { loadConfig, type LocalConfig } from '../../../backend/src/config.js';
import { startBackend } from '../../../backend/src/server.js';

const ports = { auth: 0, firestore: 0, storage: 0 };

const firestoreRules = (condition: string): string => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow read: if ${condition};
    }
  }
}
`;

const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{allPaths=**} {
      allow read: if true;
    }
  }
}
`;

/** Line 5 calls a function that does not exist: a static error the loader locates. */
const BROKEN_FIRESTORE_RULES = firestoreRules('noSuchFunction(request.auth)');

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rules-startup-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function configWith(name: string, firestore: string, storage: string = STORAGE_RULES): Promise<LocalConfig> {
  const folder = path.join(dir, name);
  await fs.mkdir(folder, { recursive: true });
  const config = {
    ...loadConfig(),
    firestoreRules: path.join(folder, 'firestore.rules'),
    storageRules: path.join(folder, 'storage.rules'),
  };
  await fs.writeFile(config.firestoreRules, firestore);
  await fs.writeFile(config.storageRules, storage);
  return config;
}

async function until(test: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('start-up with a broken rules file', () => {
  it('fails with file:line:column for firestore.rules', async () => {
    const config = await configWith('broken-firestore', BROKEN_FIRESTORE_RULES);
    const start = startEmulators({ config, dataDir: null, ports });
    await expect(start).rejects.toThrow(new RegExp(`^${escape(config.firestoreRules)}:5:\\d+: .*noSuchFunction`));
  });

  it('fails with file:line:column for storage.rules', async () => {
    const config = await configWith(
      'broken-storage',
      firestoreRules('true'),
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth !=;\n  }\n}\n",
    );
    await expect(startEmulators({ config, dataDir: null, ports })).rejects.toThrow(
      new RegExp(`^${escape(config.storageRules)}:4:\\d+: `),
    );
  });
});

describe('a running backend and its rules files', () => {
  let running: RunningEmulators;
  let config: LocalConfig;
  const lines: string[] = [];
  const noteUrl = (): string =>
    `http://${running.firestore.host}:${running.firestore.port}/v1/projects/${running.projectId}/databases/(default)/documents/notes/n1`;
  const status = async (headers: Record<string, string> = {}): Promise<number> => (await fetch(noteUrl(), { headers })).status;

  beforeAll(async () => {
    config = await configWith('running', firestoreRules('true'));
    running = await startEmulators({ config, dataDir: null, ports, log: (line) => lines.push(line) });
    await running.backend.engine.importDocuments([
      { name: `projects/${running.projectId}/databases/(default)/documents/notes/n1`, fields: { text: { stringValue: 'hi' } } },
    ]);
  });

  afterAll(async () => {
    await running?.close();
  });

  it('reloads firestore.rules on an edit, keeps the rules in force after a broken edit, and lets the owner through', async () => {
    expect(await status()).toBe(200);

    await fs.writeFile(config.firestoreRules, firestoreRules('false'));
    await until(async () => (await status()) === 403, 'the edited rules to deny the read');
    expect(lines).toContain(`Reloaded ${config.firestoreRules}`);
    // The Admin SDK's credentials (the owner token) bypass the rules, as in production.
    expect(await status({ Authorization: 'Bearer owner' })).toBe(200);

    await fs.writeFile(config.firestoreRules, BROKEN_FIRESTORE_RULES);
    await until(async () => lines.some((line) => line.startsWith(`${config.firestoreRules}:5:`)), 'the located error in the log');
    expect(lines.find((line) => line.startsWith(`${config.firestoreRules}:5:`))).toMatch(/the previous rules stay in force/);
    expect(await status()).toBe(403);

    await fs.writeFile(config.firestoreRules, firestoreRules('true'));
    await until(async () => (await status()) === 200, 'the fixed rules to allow the read again');
  });

  it('answers 400 with the located message when a test sets broken rules for a project', async () => {
    const res = await fetch(
      `http://${running.firestore.host}:${running.firestore.port}/emulator/v1/projects/demo-broken:securityRules`,
      {
        method: 'PUT',
        body: JSON.stringify({ rules: { files: [{ content: BROKEN_FIRESTORE_RULES }] } }),
      },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/firestore\.rules:5:\d+: .*noSuchFunction/);
  });

  it('answers 400 with the located message for broken storage rules', async () => {
    const res = await fetch(`http://${running.storage.host}:${running.storage.port}/internal/setRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: 'service firebase.storage {' }] } }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/storage\.rules:1:\d+: /);
  });
});

describe('rules decisions in the log', () => {
  it('names the rule that decided when rulesDebug is on', async () => {
    const lines: string[] = [];
    const backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      rules: { firestore: { file: 'notes.rules', source: firestoreRules('request.auth != null') } },
      rulesDebug: true,
      log: (line) => lines.push(line),
    });
    try {
      const url = `http://${backend.host}:${backend.firestorePort}/v1/projects/demo-debug/databases/(default)/documents/notes/n1`;
      expect((await fetch(url)).status).toBe(403);
      expect(lines.some((line) => /^rules: deny firestore get .*notes\/n1: no rule allowed get/.test(line))).toBe(true);
    } finally {
      await backend.close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
