// The security headers production serves: firebase.json carries exactly what
// scripts/hosting/headers.ts builds for production (npm run hosting:headers writes it), the policy
// runs no inline code but the pages' two scripts, and a production build made for a sample project
// calls no Google API host the policy leaves out (the policy names no project: one firebase.json
// serves any deployment).

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPTS, LOADER_SCRIPT } from '../../scripts/firstScreens';
import { contentSecurityPolicy, FIREBASE_ENDPOINTS, scriptHash, securityHeaders } from '../../scripts/hosting/headers';
import { hostingFor, readHostingSection } from '../../scripts/hosting/emulator';
import { VARIANT_PICKER_SCRIPT } from '../../src/lib/firstScreenVariants';

const root = path.resolve(import.meta.dirname, '../..');

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('firebase.json', () => {
  it('carries the production security headers on every path (npm run hosting:headers writes them)', async () => {
    const section = await readHostingSection(root);
    expect(section.headers?.find((entry) => entry.source === '**')?.headers).toEqual(securityHeaders({ kind: 'production' }));
    expect(hostingFor(section, { kind: 'production' })).toEqual(section);
  });

  it('keeps source maps out of a deploy', async () => {
    expect((await readHostingSection(root)).ignore).toContain('**/*.map');
  });
});

describe('the production policy', () => {
  const policy = directives(contentSecurityPolicy({ kind: 'production' }));

  it('runs scripts from the app only, and inline only the pages’ own two, by hash', () => {
    expect(INLINE_SCRIPTS).toEqual([VARIANT_PICKER_SCRIPT, LOADER_SCRIPT]);
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).toEqual(expect.arrayContaining(INLINE_SCRIPTS.map(scriptHash)));
    expect(scripts.filter((source) => source.startsWith("'") && source !== "'self'")).toEqual(INLINE_SCRIPTS.map(scriptHash));
    expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|http:/);
  });

  it('lets no page frame the app, and no plugin run', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it('differs from the local one only in the backend it talks to', () => {
    const local = directives(
      contentSecurityPolicy({
        kind: 'local',
        backend: { firestore: '127.0.0.1:8080', auth: '127.0.0.1:9099', storage: '127.0.0.1:9199' },
      }),
    );
    expect(local.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:8080',
      'http://127.0.0.1:9099',
      'http://127.0.0.1:9199',
      'https://www.google.com/images/cleardot.gif',
    ]);
    expect(local.get('script-src')).toEqual(["'self'", ...INLINE_SCRIPTS.map(scriptHash)]);
    expect(local.get('frame-ancestors')).toEqual(["'none'"]);
  });

  describe('for a production build of a sample project', () => {
    let outDir = '';
    let code = '';
    beforeAll(async () => {
      outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'csp-production-'));
      await promisify(execFile)(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            VITE_USE_EMULATORS: 'false',
            VITE_FIREBASE_PROJECT_ID: 'northgate-pitch-live',
            VITE_FIREBASE_API_KEY: 'AIzaSyA-sample-key-for-the-policy-test',
            VITE_FIREBASE_STORAGE_BUCKET: 'northgate-pitch-live.firebasestorage.app',
          },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const files = (await fs.readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.js'));
      code = (await Promise.all(files.map((file) => fs.readFile(path.join(outDir, file), 'utf8')))).join('\n');
    }, 180_000);
    afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

    it('allows every Firebase API host the build calls', () => {
      const connect = policy.get('connect-src') ?? [];
      const apiHosts = new Set(
        [...code.matchAll(/\b([a-z0-9-]+)\.googleapis\.com\b/g)].map((match) => `https://${match[1]}.googleapis.com`),
      );
      // The Storage SDK knows storage.googleapis.com only to read such URLs given to it; it calls firebasestorage.
      apiHosts.delete('https://storage.googleapis.com');
      expect([...apiHosts].filter((host) => !connect.includes(host))).toEqual([]);
      expect(apiHosts).toContain('https://firestore.googleapis.com');
      for (const endpoint of FIREBASE_ENDPOINTS) expect(connect).toContain(endpoint);
    });
  });
});
