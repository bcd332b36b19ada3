// A local backend of a test file's own, with @firebase/rules-unit-testing pointed at it, for the
// rules suites that may not use the shared one: Storage rules are global to an emulator (they
// would shut other suites' buckets), and some suites start the backend with rules files of their
// own or read its endpoints. Started before the file's tests and closed after them.

import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll } from 'vitest';
import { startBackend, type BackendOptions, type RunningBackend } from '../../backend/src/server.js';
import { uniqueProjectId } from './emulators';
import { saveRulesCoverage } from './rulesCoverage';

export interface RulesBackendOptions {
  /** The rules the test environment loads for each service; a service without them is left out. */
  firestore?: string;
  storage?: string;
  /** The rules files the backend starts with, as `npm start` would. */
  files?: BackendOptions['rules'];
  /** Hands the project's rules coverage to the run's report once the tests are done. */
  saveCoverage?: boolean;
}

export interface RulesBackend {
  backend: () => RunningBackend;
  testEnv: () => RulesTestEnvironment;
}

export function useRulesBackend(
  label: string,
  { firestore, storage, files, saveCoverage = false }: RulesBackendOptions,
): RulesBackend {
  let backend: RunningBackend | undefined;
  let env: RulesTestEnvironment | undefined;

  beforeAll(async () => {
    backend = await startBackend({ firestorePort: 0, storagePort: 0, ...(files ? { rules: files } : {}) });
    const { host } = backend;
    env = await initializeTestEnvironment({
      projectId: uniqueProjectId(label),
      ...(firestore === undefined ? {} : { firestore: { host, port: backend.firestorePort, rules: firestore } }),
      ...(storage === undefined ? {} : { storage: { host, port: backend.storagePort, rules: storage } }),
    });
  });

  afterAll(async () => {
    if (env && saveCoverage) await saveRulesCoverage(env);
    await env?.cleanup();
    await backend?.close();
  });

  return {
    backend: () => {
      if (!backend) throw new Error('The backend starts before the tests.');
      return backend;
    },
    testEnv: () => {
      if (!env) throw new Error('The rules test environment starts before the tests.');
      return env;
    },
  };
}

/** The context's client as the modular Firestore SDK's type (rules-unit-testing hands out the compat one). */
export const firestoreOf = (context: RulesTestContext): Firestore => context.firestore() as unknown as Firestore;

/** An upload as a promise (the compat UploadTask is only thenable). */
export const upload = (context: RulesTestContext, path: string, data: Uint8Array, contentType: string): Promise<void> =>
  context
    .storage()
    .ref(path)
    .put(data, { contentType })
    .then(() => undefined);
