/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_APP_PAGES, SHELL_URL } from './routes';

/**
 * The app's service worker (issue 12). It keeps the built files (hashed JavaScript and CSS, icons,
 * the manifest) and the HTML shell, so a repeat visit loads no code over the network and an offline
 * visit still shows the app. It never stores an API answer, a WebSocket or anything about the user:
 * only the precached build files are answered from the cache.
 */
declare const self: ServiceWorkerGlobalScope;

// An update takes over at once; pages opened after it load the new build.
void self.skipWaiting();
clientsClaim();

// The list of build files with their revisions is written in here at build time (vite-plugin-pwa).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the server (it renders the head, the theme and the language redirect per request);
// only when it cannot be reached does the precached shell stand in, and the app shows the page of
// the address from there.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache(SHELL_URL);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_APP_PAGES },
  ),
);
