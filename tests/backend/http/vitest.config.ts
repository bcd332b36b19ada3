// Runs the Firestore HTTP tests on their own, without the suite's global backend and harness
// build. The web SDK test imports the browser build by path, so it also runs under the root
// config; the aliases keep any other `firebase/firestore` import on the browser build here.
//   npx vitest run --config tests/backend/http/vitest.config.ts

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules = path.join(root, 'node_modules');

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^firebase\/firestore$/, replacement: path.join(modules, 'firebase/firestore/dist/esm/index.esm.js') },
      { find: /^@firebase\/firestore$/, replacement: path.join(modules, '@firebase/firestore/dist/index.esm.js') },
    ],
  },
  test: {
    include: ['tests/backend/http/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    server: { deps: { inline: [/firebase/] } },
  },
});
