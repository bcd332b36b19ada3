// The set-up every firestore.rules suite shares: the project's rules on a project of the file's
// own, an empty database before each test, a fresh client for each actor each time one is asked
// for, and documents stored as the server would (rules bypassed).

import fs from 'node:fs';
import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { firestoreEmulator, uniqueProjectId } from '../support/emulators';
import { saveRulesCoverage } from '../support/rulesCoverage';

export const ALICE = 'alice-uid';
export const BOB = 'bob-uid';
export const ADMIN = 'admin-uid';
export const USER = 'user-uid';

export interface FirestoreRulesActors {
  /** An anonymous user (a provider, an attendee or a presenter signing up) with this uid. */
  anonymous: (uid: string) => Firestore;
  alice: () => Firestore;
  bob: () => Firestore;
  visitor: () => Firestore;
  /** Signed in with e-mail and password but without the admin claim: a non-admin like any other. */
  user: () => Firestore;
  admin: () => Firestore;
  /** Stores documents as the server would, bypassing the rules. */
  seed: (documents: Record<string, Record<string, unknown>>) => Promise<void>;
}

export function useFirestoreRules(label: string): FirestoreRulesActors {
  let env: RulesTestEnvironment | undefined;

  beforeAll(async () => {
    const { host, port } = firestoreEmulator();
    env = await initializeTestEnvironment({
      projectId: uniqueProjectId(label),
      firestore: { host, port, rules: fs.readFileSync('firestore.rules', 'utf8') },
    });
  });

  afterAll(async () => {
    if (env) await saveRulesCoverage(env);
    await env?.cleanup();
  });

  beforeEach(async () => {
    await testEnv().clearFirestore();
  });

  const testEnv = (): RulesTestEnvironment => {
    if (!env) throw new Error('The rules test environment starts before the tests.');
    return env;
  };
  const firestoreOf = (context: RulesTestContext): Firestore => context.firestore() as unknown as Firestore;
  const anonymous = (uid: string): Firestore =>
    firestoreOf(testEnv().authenticatedContext(uid, { firebase: { sign_in_provider: 'anonymous' } }));

  return {
    anonymous,
    alice: () => anonymous(ALICE),
    bob: () => anonymous(BOB),
    visitor: () => firestoreOf(testEnv().unauthenticatedContext()),
    user: () =>
      firestoreOf(
        testEnv().authenticatedContext(USER, { firebase: { sign_in_provider: 'password' }, email: 'someone@example.edu' }),
      ),
    admin: () => firestoreOf(testEnv().authenticatedContext(ADMIN, { admin: true })),
    async seed(documents) {
      await testEnv().withSecurityRulesDisabled(async (context) => {
        const db = firestoreOf(context);
        for (const [path, data] of Object.entries(documents)) await setDoc(doc(db, path), data);
      });
    },
  };
}
