/**
 * A Vite plugin: the built index.html starts loading the page's own code and its language's texts while
 * the entry still downloads, instead of after the entry has run and the router has matched the path.
 * On a slow phone network that saves a whole round of requests before the first paint (issue 12).
 *
 * It adds a small inline script (carrying the CSP nonce placeholder the server fills per answer, like
 * Vite's own tags) that matches `location.pathname` against src/app/route-modules.json and adds a
 * `<link rel="modulepreload">` for each chunk the page's route modules import statically and for the
 * language's texts: the shell's part and the page's own parts (scripts/route-texts.mjs; a build without
 * them has one texts chunk per language). Chunks of the entry are left out: Vite already preloads them.
 * The browser fetches each file once, so the router's own import later finds it loaded.
 */
import { readFileSync } from 'node:fs';
import { patternSource } from './route-patterns.mjs';
import { partName, TEXTS_QUERY } from './route-texts.mjs';

const TABLE = new URL('../src/app/route-modules.json', import.meta.url);

/** The JS files `chunk` brings with its static imports, minus `known`. */
function closure(bundle, fileName, known, out = new Set()) {
  if (known.has(fileName) || out.has(fileName)) return out;
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return out;
  out.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, known, out);
  return out;
}

/**
 * The preload table of a build: `files` (names under `assets/`), `routes` ([regex source, file indexes,
 * { locale → the page's text file indexes }]) and `texts` (locale → the shell's text file indexes).
 * `bundle` is Rollup's output bundle; `table` route-modules.json.
 */
export function preloadTable(bundle, table) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preload: the bundle has no entry chunk');
  const known = closure(bundle, entry.fileName, new Set());
  const fileOf = (module) => {
    const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`route preload: "${module}" is no chunk of the build`);
    return chunk.fileName;
  };
  const files = [];
  const indexes = (modules) => {
    const wanted = new Set();
    for (const module of modules) closure(bundle, fileOf(module), known, wanted);
    return [...wanted].sort().map((file) => {
      if (!file.startsWith('assets/')) throw new Error(`route preload: ${file} is not under assets/`);
      const name = file.slice('assets/'.length);
      if (!files.includes(name)) files.push(name);
      return files.indexOf(name);
    });
  };
  const hasChunk = (module) => chunks.some((item) => item.facadeModuleId?.endsWith(`/${module}`));
  // The shell's texts of a language: its `core` part, or the whole language in a build without parts.
  const texts = Object.fromEntries(
    Object.entries(table.texts).map(([locale, module]) => {
      const core = `${module}${TEXTS_QUERY}core`;
      return [locale, indexes([hasChunk(core) ? core : module])];
    }),
  );
  const routes = Object.entries(table.routes).map(([pattern, modules]) => {
    const own = Object.fromEntries(
      Object.entries(table.texts).map(([locale, module]) => [
        locale,
        indexes(modules.map((route) => `${module}${TEXTS_QUERY}${partName(route)}`).filter(hasChunk)),
      ]),
    );
    return [patternSource(pattern), indexes(modules), own, earlyCalls(pattern, table.early?.[pattern])];
  });
  return { files, routes, texts };
}

/**
 * A page's early GET calls (route-modules.json `early`): each `[url, [[placeholder, segment index]…]]`,
 * the placeholder `:name` to be replaced by the path segment of the pattern's `:name`.
 */
export function earlyCalls(pattern, urls = []) {
  const segments = pattern.split('/');
  return urls.map((url) => {
    const params = (url.match(/:[A-Za-z]+/g) ?? []).map((name) => {
      const at = segments.indexOf(name);
      if (at < 0) throw new Error(`route preload: ${url} names ${name}, which ${pattern} has not`);
      return [name, at];
    });
    return [url, params];
  });
}

/**
 * The inline script for `table` (from `preloadTable`): strips the `/en` and `/pwa` prefixes, picks the
 * language and the first matching route, and adds the preload links. It also starts the route's early
 * GET calls (route-modules.json `early`), kept in `window.__early` (url → { t: start time, r: the
 * response promise }) for the API client to take (src/lib/early-requests.ts): the same headers the
 * client sends to public calls, without a session. Plain ES5, no dependencies.
 */
export function preloadScript({ files, routes, texts }, base) {
  return `(function(){var b=${JSON.stringify(`${base}assets/`)},f=${JSON.stringify(files)},r=${JSON.stringify(routes)},t=${JSON.stringify(texts)};
var p=location.pathname.replace(/\\/+$/,"")||"/",l="id";
if(/^\\/en(\\/|$)/.test(p)){l="en";p=p.slice(3)||"/"}
if(/^\\/pwa(\\/|$)/.test(p))p=p.slice(4)||"/";
function e(c){if(!c.length)return;var s=p.split("/"),q=window.__early=window.__early||{};for(var n=0;n<c.length;n++){try{var u=c[n][0];for(var m=0;m<c[n][1].length;m++)u=u.split(c[n][1][m][0]).join(encodeURIComponent(decodeURIComponent(s[c[n][1][m][1]]).trim().toUpperCase()));var g=fetch(u,{credentials:"same-origin",headers:{Accept:"application/json","x-platform":"desktop-web","x-language-code":l}});g["catch"](function(){});q[location.origin+u]={t:Date.now(),r:g}}catch(x){}}}
var w=(t[l]||[]).slice();
for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){w=w.concat(r[i][1],r[i][2][l]||[]);e(r[i][3]||[]);break}
for(var j=0;j<w.length;j++){var k=document.createElement("link");k.rel="modulepreload";k.href=b+f[w[j]];document.head.appendChild(k)}})();`;
}

export function routePreload() {
  let base = '/';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const table = JSON.parse(readFileSync(TABLE, 'utf8'));
        const script = `<script nonce="__CSP_NONCE__">${preloadScript(preloadTable(ctx.bundle, table), base)}</script>\n    `;
        // Before the stylesheet: a classic script after it would wait for the stylesheet to arrive.
        const at = html.search(/<link rel="stylesheet"/);
        return at < 0 ? html.replace('</head>', `${script}</head>`) : html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
