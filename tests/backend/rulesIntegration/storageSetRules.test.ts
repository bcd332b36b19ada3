// Storage's `PUT /internal/setRules` refuses as firebase-tools' Storage emulator does: a top-level
// `message`, which @firebase/rules-unit-testing turns into the error its callers see. Our located
// error goes to the log and to an extra field. A backend of its own: Storage rules are global.

import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { uniqueProjectId } from '../../support/emulators';

const NOT_UPDATED = 'There was an error updating rules, see logs for more details';
const BROKEN =
  "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth !=;\n  }\n}\n";

let backend: RunningBackend;
const lines: string[] = [];
const setRules = (body: unknown) =>
  fetch(`http://${backend.host}:${backend.storagePort}/internal/setRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  backend = await startBackend({ firestorePort: 0, storagePort: 0, log: (line) => lines.push(line) });
});

afterAll(async () => {
  await backend.close();
});

describe('setRules with rules that do not compile', () => {
  it('makes initializeTestEnvironment reject with firebase-tools’ message', async () => {
    const start = initializeTestEnvironment({
      projectId: uniqueProjectId('storage-set-rules'),
      storage: { host: backend.host, port: backend.storagePort, rules: BROKEN },
    });
    const error = await start.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    const body = JSON.parse((error as Error).message) as { message: string; detail: string };
    expect(body.message).toBe(NOT_UPDATED);
    expect(body.detail).toMatch(/^storage\.rules:4:\d+: /);
  });

  it('logs where the error is, and keeps the rules in force', async () => {
    const allowReads = "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o/{all=**} { allow read; } }";
    expect((await setRules({ rules: { files: [{ name: 'storage.rules', content: allowReads }] } })).status).toBe(200);
    const res = await setRules({ rules: { files: [{ name: 'storage.rules', content: BROKEN }] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(NOT_UPDATED);
    expect(lines).toContainEqual(expect.stringMatching(/previous rules stay in force: storage\.rules:4:\d+: /));
    // A read is still decided by the rules that allow it: the object is missing (404), not denied (403).
    const read = await fetch(`http://${backend.host}:${backend.storagePort}/v0/b/demo.appspot.com/o/missing.png`);
    expect(read.status).toBe(404);
  });
});

describe('setRules with a malformed body', () => {
  it.each([
    ['no files', { rules: {} }, "Request body must include 'rules.files' array"],
    [
      'a file without content',
      { rules: { files: [{ name: 'storage.rules' }] } },
      "Each member of 'rules.files' array must contain 'name' and 'content'",
    ],
    [
      'several files, one without a resource',
      {
        rules: {
          files: [
            { name: 'a.rules', content: 'x', resource: 'a' },
            { name: 'b.rules', content: 'y' },
          ],
        },
      },
      "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'",
    ],
    ['not JSON', '{', 'The setRules body is not valid JSON.'],
  ])('%s: 400 with a top-level message', async (_name, body, message) => {
    const res = await setRules(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });
});
