import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

function fakeContainer() {
  const update = vi.fn(() => Promise.resolve());
  const register = vi.fn(() => Promise.resolve({ update } as unknown as ServiceWorkerRegistration));
  return { container: { register } as unknown as ServiceWorkerContainer, register, update };
}

afterEach(() => vi.useRealTimers());

describe('service worker registration', () => {
  it('registers /sw.js for the whole app in a production build, asking the server on every update check', () => {
    const { container, register } = fakeContainer();
    registerServiceWorker({ prod: true }, container);
    // The test document has finished loading: registration is immediate.
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('checks for a new release every hour while the tab stays open', async () => {
    vi.useFakeTimers();
    const { container, update } = fakeContainer();
    registerServiceWorker({ prod: true }, container);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('registers nothing in development and test builds', () => {
    const { container, register } = fakeContainer();
    registerServiceWorker({ prod: false }, container);
    expect(register).not.toHaveBeenCalled();
  });
});
