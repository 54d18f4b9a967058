import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { openPositions, pnlColor, signed } from '../lib/positions';
import { usePositionsLive } from '../hooks/use-positions-live';
import { PerpPositionCards } from './perp-positions';
import { PerpsHistory } from './perps-history';

function Figure({ label, value, color }: { label: string; value: string | null; color?: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={{
          fontWeight: 700,
          fontSize: '1.125rem',
          fontVariantNumeric: 'tabular-nums',
          color,
          overflowWrap: 'anywhere',
        }}
      >
        {value ?? <Skeleton width={100} />}
      </Typography>
    </Box>
  );
}

/**
 * The portfolio's futures tab (R2.15, issue 13): the margin wallet marked to market, the open
 * positions (live, with close and TP/SL), and the history of fills with their realised profit,
 * funding paid and received, and liquidations.
 */
export function PerpsPortfolio() {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const localize = useLocalizePath();
  const positions = usePositionsLive();
  const data = positions.data;
  const usdt = (value: string) => formatMoney(value, 'USDT', 'balance', locale);
  return (
    <Stack spacing={3}>
      {positions.isError && !data && (
        <ErrorWithRetry
          severity="warning"
          message={t('perps.positions.loadFailed')}
          retryLabel={t('portfolio.retry')}
          onRetry={() => void positions.refetch()}
        />
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('perps.portfolio.wallet')}
        sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          <Figure label={t('perps.portfolio.equity')} value={data ? usdt(data.equity) : null} />
          <Figure label={t('margin.marginBalance')} value={data ? usdt(data.marginBalance) : null} />
          <Figure label={t('margin.availableMargin')} value={data ? usdt(data.availableMargin) : null} />
          <Figure
            label={t('perps.portfolio.unrealised')}
            value={data ? signed(usdt(data.unrealisedPnl), data.unrealisedPnl) : null}
            color={data ? pnlColor(data.unrealisedPnl) : undefined}
          />
          <Figure label={t('perps.portfolio.maintenance')} value={data ? usdt(data.maintenanceMargin) : null} />
          <Figure
            label={t('perps.portfolio.marginRatio')}
            value={
              data
                ? data.marginRatioPercentage
                  ? `${localizeDecimalText(data.marginRatioPercentage, locale)}%`
                  : '–'
                : null
            }
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }} useFlexGap flexWrap="wrap">
          <Button component={RouterLink} to={localize(paths.tradeFutures)} variant="contained" size="small">
            {t('perps.portfolio.trade')}
          </Button>
          <Button component={RouterLink} to={localize(paths.balanceFutures)} variant="outlined" size="small">
            {t('margin.link')}
          </Button>
        </Stack>
      </Paper>
      <Section title={t('perps.positions.title')}>
        {data ? (
          <PerpPositionCards positions={openPositions(data.positions)} />
        ) : (
          <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />
        )}
      </Section>
      <Section title={t('perps.history.title')} description={t('perps.history.text')}>
        <PerpsHistory />
      </Section>
    </Stack>
  );
}
