import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { LazyMaintenanceScreen } from './lazy-maintenance-screen';
import { Toaster } from '@/components/ui/toaster';
import { AuthLayer } from '@/features/identity';
import { useAppStore } from '@/lib/store';

/** R2.03: PWA views show the page alone, without header or footer (the host app has its own). */
export function PwaLayout() {
  const underMaintenance = useAppStore((state) => state.misc.underMaintenance);
  return (
    <Box
      component="main"
      id="main"
      data-layout="pwa"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        pt: 'env(safe-area-inset-top)',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      {underMaintenance ? <LazyMaintenanceScreen /> : <Outlet />}
      <AuthLayer />
      <Toaster />
    </Box>
  );
}
