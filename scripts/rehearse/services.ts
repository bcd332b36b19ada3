// The rehearsal's supporting services, all on 127.0.0.1: free ports, the project's firestore.rules
// put in force (as tests/support/projectRules.ts does), the admin account (as
// tests/support/adminAccount.ts makes one), and the built app served by Vite's preview server (as
// tests/support/builtApp.ts does, without its test assertions).

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { build, preview } from 'vite';

export { launchChromium } from '../chromium.js';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
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

/** Builds the app with these VITE_* settings into a temporary folder and serves it on a free port. */
export async function serveBuiltApp(repoRoot: string, env: Record<string, string>): Promise<ServedApp> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rehearsal-app-'));
  // Vite's build also sets NODE_ENV=production in this process: the mail templates rendered here
  // later must keep the React build they were loaded with.
  const saved = Object.fromEntries([...Object.keys(env), 'NODE_ENV'].map((key) => [key, process.env[key]]));
  // Vite hands the VITE_* variables of its own environment to the app.
  Object.assign(process.env, env);
  try {
    const inline = { root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'warn' as const };
    await build({ ...inline, build: { outDir, emptyOutDir: true, sourcemap: false } });
    const server = await preview({ ...inline, build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
    return {
      url: server.resolvedUrls?.local[0] ?? '',
      async close() {
        await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
        await fs.rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
