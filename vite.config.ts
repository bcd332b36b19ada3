// Build and dev-server settings for the web app. The Firebase SDK goes into a chunk of its own
// (large and rarely changing, so browsers keep it cached across releases), except Storage, which
// only admin screens use; React has a chunk of its own too. MUI is
// left to per-route splitting: grouping it would put every route's components into a provider's
// first load. The Firestore SDK alone is over 500 kB minified; the warning limit says so.

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Firestore's regex engine serves only on-device pipeline evaluation, unused here (see the module).
    alias: { re2js: fileURLToPath(new URL('./src/lib/re2jsExcluded.ts', import.meta.url)) },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Storage is left out: only admin screens use it (event logos), so it rides with their chunks.
            { name: 'firebase', test: /[\\/]node_modules[\\/](@firebase|firebase)[\\/](?!storage[\\/])/, priority: 2 },
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
