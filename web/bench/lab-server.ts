import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server binary the web lab runs (`BENCH_SERVER_BINARY`, else the release build), shared by the
 * Playwright config that starts it and the report that names it.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const LAB_SERVER_BINARY = process.env.BENCH_SERVER_BINARY ?? join(repoRoot, 'target', 'release', 'brokerage');

/** Which cargo profile built `path`, read from its folder (`…/release/brokerage`, `…/debug/brokerage`). */
export function binaryProfile(path: string): 'release' | 'debug' | null {
  const parts = path.split(sep);
  const folder = parts[parts.length - 2];
  return folder === 'release' || folder === 'debug' ? folder : null;
}
