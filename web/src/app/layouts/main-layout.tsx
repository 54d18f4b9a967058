import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Toaster } from '@/components/ui/toaster';
import { AccountMenu, AuthLayer } from '@/features/identity';
import { MaintenanceScreen } from '@/features/maintenance';
import { BalanceButton } from '@/features/wallet';
import { useAppStore } from '@/lib/store';

/** Header, page, footer. While the server is under maintenance the page is the maintenance screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const underMaintenance = useAppStore((state) => state.misc.underMaintenance);
  return (
    <>
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
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        {underMaintenance ? <MaintenanceScreen /> : <Outlet />}
      </Box>
      <Footer />
      <AuthLayer />
      <Toaster />
    </>
  );
}
