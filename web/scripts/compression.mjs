import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The one definition of how the built assets are compressed: `compress-dist.mjs` writes the `.gz` and
 * `.br` siblings with it and the route budgets measure with it, so a budget is what a browser downloads.
 * Highest levels: compression runs once per build, decompression costs the same at any level.
 */
export function gzip(buffer) {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION });
}

export function brotli(buffer) {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });
}

/**
 * Text formats worth compressing (images and fonts here are compressed formats already). Source maps
 * are left out: only developer tools fetch them, and they would triple the build's compression time.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
