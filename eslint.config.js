// Lint rules for the whole repository (flat config): typescript-eslint's recommended rules,
// React's rules of hooks, the zones' import boundaries (scripts/lint/zones.js), and inside the app only src/db/ may
// import the Firebase SDK. TypeScript files are linted with their types, so that a switch over a
// union (a question type, an answer kind) without a `default` must name every member: adding one to
// the union makes lint name each switch that forgets it.

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import zones from './scripts/lint/zones.js';

export default defineConfig(
  globalIgnores([
    'node_modules/',
    'dist/',
    'dist-local/',
    '.data/',
    'coverage/',
    'tests/artifacts/',
    'functions/lib/',
    '**/*.d.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { zones },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'zones/boundaries': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        // A switch with a `default` chose to treat the other members alike (the local backend's
        // value kinds); one without must name them all. Switches over question types and answer
        // kinds have none, and tests/lint/questionTypeTrial.test.ts fails if one gains it.
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },

  {
    files: ['src/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The app's components and hooks (the tests' set-up helpers are not React hooks).
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*', '@firebase/*'],
              message: 'Only src/db/ talks to Firebase: call a domain function from src/db/ instead.',
            },
          ],
        },
      ],
    },
  },
);
