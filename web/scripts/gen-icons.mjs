// Draws the app icons (same artwork as public/favicon.svg) as PNGs for the web manifest.
// Run with `npm run gen:icons`; the PNGs are kept in the repository.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const SAMPLES = 4; // supersampling per axis, for smooth edges

const FROM = [0x19, 0xc3, 0x9c];
const TO = [0x0a, 0x7f, 0x8f];
// The chart line in a 64-unit design space, as in favicon.svg.
const LINE = [
  [12, 44],
  [26, 30],
  [36, 38],
  [52, 20],
];
const STROKE = 3; // half of the stroke width
const DOT = [52, 20, 4.5];

function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedRect(x, y, size, radius) {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** One sample in design units (0..64): returns [r,g,b,a] with a in 0..1. */
function sample(u, v, maskable) {
  // Maskable icons fill the whole square and keep the artwork inside the 80% safe zone.
  const bgInside = maskable ? true : insideRoundedRect(u, v, 64, 14);
  if (!bgInside) return [0, 0, 0, 0];
  const scale = maskable ? 0.72 : 1;
  const au = (u - 32) / scale + 32;
  const av = (v - 32) / scale + 32;
  let onLine = false;
  for (let i = 0; i < LINE.length - 1; i += 1) {
    if (distToSegment(au, av, LINE[i], LINE[i + 1]) <= STROKE) onLine = true;
  }
  if (Math.hypot(au - DOT[0], av - DOT[1]) <= DOT[2]) onLine = true;
  if (onLine) return [255, 255, 255, 1];
  const t = Math.min(1, Math.max(0, (u + v) / 128));
  return [0, 1, 2].map((i) => FROM[i] + (TO[i] - FROM[i]) * t).concat(1);
}

function draw(size, maskable) {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const u = ((x + (sx + 0.5) / SAMPLES) / size) * 64;
          const v = ((y + (sy + 0.5) / SAMPLES) / size) * 64;
          const [r, g, b, a] = sample(u, v, maskable);
          acc[0] += r * a;
          acc[1] += g * a;
          acc[2] += b * a;
          acc[3] += a;
        }
      }
      const n = SAMPLES * SAMPLES;
      const idx = (size * y + x) << 2;
      const alpha = acc[3] / n;
      png.data[idx] = alpha ? Math.round(acc[0] / acc[3]) : 0;
      png.data[idx + 1] = alpha ? Math.round(acc[1] / acc[3]) : 0;
      png.data[idx + 2] = alpha ? Math.round(acc[2] / acc[3]) : 0;
      png.data[idx + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-192.png', 192, true],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(join(outDir, name), draw(size, maskable));
  console.log(`wrote ${name}`);
}
