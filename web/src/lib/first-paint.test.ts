import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasFirstPaint, whenRouterReady, whileFirstPaintShows, type RouterReadiness } from './first-paint';

function fakeRouter(initialized = false) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router: RouterReadiness = {
    state: { initialized },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const update = (next: boolean) => {
    router.state = { initialized: next };
    for (const listener of [...listeners]) listener(router.state);
  };
  return { router, update, listeners };
}

afterEach(() => vi.useRealTimers());

describe('the server first view', () => {
  it('is recognised by its marker, and an empty root has none', () => {
    const root = document.createElement('div');
    expect(hasFirstPaint(root)).toBe(false);
    root.innerHTML = '<style></style><div class="fp" data-first-paint="home"><main><h1>Lead</h1></main></div>';
    expect(hasFirstPaint(root)).toBe(true);
  });

  it('stays until the router has its first page, then the app renders', async () => {
    const { router, update, listeners } = fakeRouter();
    let ready = false;
    const waiting = whenRouterReady(router, 5_000).then(() => (ready = true));
    update(false);
    await Promise.resolve();
    expect(ready).toBe(false);
    update(true);
    await waiting;
    expect(ready).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('does not wait for a router that is ready, nor longer than its bound', async () => {
    await expect(whenRouterReady(fakeRouter(true).router)).resolves.toBeUndefined();
    vi.useFakeTimers();
    const { router, listeners } = fakeRouter();
    let ready = false;
    void whenRouterReady(router, 1_000).then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('lets a page wait for its figures only while the server view shows, and not past its bound', async () => {
    const painted = document.createElement('div');
    painted.innerHTML = '<div data-first-paint="trade"></div>';
    const load = vi.fn(() => Promise.resolve());
    await whileFirstPaintShows(load, painted);
    expect(load).toHaveBeenCalledTimes(1);
    // Once the app runs (the view is gone), nothing is waited for.
    await whileFirstPaintShows(load, document.createElement('div'));
    expect(load).toHaveBeenCalledTimes(1);
    // A failing load does not fail the page; a hanging one is given up after the bound.
    await expect(whileFirstPaintShows(() => Promise.reject(new Error('offline')), painted)).resolves.toBeUndefined();
    vi.useFakeTimers();
    let done = false;
    void whileFirstPaintShows(() => new Promise(() => undefined), painted, 500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(true);
  });
});
