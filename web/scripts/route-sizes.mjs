/**
 * Initial JavaScript per route, from Vite's build manifest (`dist/.vite/manifest.json`).
 *
 * A route's initial JavaScript is what the browser must load before the page renders: the entry chunk,
 * the chunks every page waits for (`config.everyRouteWith`, e.g. the default language's texts) and the
 * route's lazy chunk (plus the chunks named in its `with`, e.g. a lazy layout loaded beside it), each with
 * every chunk they import statically, counted once, and, when `config.routeTexts` names the default
 * language's file, the texts of each of those route modules (`<file>?texts=<route>`, scripts/route-texts.mjs).
 * Other dynamic imports are not followed: they load later, on demand.
 */

/** The output files (JS only) that `keys` and their static imports bring. */
export function initialFiles(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route budgets: "${key}" is not in the build manifest`);
    if (/\.m?js$/.test(chunk.file)) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].sort();
}

/**
 * Every route module in the manifest (a dynamic entry under `config.routesDir`) with its files and budget.
 * `config.routes` keys are module paths or folder prefixes (ending in `/`); the longest match wins.
 */
export function routeEntries(manifest, config) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('route budgets: the build manifest has no entry');
  const modules = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && key.startsWith(config.routesDir),
  );
  if (modules.length === 0) throw new Error(`route budgets: no lazy route under ${config.routesDir}`);
  for (const key of Object.keys(config.routes)) {
    if (!key.endsWith('/') && !modules.includes(key)) {
      throw new Error(`route budgets: "${key}" is configured but is no route module of the build`);
    }
  }
  // A route module's own texts: `src/app/routes/account/profile.tsx` → `<file>?texts=account/profile`.
  const textsOf = (routeModule) => {
    if (!config.routeTexts) return [];
    const key = `${config.routeTexts}?texts=${routeModule.slice(config.routesDir.length).replace(/\.tsx?$/, '')}`;
    return key in manifest ? [key] : [];
  };
  return modules.sort().map((module) => {
    const rule = matchingRule(config.routes, module);
    const routeModules = [...(rule?.with ?? []), module];
    return {
      module,
      budgetKiB: rule?.gzipKiB ?? config.defaultGzipKiB,
      files: initialFiles(manifest, [
        entry,
        ...(config.everyRouteWith ?? []),
        ...routeModules,
        ...routeModules.flatMap(textsOf),
      ]),
    };
  });
}

function matchingRule(routes, module) {
  const key = Object.keys(routes)
    .filter((candidate) => candidate === module || (candidate.endsWith('/') && module.startsWith(candidate)))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : routes[key];
}

/**
 * Sizes per route: `sizeOf(file)` gives `{ gzip, brotli }` in bytes (memoise it: chunks are shared).
 * `over` is true when the gzip size is past the route's budget.
 */
export function measureRoutes(manifest, config, sizeOf) {
  return routeEntries(manifest, config).map((route) => {
    let gzip = 0;
    let brotli = 0;
    for (const file of route.files) {
      const size = sizeOf(file);
      gzip += size.gzip;
      brotli += size.brotli;
    }
    return { ...route, gzip, brotli, over: gzip > route.budgetKiB * 1024 };
  });
}
