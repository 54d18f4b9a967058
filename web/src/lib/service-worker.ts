/** How often an open tab asks whether a new build (a new service worker) was released. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (web/sw/sw.ts, built as /sw.js) in production builds, after the page
 * has loaded so that it never competes with the first render. `updateViaCache: 'none'` makes every
 * update check ask the server; a new worker takes over at once (skipWaiting), and a long-open tab
 * checks every hour, so a release is picked up without a prompt.
 */
export function registerServiceWorker(
  env: { prod: boolean } = { prod: import.meta.env.PROD },
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
) {
  if (!env.prod || !container) return;
  const register = () => {
    container
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then((registration) => {
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      // Without a worker (private windows, an old browser) the app works as before, from the network.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
