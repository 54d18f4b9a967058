import Box from '@mui/material/Box';
import { PortfolioScreen } from '@/features/portfolio';
import { useUserLiveUpdates } from '@/features/trading';
import { UsStocksPortfolio, useUsLiveUpdates } from '@/features/us-stocks';

/**
 * `/portfolio` (R2.15): the holdings, refreshed by the user's live order and balance channels, and
 * the US-stock positions per bucket (issue 11).
 */
export function Component() {
  useUserLiveUpdates();
  useUsLiveUpdates();
  return (
    <>
      <PortfolioScreen />
      <Box sx={{ width: '100%', maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)', pb: 5 }}>
        <UsStocksPortfolio />
      </Box>
    </>
  );
}
