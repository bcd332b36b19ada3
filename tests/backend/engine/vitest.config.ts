// Runs only the engine's unit tests, without the suite's global setup (no browser harness or
// backend start-up): `npx vitest run --config tests/backend/engine/vitest.config.ts`.

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['tests/backend/engine/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
  },
});
