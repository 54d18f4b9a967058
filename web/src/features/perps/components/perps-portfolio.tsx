import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Section } from '@/components/ui/section';
import { SummaryPanel } from '@/components/ui/summary-panel';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { openPositions, pnlColor, signed } from '../lib/positions';
import { usePositionsLive } from '../hooks/use-positions-live';
import { PerpPositionCards } from './perp-positions';
import { PerpsHistory } from './perps-history';

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
      <SummaryPanel
        label={t('perps.portfolio.wallet')}
        figures={[
          { label: t('perps.portfolio.equity'), value: data ? usdt(data.equity) : null },
          { label: t('margin.marginBalance'), value: data ? usdt(data.marginBalance) : null },
          { label: t('margin.availableMargin'), value: data ? usdt(data.availableMargin) : null },
          {
            label: t('perps.portfolio.unrealised'),
            value: data ? signed(usdt(data.unrealisedPnl), data.unrealisedPnl) : null,
            color: data ? pnlColor(data.unrealisedPnl) : undefined,
          },
          { label: t('perps.portfolio.maintenance'), value: data ? usdt(data.maintenanceMargin) : null },
          {
            label: t('perps.portfolio.marginRatio'),
            value: data
              ? data.marginRatioPercentage
                ? `${localizeDecimalText(data.marginRatioPercentage, locale)}%`
                : '–'
              : null,
          },
        ]}
        links={[
          { label: t('perps.portfolio.trade'), to: localize(paths.tradeFutures) },
          { label: t('margin.link'), to: localize(paths.balanceFutures) },
        ]}
      />
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
