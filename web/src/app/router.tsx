import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootFallback } from '@/components/layout/boot-fallback';
import { FatalError } from '@/components/errors/fatal-error';
import { RequireAuth } from '@/features/identity';
import { loadPageTexts } from '@/i18n';
import { PWA_PREFIX } from '@/lib/pwa';
import { EN_PREFIX } from '@/lib/locale';
import type { Locale } from '@/types';
import { MainLayout } from './layouts/main-layout';
import { PwaLayout } from './layouts/pwa-layout';
import { LocaleRoot } from './locale-root';
import { RouteError } from './routes/route-error';

/**
 * Pages, each its own chunk (lazy). Later issues add their routes here. The same pages exist under
 * `/` (Indonesian) and `/en` (English), each with and without the PWA prefix (R2.03). A new page's path
 * also goes into route-patterns.json, the list the server answers 200 for (others get 404).
 */
export function pageRoutes(): RouteObject[] {
  return [
    { index: true, lazy: () => import('./routes/home') },
    { path: '_app', lazy: () => import('./routes/app-shell') },
    { path: 'signup', lazy: () => import('./routes/signup') },
    { path: 'login', lazy: () => import('./routes/login') },
    // Markets (issue 3): open to visitors (guest mode, R1.12).
    { path: 'markets', lazy: () => import('./routes/markets') },
    { path: 'trade', lazy: () => import('./routes/trade') },
    { path: 'trade/:pair', lazy: () => import('./routes/trade') },
    { path: 'asset/:segment/:symbol/:assetId', lazy: () => import('./routes/asset') },
    {
      path: 'account',
      element: <RequireAuth />,
      children: [
        {
          lazy: () => import('./routes/account/layout'),
          children: [
            { index: true, lazy: () => import('./routes/account/overview') },
            { path: 'profile', lazy: () => import('./routes/account/profile') },
            { path: 'verification', lazy: () => import('./routes/account/verification') },
            { path: 'identity-verification', lazy: () => import('./routes/account/verification') },
            { path: 'language', lazy: () => import('./routes/account/language') },
            { path: 'notification', lazy: () => import('./routes/account/notification') },
            { path: 'privacy', lazy: () => import('./routes/account/privacy') },
            // Sensitive pages: the PIN again after inactivity (R3.17).
            {
              element: <RequireAuth pin />,
              children: [
                { path: 'manage-session', lazy: () => import('./routes/account/manage-session') },
                { path: 'privacy/manage-session', lazy: () => import('./routes/account/manage-session') },
                { path: 'privacy/change-pin', lazy: () => import('./routes/account/change-pin') },
              ],
            },
            { path: 'bankAccount', lazy: () => import('./routes/account/bank-account') },
          ],
        },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        { path: 'balance', lazy: () => import('./routes/balance/overview') },
        { path: 'balance/topup', lazy: () => import('./routes/balance/topup') },
        { path: 'balance/cashout', lazy: () => import('./routes/balance/cashout') },
        { path: 'balance/usd', lazy: () => import('./routes/balance/usd') },
        { path: 'balance/futures', lazy: () => import('./routes/balance/futures') },
        { path: 'transaction-history', lazy: () => import('./routes/transaction-history') },
        { path: 'portfolio', lazy: () => import('./routes/portfolio') },
      ],
    },
    // Sandbox mode: the payment gateway's payer page; no session needed (the payer is not the user).
    { path: 'sandbox/pay/:reference', lazy: () => import('./routes/sandbox/pay') },
    { path: '*', lazy: () => import('./routes/not-found') },
  ];
}

function localeTree(locale: Locale): RouteObject {
  return {
    path: locale === 'en' ? EN_PREFIX : '/',
    element: <LocaleRoot locale={locale} />,
    // The language's texts for the shell and the page arrive before the page renders (in parallel with
    // the page's code); each part stays loaded, so only a new path can need more (src/i18n/index.ts).
    loader: async ({ request }) => {
      await loadPageTexts(locale, new URL(request.url).pathname);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    errorElement: <FatalError />,
    HydrateFallback: BootFallback,
    children: [
      {
        path: PWA_PREFIX.slice(1),
        element: <PwaLayout />,
        children: [{ errorElement: <RouteError />, children: pageRoutes() }],
      },
      {
        element: <MainLayout />,
        children: [{ errorElement: <RouteError />, children: pageRoutes() }],
      },
    ],
  };
}

export const routes: RouteObject[] = [localeTree('en'), localeTree('id')];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
