// The rehearsal's supporting services, all on 127.0.0.1: free ports, the project's firestore.rules
// put in force (as tests/support/projectRules.ts does), the admin account (as
// tests/support/adminAccount.ts makes one), and the built app served by firebase-tools' Hosting
// emulator (as tests/support/builtApp.ts does, without its test assertions).

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Browser } from 'playwright-core';
import { launchChromium as launchOwnChromium, waitForSlowPages } from '../chromium.js';
import { buildApp, copyPlaceholderBuild } from '../hosting/build.js';
import { startHostingEmulator } from '../hosting/emulator.js';
import type { LocalBackend } from '../hosting/headers.js';

export { freePort } from '../hosting/emulator.js';

/**
 * The rehearsal's Chromium, the headless shell as the browser tests': its pages wait as long as
 * the browser tests' (PAGE_WAIT_MS) before a step counts as hung.
 */
export async function launchChromium(): Promise<Browser> {
  return waitForSlowPages(await launchOwnChromium('shell'));
}

export async function loadFirestoreRules(repoRoot: string, firestorePort: number, projectId: string): Promise<void> {
  const rules = await fs.readFile(path.join(repoRoot, 'firestore.rules'), 'utf8');
  const res = await fetch(`http://127.0.0.1:${firestorePort}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!res.ok) throw new Error(`Loading firestore.rules failed: ${res.status} ${await res.text()}`);
}

export interface AdminAccount {
  email: string;
  password: string;
}

/** An e-mail/password account with the admin claim (`npm run admin:grant` sets the same). */
export async function createAdminAccount(projectId: string): Promise<AdminAccount> {
  const app = initializeApp({ projectId }, `rehearsal-accounts-${randomUUID()}`);
  try {
    const email = `admin-${randomUUID().slice(0, 8)}@example.edu`;
    const password = `pw-${randomUUID()}`;
    const user = await getAuth(app).createUser({ email, password });
    await getAuth(app).setCustomUserClaims(user.uid, { admin: true });
    return { email, password };
  } finally {
    await deleteApp(app);
  }
}

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/**
 * Builds the app with these VITE_* settings into a temporary folder and serves it as deployed,
 * on firebase-tools' Hosting emulator with firebase.json's hosting section, on a free port. With
 * `prebuilt`, a build with placeholders made once for several projects (the test run's), it
 * serves a copy of that, filled in for this project and backend, instead of building again.
 */
export async function serveBuiltApp(
  projectId: string,
  env: Record<string, string>,
  backend: LocalBackend,
  prebuilt?: string,
): Promise<ServedApp> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rehearsal-app-'));
  try {
    if (prebuilt) await copyPlaceholderBuild(prebuilt, outDir, { projectId, ...backend });
    else await buildApp(outDir, env);
    const hosting = await startHostingEmulator({ siteDir: outDir, projectId, target: { kind: 'local', backend } });
    return {
      url: `${hosting.url}/`,
      async close() {
        await hosting.close();
        await fs.rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
