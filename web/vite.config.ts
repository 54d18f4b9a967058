/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Rust server serves web/dist and renders index.html per request; in development Vite serves the
// app and forwards the API to a locally running server (`make run`).
export default defineConfig({
  plugins: [
    react(),
    // The service worker (sw/sw.ts): precaches the build and the shell; registered by production builds
    // only (src/lib/service-worker.ts). The server renders the manifest link, so no manifest here.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      disable: !!process.env.VITEST,
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png', 'manifest.webmanifest'],
        // The built index.html is a template the server fills per request: the shell is precached as
        // the server's rendering of /_app, with the template's revision.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/_app' } : entry)),
          }),
        ],
      },
    }),
  ],
  // The server swaps a fresh Content-Security-Policy nonce in for this placeholder on every answer
  // (crates/server/src/features/web_shell/csp.rs); Vite puts it on its script and style tags.
  html: { cspNonce: '__CSP_NONCE__' },
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
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'sw/**/*.test.ts', 'bench/**/*.test.ts'],
    // CSS is not processed in unit tests, except index.css, which a test reads (R9.03).
    css: { include: /index\.css/ },
    pool: 'threads',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
