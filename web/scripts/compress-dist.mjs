// Writes `NAME.br` and `NAME.gz` beside every compressible file of web/dist (run after `vite build`;
// another folder as the argument), for the server to send the precompressed file that the request's
// Accept-Encoding allows.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESSIBLE, brotli, gzip } from './compression.mjs';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
// Below this a compressed copy saves less than a packet: the server sends the file as it is.
const MIN_BYTES = 1024;
// index.html is rendered per request by the server (the head is filled in), never served as a file;
// .vite/ holds the build manifest for the route budgets, not for browsers.
const skip = (name) => name === 'index.html' || name.startsWith('.vite/');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let written = 0;
for await (const path of files(dist)) {
  const name = relative(dist, path);
  if (!COMPRESSIBLE.test(name) || skip(name)) continue;
  if ((await stat(path)).size < MIN_BYTES) continue;
  const raw = await readFile(path);
  for (const [suffix, compress] of [
    ['.gz', gzip],
    ['.br', brotli],
  ]) {
    const packed = compress(raw);
    // A copy that is not smaller would only cost the server a lookup.
    if (packed.length >= raw.length) continue;
    await writeFile(path + suffix, packed);
    written += 1;
  }
}
console.log(`compress-dist: wrote ${written} precompressed files in ${relative(process.cwd(), dist) || '.'}`);
