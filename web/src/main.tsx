import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { FatalError } from '@/components/errors/fatal-error';
import { initI18n, loadPageTexts } from '@/i18n';
import { installAnalyticsLifecycle } from '@/lib/analytics';
import { readInitialAccessToken } from '@/lib/auth-tokens';
import { readInitialCookies } from '@/lib/cookies';
import { installGlobalErrorHandlers } from '@/lib/error-reporting';
import { localeFromPath } from '@/lib/locale';
import { cspNonce } from '@/lib/csp-nonce';
import { hasFirstPaint, whenRouterReady } from '@/lib/first-paint';
import { registerServiceWorker } from '@/lib/service-worker';
import { useAppStore } from '@/lib/store';
import './index.css';

// Errors from here on are logged to the server (R8.10).
installGlobalErrorHandlers();
installAnalyticsLifecycle();

// The first render already has the URL's language and the cookies' theme and token (R2.10).
const locale = localeFromPath(window.location.pathname);
initI18n(locale);
// The shell's and the page's texts start loading now, beside the page's code; the locale root's loader
// waits for them.
void loadPageTexts(locale, window.location.pathname).catch(() => undefined);
const initial = readInitialCookies();
const store = useAppStore.getState();
store.setLanguage(locale);
store.setTheme(initial.theme);
const accessToken = initial.accessToken ?? readInitialAccessToken();
if (accessToken) store.setAccessToken(accessToken);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

registerServiceWorker();

// MUI's style tags carry the page's CSP nonce, or the policy would refuse them (issue 14).
const styleCache = createCache({ key: 'css', nonce: cspNonce() });

// The router starts loading the page's code and texts now.
const router = createAppRouter();

function render(root: HTMLElement) {
  // Not hydration: the first render empties the root, the server's first view included.
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <ErrorBoundary fallback={<FatalError />}>
          <App router={router} />
        </ErrorBoundary>
      </CacheProvider>
    </StrictMode>,
  );
}

// The server's first view of the page (lib/first-paint.ts) stays until the router has the page, so
// it gives way to the page itself rather than to a loading spinner.
if (hasFirstPaint(container)) void whenRouterReady(router).then(() => render(container));
else render(container);
