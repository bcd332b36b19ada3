// The security matrix: every Firestore collection and Storage path of the app × every actor
// (signed out, a provider, another provider, a presenter, a signed-in non-admin, an admin, and the
// provider and the presenter signed in through a result e-mail's link) ×
// every operation, forged writes included, each cell its own test against the project's
// firestore.rules and storage.rules; the whole matrix is printed at the end. The cells and who
// may pass are in securityMatrixCells.ts. Storage rules are global to an emulator, so Storage runs
// on a local backend of this file's own (as in storageRules.test.ts); Firestore on the shared one.
// Data is seeded once per group and put back after each write that went through.

import fs from 'node:fs';
import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, setDoc, setLogLevel, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../backend/src/server.js';
import { firestoreEmulator, uniqueProjectId } from '../support/emulators';
import { saveRulesCoverage } from '../support/rulesCoverage';
import {
  ACTOR_IDENTITIES,
  ACTOR_LABELS,
  ACTORS,
  formatMatrix,
  isAllowed,
  matrixGroups,
  rowKey,
  type Actor,
  type ActorKey,
  type Backdoor,
} from './securityMatrixCells';

const FIRESTORE_RULES = fs.readFileSync('firestore.rules', 'utf8');

let backend: RunningBackend | undefined;
let env: RulesTestEnvironment | undefined;
const actors = new Map<ActorKey, Actor>();
/** What each cell's request got: row key → actor → allowed. */
const decisions = new Map<string, Map<ActorKey, boolean>>();

const testEnv = (): RulesTestEnvironment => {
  if (!env) throw new Error('The rules test environment starts before the tests.');
  return env;
};
const firestoreOf = (context: RulesTestContext): Firestore => context.firestore() as unknown as Firestore;

const backdoor: Backdoor = {
  seed: (documents) =>
    testEnv().withSecurityRulesDisabled(async (context) => {
      const db = firestoreOf(context);
      for (const [path, data] of Object.entries(documents)) await setDoc(doc(db, path), data);
    }),
  remove: (...paths) =>
    testEnv().withSecurityRulesDisabled(async (context) => {
      const db = firestoreOf(context);
      for (const path of paths) await deleteDoc(doc(db, path));
    }),
  putFile: (path, bytes, contentType) =>
    testEnv().withSecurityRulesDisabled(async (context) => {
      await context.storage().ref(path).put(bytes, { contentType });
    }),
  removeFile: (path) =>
    testEnv().withSecurityRulesDisabled(async (context) => {
      await context.storage().ref(path).delete();
    }),
};

const groups = matrixGroups(backdoor);

/** Whether the request went through; a denial is permission-denied (Firestore) or unauthorized (Storage). */
async function decide(request: Promise<unknown>): Promise<boolean> {
  try {
    await request;
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'permission-denied' || code === 'storage/unauthorized') return false;
    throw error;
  }
}

function actor(key: ActorKey): Actor {
  const found = actors.get(key);
  if (!found) throw new Error(`The actor ${key} signs in before the tests.`);
  return found;
}

beforeAll(async () => {
  // Every denied write would log a warning of the SDK's: the denials are what the cells assert.
  setLogLevel('error');
  backend = await startBackend({ firestorePort: 0, storagePort: 0 });
  env = await initializeTestEnvironment({
    projectId: uniqueProjectId('rules-matrix'),
    firestore: { ...firestoreEmulator(), rules: FIRESTORE_RULES },
    storage: { host: backend.host, port: backend.storagePort, rules: fs.readFileSync('storage.rules', 'utf8') },
  });
  for (const key of ACTORS) {
    const identity = ACTOR_IDENTITIES[key];
    const context = identity ? env.authenticatedContext(identity.uid, identity.token) : env.unauthenticatedContext();
    actors.set(key, { key, uid: identity?.uid ?? null, db: firestoreOf(context), storage: context.storage() });
  }
});

afterAll(async () => {
  console.log(formatMatrix(groups, decisions));
  if (env) await saveRulesCoverage(env);
  await env?.cleanup();
  await backend?.close();
});

for (const group of groups) {
  describe(group.target, () => {
    beforeAll(async () => {
      if (group.documents) await backdoor.seed(group.documents);
      for (const [path, file] of Object.entries(group.files ?? {})) await backdoor.putFile(path, file.bytes, file.contentType);
    });

    for (const row of group.rows) {
      const key = rowKey(group, row);
      for (const actorKey of ACTORS) {
        const expected = isAllowed(row, actorKey);
        it(`${key} · ${ACTOR_LABELS[actorKey]} → ${expected ? 'allowed' : 'denied'}`, async () => {
          const who = actor(actorKey);
          await row.before?.(who);
          const allowed = await decide(row.attempt(who));
          decisions.set(key, (decisions.get(key) ?? new Map<ActorKey, boolean>()).set(actorKey, allowed));
          if (allowed || row.before) await row.after?.(who);
          expect(allowed ? 'allowed' : 'denied').toBe(expected ? 'allowed' : 'denied');
        });
      }
    }
  });
}
