/**
 * Navigation for code outside React (the API client's forced logout). The router registers its
 * navigate function at start-up; before that, and in tests, the browser location is used.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

const browserNavigate: NavigateFn = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let navigateImpl: NavigateFn = browserNavigate;

export function setNavigator(fn: NavigateFn | null): void {
  navigateImpl = fn ?? browserNavigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentPathname(): string {
  return window.location.pathname;
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Leaves the app for another site (the support site after a support log-in, R3.16). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
