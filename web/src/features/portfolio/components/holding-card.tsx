import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, formatNumber, formatPercent, formatSignedMoney, gainColor } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import type { AssetHolding } from '../api/types';

/** One crypto holding (R2.15): quantity, average cost, invested, value, unrealised and realised profit. */
export function HoldingCard({ holding }: { holding: AssetHolding }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const localize = useLocalizePath();
  const money = (value: string | null | undefined) =>
    value != null ? formatMoney(value, 'IDR', 'balance', locale) : '–';
  const signedMoney = (value: string | null | undefined) =>
    value != null ? formatSignedMoney(value, 'IDR', 'balance', locale) : '–';
  const percent = holding.unrealisedProfitPercentage;
  const titleId = `holding-${holding.symbol}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ listStyle: 'none', p: { xs: 2, sm: 2.5 }, bgcolor: 'var(--color-surface)' }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={2} sx={{ mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 700 }}>
            {holding.asset}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(holding.quantity, locale, { maximumFractionDigits: 8 })} {holding.asset}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {money(holding.currentValue)}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: gainColor(holding.unrealisedProfit), fontVariantNumeric: 'tabular-nums' }}
          >
            {signedMoney(holding.unrealisedProfit)}
            {percent != null && ` (${formatPercent(percent, locale, { signed: true })})`}
          </Typography>
        </Box>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}
      >
        <Figure label={t('portfolio.averagePrice')} value={money(holding.averagePrice)} />
        <Figure label={t('portfolio.currentPrice')} value={money(holding.currentPrice)} />
        <Figure label={t('portfolio.invested')} value={money(holding.investedAmount)} />
        <Figure
          label={t('portfolio.realised')}
          value={signedMoney(holding.realisedProfit)}
          color={gainColor(holding.realisedProfit)}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          component={RouterLink}
          to={localize(`/trade/${holding.symbol}`)}
          variant="outlined"
          size="small"
          aria-label={t('portfolio.tradeLabel', { asset: holding.asset })}
        >
          {t('portfolio.trade')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', color, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}
