// Test runner settings: every test of the project in one run, as eight projects that run side by
// side (one pool, so a slow browser journey never holds the quick files back):
// - unit: pure code, the Firestore engine and the functions' build, no services (`npx vitest run --project unit`);
// - backend-http: the Firestore HTTP adapters, each test starting its own server;
// - shared-services: the rules, the backend's services and their conformance, against the run's one
//   local backend and Auth emulator (tests/support/globalSetup.ts);
// - components: the app's screens (tests/app opt into happy-dom with a `@vitest-environment
//   happy-dom` comment: it renders MUI and answers Testing Library's style queries for about two
//   thirds of jsdom's CPU), on the same backend, one app per worker (below);
// - db: the app's db layer with the real web SDK, on the same backend, one app per worker (below);
// - services: the rest against the same backend, one file per worker: the functions, the db files
//   and component files that need an app of their own (two keep jsdom, each says why);
// - browser: everything that drives Chromium, against the same backend, the app built once and
//   one shared Chromium (tests/support/browserSetup.ts);
// - browser-alone: the browser tests that hold what a page shows to a deadline, and the rehearsal,
//   run after all the others, alone.
// The first five keep a worker's modules from one file to the next (`isolate: false`): no file of
// theirs leaves state in a module that another reads, or (components, db) every file of a worker
// meets the same app. The functions' tests initialise SDK apps and their parameters when their
// modules load, and keep a worker each.
// `npm run test:quick` runs the domain, lib, db and rules tests only (README, "Testing").

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(root, 'node_modules');
const unit = [
  'tests/backend/engine/**/*.test.ts',
  'tests/domain/**/*.test.ts',
  'tests/functions/build.test.ts',
  'tests/functions/meetingInvite.test.ts',
  'tests/lib/**/*.test.ts',
  'tests/lint/**/*.test.ts',
  'tests/scripts/preflight*.test.ts',
  'tests/scripts/hostingHeaders.test.ts',
  'tests/scripts/rehearsalQuestions.test.ts',
  'tests/scripts/rehearsalMeetings.test.ts',
  'tests/scripts/testBudget.test.ts',
];
const backendHttp = ['tests/backend/http/**/*.test.ts'];
/**
 * The app's db layer with the real SDK on the worker's one app (tests/db/appDb.ts,
 * pointAppAtEmulators): a worker keeps its modules from one file to the next, so the SDK and the
 * db modules load once per worker. The two files left out point the app through a relay
 * (connection) or load it again with other settings (App Check).
 */
