/**
 * A Vite plugin: each page loads only the texts its code uses (issue 12).
 *
 * src/i18n/id.json and en.json stay whole (one file per language, every key; i18n.test.ts compares
 * them). At build time this plugin reads the app's source, follows its imports and finds, for each
 * module, the texts' top-level sections it names (a string or template literal that starts with
 * `section.`, e.g. `t('orderPanel.amount')`, `` t(`errors.${code}`) ``, `i18nKey="home.lead"`):
 * - `core`: the sections of the entry (src/main.tsx) and everything it imports, statically or
 *   lazily, except the route modules: the shell, header, footer, error screens;
 * - one part per route module (src/app/routes/…): the sections its code and its imports (lazy ones
 *   too: its dialogs) name, minus `core`.
 * `src/i18n/id.json?texts=<part>` is a JSON module with only that part's sections; each is its own
 * chunk. `virtual:route-texts` gives src/i18n/index.ts the loaders, the sections of each part and the
 * page table (route-modules.json: path pattern → route modules). A page loads `core` and its
 * modules' parts beside its code (the locale root's loader; the built index.html preloads them,
 * scripts/route-preload.mjs). A key the scan missed still shows: a missing key loads the whole
 * language (src/i18n/index.ts) and the page re-renders with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { patternSource } from './route-patterns.mjs';

/** The web app's folder (this file's parent's). */
const webFolder = () => fileURLToPath(new URL('..', import.meta.url));
export const TEXTS_QUERY = '?texts=';
export const VIRTUAL_ID = 'virtual:route-texts';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const ROUTES_DIR = 'src/app/routes/';
const ENTRY = 'src/main.tsx';
const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * What a module's code imports: `imports` ({ specifier, names }: the names it uses, or `'*'` for a
 * namespace, side-effect or lazy import) and `reexports` ({ specifier, names: Map exported → imported,
 * or `'*'` for `export *`}). Type-only imports carry no code and are left out.
 */
