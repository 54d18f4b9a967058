/** The server's OTP resend cooldown per phone in the browser tests (short: they sign up and log in
 * again within seconds). */
export const OTP_RESEND_COOLDOWN_SECS = 1;

/**
 * Playwright's `webServer` for the real server binary serving web/dist on a fresh SQLite database,
 * ready once /healthz answers: the browser tests' and the lab benchmark's (each adds its own settings).
 */
export function serverUnderTest(options: {
  command: string;
  /** The repository root: the server reads `web/dist` relative to it. */
  cwd: string;
  port: number;
  databaseFile: string;
  env?: Record<string, string>;
}) {
  return {
    command: options.command,
    cwd: options.cwd,
    url: `http://127.0.0.1:${options.port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      APP_HTTP__ADDR: `127.0.0.1:${options.port}`,
      DATABASE_URL: `sqlite://${options.databaseFile}`,
      APP_WEB__DIST_DIR: 'web/dist',
      // Many sign-ups and requests from 127.0.0.1 in a few minutes.
      APP_RATE_LIMIT__PER_SECOND: '1000',
      APP_AUTH__OTP_SENDS_PER_IP_PER_HOUR: '1000',
      ...options.env,
    },
  };
}
