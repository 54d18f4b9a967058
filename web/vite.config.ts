/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust server serves web/dist and renders index.html per request; in development Vite serves the
// app and forwards the API to a locally running server (`make run`).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph that the route budgets walk (scripts/route-sizes.mjs).
    manifest: true,
    // Terser takes a few seconds more than esbuild and writes ~3 % smaller chunks (issue 12's budgets).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // React and the router load on every page and change rarely: their own long-lived chunk. The rest
        // of node_modules (MUI included) is split by use, so a page loads only the components it shows.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          // Only chart pages load the chart library.
          if (/node_modules\/klinecharts\//.test(id)) return 'klinecharts';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // CSS is not processed in unit tests, except index.css, which a test reads (R9.03).
    css: { include: /index\.css/ },
    pool: 'threads',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
