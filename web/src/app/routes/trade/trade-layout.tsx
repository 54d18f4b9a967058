import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The trade page's grid: header on top; then the chart, the order book and the order panel side by
 * side on wide screens (≥ 1024 px, R9.03), the chart above the book and panel from 640 px, and one
 * column on phones. A missing book or panel gives its room to the chart.
 */
export function TradeLayout({
  header,
  chart,
  orderBook,
  orderPanel,
}: {
  header: ReactNode;
  chart: ReactNode;
  orderBook: ReactNode | null;
  /** The order panel (the trading work fills this slot). */
  orderPanel: ReactNode | null;
}) {
  const side = [orderBook, orderPanel].filter(Boolean).length;
  return (
    <Box sx={{ maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)', pb: 4, width: '100%' }}>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: '1fr',
            sm: side === 2 ? '1fr 1fr' : '1fr',
            lg: side === 0 ? '1fr' : `minmax(0, 1fr) ${side === 2 ? '300px 320px' : '320px'}`,
          },
          '& > .trade-chart': { gridColumn: { xs: '1', sm: '1 / -1', lg: 'auto' } },
        }}
      >
        <Box className="trade-chart" sx={{ minWidth: 0 }}>
          {chart}
        </Box>
        {orderBook}
        {orderPanel}
      </Box>
    </Box>
  );
}
