import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotli, gzip } from './compression.mjs';
import { measureRoutes } from './route-sizes.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_DIST = join(webDir, 'dist');
export const DEFAULT_CONFIG = join(webDir, 'route-budgets.json');

/** Initial JavaScript of every route of the build in `dist`, measured against the budgets in `configPath`. */
export function measureBuild(dist = DEFAULT_DIST, configPath = DEFAULT_CONFIG) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new Error(`route budgets: no build manifest in ${dist} (run \`npm run build\` first): ${error.message}`);
  }
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const raw = readFileSync(join(dist, file));
      sizes.set(file, { gzip: gzip(raw).length, brotli: brotli(raw).length });
    }
    return sizes.get(file);
  };
  return measureRoutes(manifest, config, sizeOf);
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
