/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars.mjs';
import { routePreload } from './scripts/route-preload.mjs';
import { routeTexts } from './scripts/route-texts.mjs';

/**
 * Which chunk a node_modules module goes to (undefined: Rollup splits it by use). Every file a page needs
 * first is one more request, and on a slow phone network each costs a round trip (HTTP/1.1 allows six at
 * a time), so the many small pieces MUI splits into are grouped:
 * - `react`: React's API (Preact, see PREACT_FOR_REACT) and the router, on every page, changing rarely;
 * - `mui`: what the entry needs of MUI and Emotion (styling machinery, the header's and footer's
 *   components) and the small helpers every other component shares;
 * - `mui-modal`: modals and dialogs;
 * - `mui-fields`: text fields, selects, menus and popovers, which load together anyway (a TextField
 *   brings Select, Menu, Popover and with them the modal);
 * - `klinecharts`: only chart pages load the chart library.
 * Other MUI components (tabs, sliders, tables…) stay in chunks of their own, loaded by the pages that use them.
 */
function chunkOf(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(preact|react-router)\//.test(id)) return 'react';
  if (/\/node_modules\/klinecharts\//.test(id)) return 'klinecharts';
  const component = /\/node_modules\/@mui\/material\/esm\/([^/]+)\//.exec(id)?.[1];
  if (MUI_MACHINERY.test(id) || (component && MUI_SHARED.has(component)) || MUI_SHARED_FILES.test(id)) return 'mui';
  if (component && MUI_MODAL.has(component)) return 'mui-modal';
  if (component && MUI_FIELDS.has(component)) return 'mui-fields';
  return undefined;
}
const MUI_MACHINERY =
  /\/node_modules\/(@mui\/(system|utils|styled-engine|private-theming)|@emotion\/[^/]+|stylis|react-transition-group|@babel\/runtime|clsx|react-is|hoist-non-react-statics|prop-types)\//;
// What the header, footer and bottom bar use, MUI's own plumbing, and small pieces most pages show.
const MUI_SHARED = folders(
  'styles utils internal transitions zero-styled colors DefaultPropsProvider GlobalStyles CssBaseline ' +
    'InitColorSchemeScript useLazyRipple Box Stack Typography SvgIcon ButtonBase Button ButtonGroup IconButton ' +
    'Chip CircularProgress Link Paper Skeleton List',
);
// Helpers that shared pieces (SwitchBase, the utils) import from the form-control folder.
const MUI_SHARED_FILES =
  /\/@mui\/material\/esm\/FormControl\/(useFormControl|FormControlContext|formControlState)\.js$/;
const MUI_MODAL = folders(
  'Modal Unstable_TrapFocus Backdrop Portal Fade Dialog DialogTitle DialogContent DialogActions DialogContentText',
);
const MUI_FIELDS = folders(
  'InputBase OutlinedInput FilledInput Input InputLabel InputAdornment FormControl FormLabel FormHelperText ' +
    'TextField TextareaAutosize Select NativeSelect Menu MenuList Popover Grow',
);
// React's API from Preact (preact/compat): the same components at about a tenth of React DOM's weight
// (issue 12's 200 KiB per route). Every import of React, React DOM and their JSX runtimes resolves here.
const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  // React 17's shim of useSyncExternalStore (react-i18next) is CommonJS that requires React itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
function folders(names: string): Set<string> {
  return new Set(names.split(' '));
}

// The Rust server serves web/dist and renders index.html per request; in development Vite serves the
// app and forwards the API to a locally running server (`make run`).
export default defineConfig({
  plugins: [
    react(),
    // MUI's themes without the CSS-variables machinery the app does not use (scripts/mui-without-css-vars.mjs).
    muiWithoutCssVars(),
    // Each page's texts: the shell's and the page's own sections (scripts/route-texts.mjs).
    routeTexts(),
    // The page's own chunks and texts load beside the entry (scripts/route-preload.mjs).
    routePreload(),
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
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...PREACT_FOR_REACT],
    // Vitest resolves packages as Node does; with `module` first, packages such as Emotion give their ES
    // modules, whose React imports take the aliases, rather than CommonJS that requires React itself.
    ...(process.env.VITEST ? { conditions: ['module', 'development'], mainFields: ['module', 'main'] } : {}),
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
        manualChunks: chunkOf,
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
    // Every package goes through Vite, so its React imports take the aliases above and the tests run on
    // Preact as the build does (Node would load React itself for a package left to it).
    server: { deps: { inline: true } },
  },
});
