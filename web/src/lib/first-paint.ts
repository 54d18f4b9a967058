/**
 * The server writes a static first view of some pages into `#root` (the app bar and the page's lead,
 * or a trade page's price: crates/server/src/features/web_shell/first_paint.rs), so a phone paints
 * them before this code has arrived (issue 12). React's first render empties the container and puts
 * the page in its place; until the router has the page's code and texts, that render would be the
 * loading spinner, so the app waits for the router first and swaps page for page.
 */

/** The app renders after this long at the latest, even if the router is still loading. */
export const FIRST_PAINT_WAIT_MAX_MS = 10_000;

/** Whether `container` holds the server's first view. */
export function hasFirstPaint(container: ParentNode): boolean {
  return container.querySelector('[data-first-paint]') !== null;
}

/** The part of a data router this module reads. */
export interface RouterReadiness {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/** Resolves once the router has loaded its first page (or failed to), or after `maxWaitMs`. */
export function whenRouterReady(router: RouterReadiness, maxWaitMs = FIRST_PAINT_WAIT_MAX_MS): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | null = null;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    if (settled) unsubscribe();
  });
}
