import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { compareText } from '@/lib/decimal';
import { formatMoney, formatNumber, formatPercent, formatSignedMoney, gainColor } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import type { AssetHolding } from '../api/types';
import { useLiveChanges, useLivePrices } from '../hooks/use-live-prices';
import { usePortfolio } from '../hooks/use-portfolio';
import { dayChange, totalValue } from '../lib/day-change';
import { revalue } from '../lib/valuation';

/** Holdings the home page lists (the portfolio page has them all). */
export const HOLDINGS_SHOWN = 5;

/** The holdings at live prices, shared by the home page's value and holdings cards. */
function useLiveHoldings() {
  const portfolio = usePortfolio();
  const symbols = portfolio.holdings.map((holding) => holding.symbol);
  const prices = useLivePrices(symbols);
  const changes = useLiveChanges(symbols);
  const holdings = useMemo(
    () => portfolio.holdings.map((holding) => revalue(holding, prices[holding.symbol])),
    [portfolio.holdings, prices],
  );
  return { ...portfolio, holdings, changes };
}

/** The home page's headline: what the account is worth now (cash and holdings) and the 24 h change. */
export function PortfolioValue() {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const { holdings, cash, loading, changes } = useLiveHoldings();
  const change = dayChange(holdings, changes);
  return (
    <Section title={t('homeDashboard.value')}>
      <Box sx={{ minHeight: 72 }}>
        {loading ? (
          <Skeleton variant="text" width={220} height={44} />
        ) : (
          <>
            <Typography
              sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatMoney(totalValue(cash, holdings), 'IDR', 'balance', locale)}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                fontVariantNumeric: 'tabular-nums',
                color: gainColor(change?.amount) ?? 'text.secondary',
              }}
            >
              {change
                ? t('homeDashboard.change', {
                    amount: formatSignedMoney(change.amount, 'IDR', 'balance', locale),
                    percent: change.percent ? formatPercent(change.percent, locale, { signed: true }) : '–',
                  })
                : t('homeDashboard.noHoldingsChange')}
            </Typography>
          </>
        )}
      </Box>
    </Section>
  );
}

/** The home page's holdings: the largest few at live value, each leading to its trade page. */
export function HoldingsSummary() {
  const { t } = useTranslation();
  const { holdings, loading } = useLiveHoldings();
  const shown = [...holdings]
    .sort((a, b) => compareText(b.currentValue ?? '0', a.currentValue ?? '0'))
    .slice(0, HOLDINGS_SHOWN);
  return (
    <Section title={t('homeDashboard.holdings')}>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 132 }}>
        {loading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={40} />)
          : shown.map((holding) => <HoldingRow key={holding.symbol} holding={holding} />)}
        {!loading && shown.length === 0 && (
          <Box component="li">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('portfolio.emptyText')}
            </Typography>
            <Button component={AppLink} to={paths.markets} variant="outlined" size="small">
              {t('portfolio.explore')}
            </Button>
          </Box>
        )}
      </Stack>
      {!loading && holdings.length > 0 && (
        <AppLink to={paths.portfolio} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
          {t('homeDashboard.allHoldings')}
        </AppLink>
      )}
    </Section>
  );
}

function HoldingRow({ holding }: { holding: AssetHolding }) {
  const locale = useAppStore((state) => state.misc.language);
  const percent = holding.unrealisedProfitPercentage;
  return (
    <Stack
      component="li"
      aria-label={holding.asset}
      direction="row"
      alignItems="center"
      spacing={1}
      sx={{ minHeight: 40 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <AppLink
          to={`/trade/${encodeURIComponent(holding.symbol)}`}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 700 }}
        >
          {holding.asset}
        </AppLink>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatNumber(holding.quantity, locale, { maximumFractionDigits: 8 })} {holding.asset}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {holding.currentValue != null ? formatMoney(holding.currentValue, 'IDR', 'balance', locale) : '–'}
        </Typography>
        <Typography variant="caption" sx={{ color: gainColor(holding.unrealisedProfit) ?? 'text.secondary' }}>
          {percent != null ? formatPercent(percent, locale, { signed: true }) : '–'}
        </Typography>
      </Box>
    </Stack>
  );
}
