import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SummaryPanel } from '@/components/ui/summary-panel';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, formatSignedMoney, gainColor } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePortfolio } from '../hooks/use-portfolio';
import { useLivePrices } from '../hooks/use-live-prices';
import { revalue, totals } from '../lib/valuation';
import { HoldingCard } from './holding-card';
import { pageSx } from '@/components/ui/page-sx';

/** The portfolio's two sides (R2.15). */
export type PortfolioTab = 'spot' | 'futures';

export interface PortfolioScreenProps {
  /** Which side is shown: `/portfolio` is spot, `/portfolio?tab=futures` the futures. */
  tab?: PortfolioTab;
  /** The futures side's content (the futures feature's, given by the route). */
  futures?: ReactNode;
}

/**
 * `/portfolio` (R2.15): the spot tab shows the IDR wallet balance on top, then the crypto holdings
 * with their cost and profit, revalued live from each pair's ticker; the futures tab shows what the
 * route gives it. A failed load shows zeros with a retry (R8.09 style), never a broken page.
 */
export function PortfolioScreen({ tab = 'spot', futures }: PortfolioScreenProps = {}) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const localize = useLocalizePath();
  const { holdings, cash, loading, failed, retry } = usePortfolio();
  const prices = useLivePrices(holdings.map((holding) => holding.symbol));
  const live = useMemo(() => holdings.map((holding) => revalue(holding, prices[holding.symbol])), [holdings, prices]);
  const sum = totals(live);
  const money = (value: string) => formatMoney(value, 'IDR', 'balance', locale);

  return (
    <Box sx={{ ...pageSx, py: { xs: 2.5, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
        {t('portfolio.title')}
      </Typography>
      <Tabs value={tab} aria-label={t('portfolio.tabs')} sx={{ mb: 2 }}>
        <Tab value="spot" label={t('portfolio.spot')} component={RouterLink} to={localize(paths.portfolio)} />
        <Tab
          value="futures"
          label={t('portfolio.futures')}
          component={RouterLink}
          to={`${localize(paths.portfolio)}?tab=futures`}
        />
      </Tabs>
      {tab === 'futures' ? (
        futures
      ) : (
        <>
          {failed && (
            <ErrorWithRetry
              severity="warning"
              sx={{ mb: 2 }}
              message={t('portfolio.loadFailed')}
              retryLabel={t('portfolio.retry')}
              onRetry={retry}
            />
          )}
          <SummaryPanel
            label={t('portfolio.summary')}
            sx={{ mb: 3 }}
            figures={[
              { label: t('portfolio.cash'), value: cash === null ? null : money(cash) },
              { label: t('portfolio.cryptoValue'), value: loading ? null : money(sum.value) },
              { label: t('portfolio.totalInvested'), value: loading ? null : money(sum.invested) },
              {
                label: t('portfolio.totalUnrealised'),
                value: loading ? null : formatSignedMoney(sum.profit, 'IDR', 'balance', locale),
                color: gainColor(sum.profit),
              },
            ]}
            links={[
              { label: t('portfolio.topup'), to: localize(paths.balanceTopup) },
              { label: t('portfolio.wallet'), to: localize(paths.balance) },
            ]}
          />
          {loading ? (
            <Stack spacing={1.5} aria-label={t('app.loading')}>
              <Skeleton variant="rounded" height={140} />
              <Skeleton variant="rounded" height={140} />
            </Stack>
          ) : live.length === 0 ? (
            <Paper
              variant="outlined"
              sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', bgcolor: 'var(--color-surface)' }}
            >
              <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                {t('portfolio.emptyTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('portfolio.emptyText')}
              </Typography>
              <Button component={RouterLink} to={localize(paths.markets)} variant="contained">
                {t('portfolio.explore')}
              </Button>
            </Paper>
          ) : (
            <Stack component="ul" spacing={1.5} aria-label={t('portfolio.holdings')} sx={{ p: 0, m: 0 }}>
              {live.map((holding) => (
                <HoldingCard key={holding.symbol} holding={holding} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
