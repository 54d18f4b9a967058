import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { signOf } from '@/lib/decimal';
import { formatMoney, formatNumber, formatPercent, formatSignedMoney, gainColor } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { useHoldings } from '../api/get-holdings';
import { useLivePrices } from '../hooks/use-live-prices';
import { revalue } from '../lib/valuation';

/**
 * The user's position in one instrument (the trade page's Positions tab): quantity, average price,
 * cost, value at the live price and unrealised profit, from the holdings call.
 */
export function HoldingPosition({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const holdings = useHoldings();
  const prices = useLivePrices([symbol]);
  const found = holdings.data?.find((holding) => holding.symbol === symbol);
  const asset = symbol.split('-')[0] ?? symbol;
  if (holdings.isPending) return <Skeleton variant="rounded" height={96} sx={{ m: 1 }} />;
  if (!found || signOf(found.quantity) <= 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('position.none', { asset })}
      </Typography>
    );
  }
  const holding = revalue(found, prices[symbol]);
  const money = (value: string | null | undefined) =>
    value != null ? formatMoney(value, 'IDR', 'balance', locale) : '–';
  const rows = [
    {
      label: t('position.quantity'),
      value: `${formatNumber(holding.quantity, locale, { maximumFractionDigits: 8 })} ${holding.asset}`,
    },
    { label: t('portfolio.averagePrice'), value: money(holding.averagePrice) },
    { label: t('portfolio.invested'), value: money(holding.investedAmount) },
    { label: t('position.value'), value: money(holding.currentValue) },
    {
      label: t('position.unrealised'),
      value: `${holding.unrealisedProfit != null ? formatSignedMoney(holding.unrealisedProfit, 'IDR', 'balance', locale) : '–'}${
        holding.unrealisedProfitPercentage != null
          ? ` (${formatPercent(holding.unrealisedProfitPercentage, locale, { signed: true })})`
          : ''
      }`,
      color: gainColor(holding.unrealisedProfit),
    },
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
        p: 1.5,
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {row.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              color: row.color,
              overflowWrap: 'anywhere',
            }}
          >
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
