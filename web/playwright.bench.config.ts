import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { LAB_SERVER_BINARY } from './bench/lab-server';
import { serverUnderTest } from './e2e/server-under-test';

/**
 * The web lab benchmark (`npm run bench:lab`, run by `make bench`, never by `make test`): the release
 * server binary (or `BENCH_SERVER_BINARY`; the report names the one used) serving the built web app,
 * on a fresh SQLite database, in Debian's Chromium.
 */
const webDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webDir, '..');
const serverBinary = LAB_SERVER_BINARY;
const PORT = Number(process.env.BENCH_PORT ?? 18190);

if (!existsSync(join(webDir, 'dist', '.vite', 'manifest.json'))) {
  throw new Error('web/dist is missing: run `npm run build` before `npm run bench:lab`.');
}
if (!existsSync(serverBinary)) {
  throw new Error(`${serverBinary} is missing: run \`cargo build --release -p server\` first.`);
}
process.env.BENCH_DB_DIR ??= mkdtempSync(join(tmpdir(), 'brokerage-web-lab-'));

export default defineConfig({
  testDir: './bench',
  testMatch: '*.bench.ts',
  workers: 1,
  retries: 0,
  timeout: 20 * 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    },
  },
  webServer: serverUnderTest({
    command: serverBinary,
    cwd: repoRoot,
    port: PORT,
    databaseFile: join(process.env.BENCH_DB_DIR, 'lab.db'),
  }),
});