const ownDb = ['appCheck', 'connection'].map((name) => `tests/db/${name}.test.ts`);
const db = readdirSync(path.join(root, 'tests/db'))
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/db/${file}`)
  .filter((file) => !ownDb.includes(file));
/**
 * The tests of the backend's services and of the rules against the run's one backend: no file
 * leaves state in its modules that another reads, so a worker keeps its modules (the SDKs, the
 * rules tooling, gRPC) from one file to the next (`isolate: false`), as the unit tests do.
 */
const sharedServices = [
  'tests/rules/**/*.test.ts',
  'tests/conformance/node/**/*.test.ts',
  'tests/conformance/rules/**/*.test.ts',
  'tests/conformance/storage/**/*.test.ts',
  'tests/backend/**/*.test.ts',
];
/**
 * The app's screens in happy-dom on the worker's one app (tests/app/support/appTestBed.tsx): a
 * worker keeps its modules from one file to the next, so happy-dom, React, MUI and the app load
 * once per worker, not once per file. The files left out of it point the app elsewhere (Auth
 * through a proxy of their own) or render in jsdom.
 */
const ownApp = ['AdminSignInFailure', 'ProfileSaveFailure', 'ProfileForm', 'SignupPage'].map((name) => `${name}.test.tsx`);
const components = readdirSync(path.join(root, 'tests/app'))
  .filter((file) => file.endsWith('.test.tsx') && !ownApp.includes(file))
  .map((file) => `tests/app/${file}`);
const browser = [
  'tests/e2e/**/*.test.ts',
  'tests/conformance/browser/**/*.test.ts',
  'tests/conformance/rules/rulesBrowser.test.ts',
  'tests/conformance/storage/storageBrowser.test.ts',
];
/**
 * Browser tests that time what they show against a deadline of their own: they run after every
 * other file, alone and one after the other, so the figure is the product's and not the rest of
 * the suite's load (with the whole suite beside it, a display of the eight-context test saw
 * changes 1.2 s late, and the shared backend, busy with other files, answered the pitch timer's
 * clock reads late on the way in, so every screen but the slowed one ran 60-110 ms early). The
 * rehearsal holds phones to deadlines too (timers 250 ms apart, no stale screen past 3 s), and its
 * own backend, Chromium and 20 SDK providers kept both cores busy for minutes: beside it, two
 * other browser journeys of a CI run waited past their limits.
 */
const browserAlone = ['tests/e2e/eightContexts.test.ts', 'tests/e2e/pitchTimerNetwork.test.ts', 'tests/e2e/rehearsal.test.ts'];
const exclude = ['**/node_modules/**', 'dist/**', 'dist-local/**', '.data/**'];

// Limits that only a hang reaches: with both cores busy elsewhere, a component test typing into a
// form (the DOM and userEvent are CPU-bound) runs several times slower than on an idle machine.
// expect.poll waits for its condition as long (Vitest's own default gives up after 1 s: on one
// core, the events dashboard took longer than that to list its events after the sign-in).
const shared = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 30_000 } },
} as const;

export default defineConfig({
  test: {
    exclude,
    // Most test files wait on the backend, Chromium or a timer far more than they compute: on a
    // 2-core machine three files at a time keep both cores busy (Vitest's default is cores - 1).
    maxWorkers: 3,
    projects: [
      // Pure code: a worker keeps its modules from one file to the next (unit and backend-http:
      // 34 CPU-s and 7 CPU-s less of 232 and 27 on 2026-12-08, one run each).
      { test: { ...shared, name: 'unit', root, include: unit, isolate: false } },
      {
        // The web SDK test imports the browser build by path; the aliases keep every other
        // `firebase/firestore` import on the browser build too.
        resolve: {
          alias: [
            { find: /^firebase\/firestore$/, replacement: path.join(modules, 'firebase/firestore/dist/esm/index.esm.js') },
            { find: /^@firebase\/firestore$/, replacement: path.join(modules, '@firebase/firestore/dist/index.esm.js') },
          ],
        },
        test: {
          ...shared,
          name: 'backend-http',
          root,
          include: backendHttp,
          isolate: false,
          server: { deps: { inline: [/firebase/] } },
        },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'components',
          root,
          include: components,
          isolate: false,
          globalSetup: ['tests/support/globalSetup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'db',
          root,
          include: db,
          isolate: false,
          globalSetup: ['tests/support/globalSetup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'shared-services',
          root,
          include: sharedServices,
          exclude: [...exclude, ...unit, ...backendHttp, ...browser],
          isolate: false,
          // The run's services (started once, whichever project's set-up comes first), and the
          // rules coverage report of the rules tests (tests/artifacts/rules-coverage/).
          globalSetup: ['tests/support/globalSetup.ts', 'tests/support/rulesCoverageSetup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'services',
          root,
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'backend/**/*.test.ts'],
          exclude: [...exclude, ...unit, ...backendHttp, ...browser, ...components, ...sharedServices, ...db],
          globalSetup: ['tests/support/globalSetup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          root,
          include: browser,
          exclude: [...exclude, ...browserAlone],
          globalSetup: ['tests/support/globalSetup.ts', 'tests/support/browserSetup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser-alone',
          root,
          include: browserAlone,
          fileParallelism: false,
          globalSetup: ['tests/support/globalSetup.ts', 'tests/support/browserSetup.ts'],
          // After the other projects have finished (they are group 0).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