export function importsOf(code) {
  const imports = [];
  const reexports = [];
  for (const [, type, clause, specifier] of code.matchAll(
    /\bimport\s+(type\s+)?([\w$*{}\s,]*?)\s*\bfrom\s*['"]([^'"]+)['"]/g,
  )) {
    if (type) continue;
    if (/\*\s*as\s/.test(clause)) {
      imports.push({ specifier, names: '*' });
      continue;
    }
    const names = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (outside) names.push('default');
    for (const part of braces ? braces[1].split(',') : []) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0].trim());
    }
    if (names.length > 0) imports.push({ specifier, names });
  }
  for (const [, type, clause, specifier] of code.matchAll(
    /\bexport\s+(type\s+)?(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    if (type) continue;
    if (clause.startsWith('*')) {
      // `export * as ns from`: one name for the whole module.
      const as = /as\s+([\w$]+)/.exec(clause);
      reexports.push({ specifier, names: as ? new Map([[as[1], '*']]) : '*' });
      continue;
    }
    const names = new Map();
    for (const part of clause.slice(1, -1).split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      const [imported, exported = imported] = item.split(/\s+as\s+/).map((name) => name.trim());
      names.set(exported, imported);
    }
    if (names.size > 0) reexports.push({ specifier, names });
  }
  for (const [, specifier] of code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) imports.push({ specifier, names: '*' });
  for (const [, specifier] of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    imports.push({ specifier, names: '*' });
  }
  return { imports, reexports };
}

/** The sections of `known` that `code` names at the start of a string or template literal. */
export function sectionsOf(code, known) {
  const found = new Set();
  for (const match of code.matchAll(/['"`]([A-Za-z][A-Za-z0-9_]*)\./g)) {
    if (known.has(match[1])) found.add(match[1]);
  }
  return found;
}

/** `specifier` imported by `from` (a path relative to `webDir`) → a source file relative to `webDir`, or null. */
function resolveSource(webDir, from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(webDir, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.join(webDir, path.dirname(from), specifier);
  else return null;
  for (const extension of SOURCE_EXTENSIONS) {
    const candidate = base + extension;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate))
      return path.relative(webDir, candidate).split(path.sep).join('/');
  }
  return null;
}

/**
 * The text parts of the app in `webDir`: `{ sections: { core: [...], '<route>': [...] }, pages: [[regex, [route…]]] }`
 * where `<route>` is a route module's path under src/app/routes/ without its extension. Parts without a
 * section of their own are left out.
 */
export function textParts(webDir = webFolder()) {
  const table = JSON.parse(readFileSync(path.join(webDir, 'src/app/route-modules.json'), 'utf8'));
  const known = new Set(Object.keys(JSON.parse(readFileSync(path.join(webDir, table.texts.id), 'utf8'))));
  const modules = new Map();
  const moduleInfo = (file) => {
    if (!modules.has(file)) {
      const code = readFileSync(path.join(webDir, file), 'utf8');
      const { imports, reexports } = importsOf(code);
      const local = (list) =>
        list
          .map((item) => ({ ...item, file: resolveSource(webDir, file, item.specifier) }))
          .filter((item) => item.file !== null);
      modules.set(file, { sections: sectionsOf(code, known), imports: local(imports), reexports: local(reexports) });
    }
    return modules.get(file);
  };
  // The sections of `start` and what it uses, following a re-export (a feature's index.ts) only for
  // the names asked of it, as the bundler keeps only those; `skip(file)` ends the walk at a file.
  const collect = (start, skip) => {
    const reached = new Set();
    const asked = new Map(); // file → Set of names, or '*'
    const sections = new Set();
    const visit = (file, names) => {
      if (skip(file)) return;
      const before = asked.get(file);
      if (before === '*') return;
      let fresh = names;
      if (names !== '*') {
        fresh = names.filter((name) => !before?.has(name));
        if (before && fresh.length === 0) return;
        asked.set(file, new Set([...(before ?? []), ...fresh]));
      } else {
        asked.set(file, '*');
      }
      const info = moduleInfo(file);
      if (!reached.has(file)) {
        reached.add(file);
        info.sections.forEach((section) => sections.add(section));
        for (const item of info.imports) visit(item.file, item.names);
      }
      for (const item of info.reexports) {
        if (item.names === '*') visit(item.file, fresh);
        else if (fresh === '*')
          visit(item.file, [...item.names.values()].includes('*') ? '*' : [...item.names.values()]);
        else {
          const wanted = fresh.filter((name) => item.names.has(name)).map((name) => item.names.get(name));
          if (wanted.includes('*')) visit(item.file, '*');
          else if (wanted.length > 0) visit(item.file, wanted);
        }
      }
    };
    visit(start, '*');
    return sections;
  };
  const routeModules = [...new Set(Object.values(table.routes).flat())].sort();
  const core = collect(ENTRY, (file) => file.startsWith(ROUTES_DIR));
  const sections = { core: [...core].sort() };
  for (const module of routeModules) {
    const own = [...collect(module, (file) => file !== module && routeModules.includes(file))]
      .filter((section) => !core.has(section))
      .sort();
    if (own.length > 0) sections[partName(module)] = own;
  }
  const pages = Object.entries(table.routes).map(([pattern, list]) => [
    patternSource(pattern),
    list.map(partName).filter((name) => name in sections),
  ]);
  return { sections, pages, texts: table.texts };
}

/** `src/app/routes/account/profile.tsx` → `account/profile`. */
export function partName(module) {
  return module.replace(ROUTES_DIR, '').replace(/\.tsx?$/, '');
}

/** The code of `virtual:route-texts` for `parts` (from `textParts`). */
export function virtualModule({ sections, pages, texts }, webDir = webFolder()) {
  const file = (locale) => JSON.stringify(path.join(webDir, texts[locale]).split(path.sep).join('/'));
  const locales = Object.keys(texts);
  const loaders = locales.map((locale) => {
    const parts = Object.keys(sections).map(
      (name) =>
        `${JSON.stringify(name)}: () => import(${JSON.stringify(`${JSON.parse(file(locale))}${TEXTS_QUERY}${name}`)}).then((m) => m.default)`,
    );
    return `${JSON.stringify(locale)}: {\n    ${parts.join(',\n    ')}\n  }`;
  });
  const whole = locales.map(
    (locale) => `${JSON.stringify(locale)}: () => import(${file(locale)}).then((m) => m.default)`,
  );
  return [
    `export const sections = ${JSON.stringify(sections)};`,
    `export const pages = ${JSON.stringify(pages)};`,
    `export const loaders = {\n  ${loaders.join(',\n  ')}\n};`,
    `export const whole = {\n  ${whole.join(',\n  ')}\n};`,
    '',
  ].join('\n');
}

export function routeTexts() {
  let parts = null;
  let cache = false;
  const current = () => {
    if (!parts || !cache) parts = textParts();
    return parts;
  };
  return {
    name: 'route-texts',
    enforce: 'pre',
    configResolved(config) {
      cache = config.command === 'build';
    },
    resolveId(source) {
      return source === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : null;
    },
    load(id) {
      if (id === RESOLVED_VIRTUAL_ID) return virtualModule(current());
      const at = id.indexOf(TEXTS_QUERY);
      if (at < 0) return null;
      const file = id.slice(0, at);
      const name = id.slice(at + TEXTS_QUERY.length);
      const wanted = current().sections[name];
      if (!wanted) throw new Error(`route texts: no text part "${name}"`);
      const all = JSON.parse(readFileSync(file, 'utf8'));
      return JSON.stringify(Object.fromEntries(wanted.map((section) => [section, all[section]])));
    },
  };
}
