import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeModules from './route-modules.json';
import routePatterns from './route-patterns.json';
import { routes } from './router';

/** A path that matches `pattern` (each `:param` filled in). */
const samplePath = (pattern: string) => (pattern === '*' ? '/no-such-page' : pattern.replace(/:[^/]+/g, 'x1'));

/** The modules the router loads lazily for `path`, as module namespaces. */
async function lazyModulesOf(path: string): Promise<unknown[]> {
  const matches = matchRoutes(routes, path) ?? [];
  const lazies = matches.map((match) => match.route.lazy).filter((lazy) => typeof lazy === 'function');
  return Promise.all(lazies.map((lazy) => (lazy as () => Promise<unknown>)()));
}

describe('route modules (the table the built index.html preloads from)', () => {
  it('names a page for every pattern the server answers and the catch-all', () => {
    expect(Object.keys(routeModules.routes).sort()).toEqual([...routePatterns.patterns, '*'].sort());
  });

  it.each(Object.entries(routeModules.routes))(
    '%s loads exactly the modules the router loads for it',
    async (pattern, modules) => {
      const expected = await Promise.all(modules.map((module) => import(/* @vite-ignore */ `/${module}`)));
      expect(await lazyModulesOf(samplePath(pattern))).toEqual(expected);
    },
    30_000,
  );
});
