// Build and dev-server settings for the web app. The Firebase SDK goes into a chunk of its own
// (large and rarely changing, so browsers keep it cached across releases), as do React and MUI.
// The Firestore SDK alone is over 500 kB minified; the warning limit says so.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
            { name: 'firebase', test: /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/, priority: 2 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 1 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|react-toastify|@babel[\\/]runtime)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
