import { readFileSync } from 'node:fs';

/**
 * Every page of the web app, from the list the server and router share (src/app/route-patterns.json),
 * with sample values for the path parameters: the CSP and accessibility checks visit them all.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  ':pair': 'BTC-IDR',
  ':segment': 'crypto',
  ':symbol': 'BTC-IDR',
  ':assetId': '2',
  ':reference': 'SANDBOX-UNKNOWN',
};

/** Pages behind a session (RequireAuth in router.tsx); a visitor is sent to the log-in page. */
const SIGNED_IN_ONLY = /^\/(account|balance|transaction-history|portfolio)(\/|$)/;

const patterns = (
  JSON.parse(readFileSync(new URL('../src/app/route-patterns.json', import.meta.url), 'utf8')) as {
    patterns: string[];
  }
).patterns;

const allPaths = patterns
  // `/_app` is the service worker's copy of the shell, not a page anyone visits.
  .filter((pattern) => pattern !== '/_app')
  .map((pattern) =>
    pattern
      .split('/')
      .map((segment) => SAMPLE_PARAMS[segment] ?? segment)
      .join('/'),
  )
  .map((path) => path || '/');

/** The pages a visitor can see. */
export const PUBLIC_PATHS = allPaths.filter((path) => !SIGNED_IN_ONLY.test(path));
/** Every page, for a signed-in user. */
export const ALL_PATHS = allPaths;
/** The pages only a signed-in user sees. */
export const SIGNED_IN_PATHS = allPaths.filter((path) => SIGNED_IN_ONLY.test(path));
