import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const script = join(dirname(fileURLToPath(import.meta.url)), 'compress-dist.mjs');

describe('compress-dist', () => {
  it('writes .br and .gz siblings of the compressible assets that decompress to the same bytes', () => {
    const dist = mkdtempSync(join(tmpdir(), 'compress-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    const js = 'export function f(a) { return a + 1; }\n'.repeat(200);
    writeFileSync(join(dist, 'assets', 'index-1.js'), js);
    writeFileSync(join(dist, 'assets', 'index-1.css'), '.a { color: red }\n'.repeat(100));
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'export {};');
    writeFileSync(join(dist, 'icon.png'), Buffer.alloc(4096));
    writeFileSync(join(dist, 'index.html'), '<html></html>'.repeat(200));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}'.padEnd(4096));

    const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    const js1 = join(dist, 'assets', 'index-1.js');
    expect(gunzipSync(readFileSync(`${js1}.gz`)).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(`${js1}.br`)).toString()).toBe(js);
    expect(existsSync(join(dist, 'assets', 'index-1.css.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'index-1.css.gz'))).toBe(true);
    // Not worth it (tiny), not compressible (PNG), rendered by the server, or not for browsers.
    for (const left of ['assets/tiny.js', 'icon.png', 'index.html', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${left}.br`))).toBe(false);
      expect(existsSync(join(dist, `${left}.gz`))).toBe(false);
    }
    expect(run.stdout).toContain('wrote 4 precompressed files');
  });
});
