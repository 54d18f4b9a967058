import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routePatterns from './route-patterns.json';
import { pageRoutes } from './router';

/** The full path patterns the route tree renders a page for (the catch-all excluded). */
function flatten(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${parent === '/' ? '' : parent}/${route.path}` : parent;
    const own = route.index ? [here] : [];
    const children = route.children ? flatten(route.children, here) : [];
    // A route with a path and no children is a page itself.
    return route.path && !route.children ? [...own, here] : [...own, ...children];
  });
}

describe('route patterns', () => {
  it('the list the server answers 200 for is exactly the web router’s pages (issue 14)', () => {
    const fromRouter = [...new Set(flatten(pageRoutes(), '/'))].sort();
    expect([...routePatterns.patterns].sort()).toEqual(fromRouter);
  });
});
