import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSx } from '@/components/ui/page-sx';

export interface HomeDashboardProps {
  /** Total value and today's change. */
  value: ReactNode;
  /** The IDR balance with Top up. */
  balance: ReactNode;
  holdings: ReactNode;
  movers: ReactNode;
  orders: ReactNode;
}

/**
 * Home for a signed-in user: what the account is worth and how it moved, the balance with Top up, the
 * holdings, the market's movers and the latest orders. One column on phones, two from 900 px.
 */
export function HomeDashboard({ value, balance, holdings, movers, orders }: HomeDashboardProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ ...pageSx, py: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
        {t('homeDashboard.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {value}
          {balance}
          {holdings}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {orders}
          {movers}
        </Box>
      </Box>
    </Box>
  );
}
