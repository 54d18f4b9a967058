/**
 * The server writes a static first view of some pages into `#root` (the app bar and the page's lead,
 * or a trade page's price: crates/server/src/features/web_shell/first_paint.rs), so a phone paints
 * them before this code has arrived (issue 12). React's first render empties the container and puts
 * the page in its place; until the router has the page's code and texts, that render would be the
 * loading spinner, so the app waits for the router first and swaps page for page.
 */

/** The app renders after this long at the latest, even if the router is still loading. */
export const FIRST_PAINT_WAIT_MAX_MS = 10_000;

/** How long a page whose figures the server painted waits for the same figures from the API. */
export const FIRST_PAINT_DATA_WAIT_MAX_MS = 3_000;

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

/**
 * Waits for `load` while the server's first view is still up (the app's first load of a page the
 * server painted), at most `maxWaitMs`: the page's first render then shows its own figures where the
 * server's stood, not placeholders. Once the app runs (a later navigation) it does not wait.
 */
export async function whileFirstPaintShows(
  load: () => Promise<unknown>,
  root: ParentNode = document,
  maxWaitMs = FIRST_PAINT_DATA_WAIT_MAX_MS,
): Promise<void> {
  if (!hasFirstPaint(root)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
  await Promise.race([load().catch(() => undefined), bound]);
  clearTimeout(timer);
}
