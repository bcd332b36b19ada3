// Test runner settings: every test of the project, one run. Node by default; component tests
// under tests/app opt into jsdom with a `@vitest-environment jsdom` comment.

import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const globalSetup = 'tests/support/globalSetup.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'backend/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**', '.data/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: fs.existsSync(globalSetup) ? [globalSetup] : [],
  },
});
