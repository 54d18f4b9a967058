import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { OTP_RESEND_COOLDOWN_SECS, serverUnderTest } from './e2e/server-under-test';
import type { ThemeOptions } from './e2e/theme-fixture';

/**
 * Browser tests drive the real server binary (built by `cargo build`) serving the built web app
 * (`npm run build`), on a fresh SQLite database, in Debian's Chromium (a browser download cannot work
 * on these machines; `scripts/ensure-chromium.sh` installs it when missing).
 */
const webDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webDir, '..');
// Overridable so that two checkouts can run their browser tests side by side.
const serverBinary = process.env.E2E_SERVER_BINARY ?? join(repoRoot, 'target', 'debug', 'brokerage');
const PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

if (!existsSync(join(webDir, 'dist', 'index.html'))) {
  throw new Error('web/dist is missing: run `npm run build` before `npm run e2e`.');
}
if (!existsSync(serverBinary)) {
  throw new Error(`${serverBinary} is missing: run \`cargo build\` before \`npm run e2e\`.`);
}

// One database directory per run (the config is evaluated again in each worker: reuse the first).
process.env.E2E_DB_DIR ??= mkdtempSync(join(tmpdir(), 'brokerage-e2e-'));
// The server's log, read back by the failure summary when a test fails.
process.env.E2E_SERVER_LOG ??= join(process.env.E2E_DB_DIR, 'server.log');

export default defineConfig<ThemeOptions>({
  testDir: './e2e',
  // Screenshots are a manual visual check, not tests: `SCREENSHOTS=1 npx playwright test screenshots`.
  testIgnore: process.env.SCREENSHOTS ? [] : ['**/*screenshots.spec.ts'],
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky browser test is a bug to fix, and a retry would hide it.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['./e2e/failure-summary.ts']]
    : [['list'], ['html', { open: 'never' }], ['./e2e/failure-summary.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    locale: 'id-ID',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Every spec, in the app's default theme (dark).
    { name: 'chromium' },
    // Issue 26: the trade page's journeys (tagged @trade-page) once more in the light theme. Only
    // those: the rest of the suite does not depend on the theme, and would only double the run.
    { name: 'trade-light', testMatch: 'trade-layout.spec.ts', grep: /@trade-page/, use: { appTheme: 'light' } },
  ],
  webServer: serverUnderTest({
    // Its log goes to a file: the failure summary prints its warnings when a test fails.
    command: `exec '${serverBinary}' >> '${process.env.E2E_SERVER_LOG}' 2>&1`,
    cwd: repoRoot,
    port: PORT,
    databaseFile: join(process.env.E2E_DB_DIR, 'e2e.db'),
    env: {
      APP_ADMIN__TOKEN: E2E_ADMIN_TOKEN,
      // The auth tests sign up and log in again within a minute, all from 127.0.0.1.
      APP_AUTH__OTP_RESEND_COOLDOWN_SECS: String(OTP_RESEND_COOLDOWN_SECS),
      // The US exchange's sessions start in a regular session, whatever the hour of the run.
      APP_US_STOCKS__SANDBOX_REGULAR_SESSION: 'true',
      APP_US_STOCKS__VENUE_STEP_MS: '50',
    },
  }),
});
