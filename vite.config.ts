// Build and dev-server settings for the web app. The Firebase SDK goes into chunks of its own
// (large and rarely changing, so browsers keep them cached across releases): the core with
// Firestore Lite, which a provider's first load needs; the full Firestore SDK and Auth, which
// load after the queue first shows (src/db/sharedEvent.ts, src/db/auth.ts); Storage, which only
// admin screens use, rides with their chunks. React has a chunk of its own too. MUI is
// left to per-route splitting: grouping it would put every route's components into a provider's
// first load. The Firestore SDK alone is over 500 kB minified; the warning limit says so.
//
// The build is an installable app (docs/offline.md): a web app manifest and
// a Workbox service worker that precaches the app shell, every route chunk, the icons and the
// public logos, so a returning provider's phone opens the app with no network; Firestore's own
// persistent cache then shows the last known queue. Updates wait for the user's 'Reload' (prompt).

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildInfo } from './scripts/buildInfo.js';
import { firstScreens } from './scripts/firstScreens.js';

/**
 * The Firebase SDK package a module belongs to ('firestore', 'auth', …), or null: the last
 * node_modules/firebase/… or …/@firebase/… in its path (npm may nest @firebase/auth under firebase/).
 */
function firebasePackage(id: string): string | null {
  return /.*[\\/]node_modules[\\/](?:@firebase|firebase)[\\/]([^\\/]+)/.exec(id)?.[1] ?? null;
}

/** The Firebase packages every Firebase service of the app builds on. */
const FIREBASE_CORE = new Set(['app', 'component', 'util', 'logger']);
/** Firestore Lite: the SDK package's lite build and the firebase/firestore/lite entry. */
const FIRESTORE_LITE = /[\\/]firestore[\\/](?:dist[\\/])?lite[\\/]/;

/** The theme's primary colour (src/app/theme.ts); tests/e2e/offline.test.ts checks they agree. */
const THEME_COLOUR = '#0b5cad';

const pwa = VitePWA({
  // 'prompt': a new deployment waits until the provider presses Reload, so a reload never drops
  // an answer being typed; src/components/UpdatePrompt.tsx registers the worker after first paint.
  registerType: 'prompt',
  injectRegister: false,
  // The same worker in tests (NODE_ENV=test) as in production; the dev server runs without one.
  mode: 'production',
  devOptions: { enabled: false },
  manifest: {
    name: 'Pitch Live',
    short_name: 'Pitch Live',
    description: 'Live pitch sessions: follow the presenters, rate them and see who matched.',
    // The presenter queue, not the landing page: an installed app is opened to follow the event.
    start_url: '/presenters',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    lang: 'en',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell, every route chunk (JS, CSS), the icons and the logos in public/ (source maps stay out).
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Except the admins' spreadsheet export (ExcelJS and its worker, about 0.5 MB gzip together):
    // every phone at the venue would download it for nothing; an admin's laptop fetches it on use.
    // The 404 page is a copy of index.html that only a missing path is answered with.
    globIgnores: ['**/exceljs*.js', '**/xlsxWorker-*.js', '404.html'],
    // Every app route is the single-page app; Firebase Hosting's reserved /__/ paths (Auth's
    // handler, the SDK's init.json) are not.
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/__\//],
    // Nothing is cached at run time: Firestore, Auth and Storage traffic (googleapis.com in
    // production, the emulators' ports locally) always goes to the network, never through a cache.
    runtimeCaching: [],
    // The first install takes charge of the open page at once, so a provider who loses the
    // network later in that first visit still gets the other screens' code from the cache. An
    // update still waits for Reload (no skipWaiting).
    clientsClaim: true,
    // No source map comment in the worker either: firebase.json keeps maps out of a deploy.
    sourcemap: false,
  },
});

export default defineConfig({
  plugins: [react(), firstScreens(), pwa, buildInfo()],
  resolve: {
    // Firestore's regex engine serves only on-device pipeline evaluation, unused here (see the module).
    alias: { re2js: fileURLToPath(new URL('./src/lib/re2jsExcluded.ts', import.meta.url)) },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    // Hidden: the maps stay in the build folder for decoding a stack trace, the code names none,
    // and firebase.json's `ignore` keeps them out of a deploy.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first load's Firebase: the app core and Firestore Lite (the queue's first read).
            {
              name: 'firebase',
              test: (id) => {
                const sdkPackage = firebasePackage(id);
                return sdkPackage !== null && (FIREBASE_CORE.has(sdkPackage) || FIRESTORE_LITE.test(id));
              },
              priority: 4,
            },
            // The full Firestore SDK (live listeners, offline cache): fetched once the queue shows
            // (src/db/sharedEvent.ts), and imported directly by the other screens' chunks.
            {
              name: 'firestore',
              test: (id) => {
                const sdkPackage = firebasePackage(id);
                return sdkPackage === 'firestore' || sdkPackage === 'webchannel-wrapper';
              },
              priority: 3,
            },
            // Auth is fetched on first use (src/db/auth.ts), after a provider's queue shows.
            // Storage is left out: only admin screens use it (event logos), so it rides with their chunks.
            { name: 'firebase-auth', test: (id) => firebasePackage(id) === 'auth', priority: 2 },
            // App Check, fetched only by a production build with a site key (src/db/appCheck.ts).
            { name: 'firebase-app-check', test: (id) => firebasePackage(id) === 'app-check', priority: 2 },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
