/**
 * What the service worker must leave to the network (shared by sw.ts and its test).
 *
 * The shell is precached under `/_app` (SPEC: the application shell): the same HTML as every page,
 * rendered by the server for a path that exists in both languages, so its language redirect still
 * answers with a page.
 */
export const SHELL_URL = '/_app';

/** Navigations that are not app pages: the API, the live socket, metrics, health and the API docs. */
export const NOT_APP_PAGES: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/ws(\/|$)/,
  /^\/metrics(\/|$)/,
  /^\/healthz(\/|$)/,
  /^\/docs(\/|$)/,
];
