import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LazyMaintenanceScreen } from './lazy-maintenance-screen';
import { BottomBarProvider } from '@/components/layout/bottom-bar-provider';
import { BottomNav } from '@/components/layout/bottom-nav';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Toaster } from '@/components/ui/toaster';
import { AccountMenu, AuthLayer } from '@/features/identity';
import { BalanceButton } from '@/features/wallet';
import { useAppStore } from '@/lib/store';

/**
 * Header, page, footer, and on phones the bottom tab bar (which a page may replace with its own bar,
 * see components/layout/bottom-bar). While the server is under maintenance the page is the maintenance screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const underMaintenance = useAppStore((state) => state.misc.underMaintenance);
  return (
    <BottomBarProvider>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header
        actions={
          <>
            <BalanceButton />
            <AccountMenu />
          </>
        }
      />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        // At least a screen high, so the footer starts below the fold and content arriving late never
        // pushes it out of view (CLS; issue 14).
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          outline: 'none',
          minHeight: 'calc(100dvh - var(--header-height))',
        }}
      >
        {underMaintenance ? <LazyMaintenanceScreen /> : <Outlet />}
      </Box>
      <Footer />
      {/* Room under the footer for the phone's bottom bar, so it never covers the page's end. */}
      <Box
        aria-hidden
        sx={{
          display: { xs: 'block', sm: 'none' },
          height: 'calc(var(--bottom-bar-height) + env(safe-area-inset-bottom))',
        }}
      />
      <BottomNav />
      <AuthLayer />
      <Toaster aboveBottomBar />
    </BottomBarProvider>
  );
}
