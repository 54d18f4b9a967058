/**
 * Route patterns as regular expressions, shared by the build's page preloads (route-preload.mjs) and
 * per-page texts (route-texts.mjs), so both match a page's path the same way.
 */

/** `/trade/:pair` → a regular expression source matching that path exactly; `*` → any path. */
export function patternSource(pattern) {
  if (pattern === '*') return '';
  const parts = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${parts.join('/')}$`;
}
