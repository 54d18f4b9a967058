import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PortfolioScreen } from '@/features/portfolio';
import { useUserLiveUpdates } from '@/features/trading';
import { UsStocksPortfolio, useUsLiveUpdates } from '@/features/us-stocks';
import { lazyNamed } from '@/lib/lazy-named';

// The futures tab's code (positions, history) loads only when that tab is opened.
const PerpsPortfolio = lazyNamed(() => import('@/features/perps'), 'PerpsPortfolio');

/**
 * `/portfolio` (R2.15): the spot tab (the holdings, refreshed by the user's live order and balance
 * channels, and the US-stock positions per bucket, issue 11) or, at `?tab=futures`, the futures
 * (margin wallet, positions and their history, issue 13).
 */
export function Component() {
  const [search] = useSearchParams();
  const tab = search.get('tab') === 'futures' ? 'futures' : 'spot';
  useUserLiveUpdates();
  useUsLiveUpdates();
  return (
    <>
      <PortfolioScreen
        tab={tab}
        futures={
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <PerpsPortfolio />
          </Suspense>
        }
      />
      {tab === 'spot' && (
        <Box sx={{ width: '100%', maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)', pb: 5 }}>
          <UsStocksPortfolio />
        </Box>
      )}
    </>
  );
}
