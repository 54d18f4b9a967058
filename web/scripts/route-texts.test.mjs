import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, partName, sectionsOf, textParts } from './route-texts.mjs';

const webDir = path.resolve(__dirname, '..');

describe('route texts: reading the source', () => {
  it('finds the names a module imports, leaving types out, and what a barrel re-exports', () => {
    const { imports, reexports } = importsOf(`
      import { a, type B, c as d } from './one';
      import Thing, { e } from '@/two';
      import type { F } from './types';
      import * as all from './three';
      import './styles.css';
      const Lazy = lazy(() => import('./lazy'));
      export { g, h as i } from './four';
      export * from './five';
      export type { J } from './six';
    `);
    expect(imports).toEqual([
      { specifier: './one', names: ['a', 'c'] },
      { specifier: '@/two', names: ['default', 'e'] },
      { specifier: './three', names: '*' },
      { specifier: './styles.css', names: '*' },
      { specifier: './lazy', names: '*' },
    ]);
    expect(reexports).toEqual([
      {
        specifier: './four',
        names: new Map([
          ['g', 'g'],
          ['i', 'h'],
        ]),
      },
      { specifier: './five', names: '*' },
    ]);
  });

  it('finds the sections a module names at the start of a literal', () => {
    const code = "t('orderPanel.amount'); t(`errors.${code}`); <Trans i18nKey=\"home.lead\" />; 'big.js'; 'nav'";
    expect([...sectionsOf(code, new Set(['orderPanel', 'errors', 'home', 'nav']))].sort()).toEqual([
      'errors',
      'home',
      'orderPanel',
    ]);
  });

  it('names a part after its route module', () => {
    expect(partName('src/app/routes/account/profile.tsx')).toBe('account/profile');
  });
});

describe('route texts of the app', () => {
  const parts = textParts(webDir);
  const id = JSON.parse(readFileSync(path.join(webDir, 'src/i18n/id.json'), 'utf8'));

  it("puts the shell's sections in the core and a page's own ones in its part", () => {
    expect(parts.sections.core).toEqual(expect.arrayContaining(['app', 'nav', 'footer', 'errors', 'errorBoundary']));
    expect(parts.sections['trade/index']).toEqual(expect.arrayContaining(['tradePage', 'orderPanel', 'chart']));
    expect(parts.sections['trade/index']).not.toContain('nav');
    expect(parts.sections.core).not.toContain('tradePage');
  });

  it('leaves no section the app names out of every part', () => {
    const named = new Set();
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.includes('/testing/')) {
          sectionsOf(readFileSync(file, 'utf8'), new Set(Object.keys(id))).forEach((section) => named.add(section));
        }
      }
    };
    walk(path.join(webDir, 'src'));
    const covered = new Set(Object.values(parts.sections).flat());
    expect([...named].filter((section) => !covered.has(section))).toEqual([]);
    for (const section of covered) expect(id).toHaveProperty(section);
  });

  it('gives every page pattern of route-modules.json a row, the catch-all last', () => {
    const table = JSON.parse(readFileSync(path.join(webDir, 'src/app/route-modules.json'), 'utf8'));
    expect(parts.pages).toHaveLength(Object.keys(table.routes).length);
    expect(parts.pages.at(-1)).toEqual(['', ['not-found']]);
  });
});
