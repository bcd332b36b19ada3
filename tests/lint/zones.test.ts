// The zones' import boundaries fire through the project's own lint configuration: each forbidden
// import between zones is an error naming both zones, and the allowed ones pass. The files are
// made up, so no tsconfig holds them: they are linted without types (the zones need only paths).

import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'zones/boundaries').map((m) => m.message);
}

describe('zone boundaries', () => {
  it.each([
    [
      'src/features/x/View.tsx',
      "import { startBackend } from '../../../backend/src/server.js';",
      'The app zone may not import from the backend zone',
    ],
    [
      'src/db/x.ts',
      "import { handler } from '../../functions/src/index.js';",
      'The app zone may not import from the functions zone',
    ],
    [
      'src/lib/x.ts',
      "import { renderApp } from '../../tests/app/support/appTestBed';",
      'The app zone may not import from the tests zone',
    ],
    ['backend/src/x.ts', "import { db } from '../../src/db/firebase';", 'The backend zone may not import from the app zone'],
    [
      'backend/src/firestore/x.ts',
      "export * from '../../../functions/src/index.js';",
      'The backend zone may not import from the functions zone',
    ],
    [
      'functions/src/x.ts',
      "import { paths } from '../../src/config/paths';",
      'The functions zone may not import from the app zone',
    ],
    [
      'functions/src/x.ts',
      "const server = await import('../../backend/src/server.js');",
      'The functions zone may not import from the backend zone',
    ],
    ['domain/x.ts', "import { paths } from '../src/config/paths';", 'The domain is pure TypeScript and imports only itself'],
    ['domain/x.ts', "import { useState } from 'react';", 'The domain is pure TypeScript and imports only itself'],
    ['domain/x.ts', "import { doc } from 'firebase/firestore';", 'The domain is pure TypeScript and imports only itself'],
    ['domain/x.ts', "import fs from 'node:fs';", 'The domain is pure TypeScript and imports only itself'],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await zoneErrors(
      file,
      `${code}\nexport const keep = [${
        code
          .match(/\{ (\w+) \}|import (\w+)|const (\w+)/)
          ?.slice(1)
          .find(Boolean) ?? '0'
      }];\n`,
    );
    expect(errors.join('\n')).toContain(message);
  });

  it.each([
    ['src/features/x/View.tsx', "import { buildQueue } from '../../../domain/queue';"],
    ['functions/src/x.ts', "import { buildQueue } from '../../domain/queue.js';"],
    ['domain/x.ts', "import { buildQueue } from './queue.js';"],
    ['backend/bench/x.ts', "import { startBackend } from '../src/server.js';"],
    ['tests/x.test.ts', "import { startBackend } from '../backend/src/server.js';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await zoneErrors(file, `${code}\nexport const keep = [${code.match(/\{ (\w+) \}/)?.[1]}];\n`)).toEqual([]);
  });
});
