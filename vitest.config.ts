// Test runner settings: every test of the project in one run, as three projects.
// - unit: pure code, the Firestore engine and the functions' build, no services (`npx vitest run --project unit`);
// - backend-http: the Firestore HTTP adapters, each test starting its own server;
// - suite: everything else, after the global setup (the browser harness build and one local
//   backend for all). Node by default; component tests under tests/app opt into jsdom with a
//   `@vitest-environment jsdom` comment.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(root, 'node_modules');
const globalSetup = 'tests/support/globalSetup.ts';
const unit = [
  'tests/backend/engine/**/*.test.ts',
  'tests/domain/**/*.test.ts',
  'tests/functions/build.test.ts',
  'tests/lib/**/*.test.ts',
  'tests/lint/**/*.test.ts',
];
const backendHttp = ['tests/backend/http/**/*.test.ts'];

const shared = { environment: 'node', pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'dist/**', '.data/**'],
    projects: [
      { test: { ...shared, name: 'unit', root, include: unit } },
      {
        // The web SDK test imports the browser build by path; the aliases keep every other
        // `firebase/firestore` import on the browser build too.
        resolve: {
          alias: [
            { find: /^firebase\/firestore$/, replacement: path.join(modules, 'firebase/firestore/dist/esm/index.esm.js') },
            { find: /^@firebase\/firestore$/, replacement: path.join(modules, '@firebase/firestore/dist/index.esm.js') },
          ],
        },
        test: { ...shared, name: 'backend-http', root, include: backendHttp, server: { deps: { inline: [/firebase/] } } },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'suite',
          root,
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'backend/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'dist/**', '.data/**', ...unit, ...backendHttp],
          globalSetup: fs.existsSync(globalSetup) ? [globalSetup] : [],
        },
      },
    ],
  },
});
