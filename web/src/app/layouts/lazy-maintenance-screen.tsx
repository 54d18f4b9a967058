import { Suspense } from 'react';
import { BootFallback } from '@/components/layout/boot-fallback';
import { lazyNamed } from '@/lib/lazy-named';

// Shown only while the server answers 503: its code loads then (static files are still served).
const MaintenanceScreen = lazyNamed(() => import('@/features/maintenance'), 'MaintenanceScreen');

/** The maintenance screen of both layouts, loaded on demand. */
export function LazyMaintenanceScreen() {
  return (
    <Suspense fallback={<BootFallback />}>
      <MaintenanceScreen />
    </Suspense>
  );
}
