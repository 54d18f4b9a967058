import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Figures } from '@/components/ui/figures';
import { formatMoney, formatPrice, gainColor, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePerpInstrument } from '../api/get-instrument';
import { useFundingRate } from '../api/get-funding-rate';
import { fundingCountdown, fundingPayer } from '../lib/funding';
import { useNow } from '../hooks/use-now';

function Fact({ label, value, color }: { label: string; value: string | null; color?: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', color }} noWrap>
        {value ?? <Skeleton width={64} />}
      </Typography>
    </Box>
  );
}

/**
 * The futures header's figures (issue 13): the mark price (what profit and liquidation use), the
 * index, the funding rate of the running interval and a live countdown to its settlement.
 */
export function PerpHeaderFacts({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const instrument = usePerpInstrument(symbol);
  const now = useNow();
  const data = instrument.data;
  const price = (value: string | null | undefined) => (value ? formatPrice(value, 'USDT', locale) : '–');
  return (
    <Box
      component="section"
      aria-label={t('perps.facts.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        gap: 1,
        pb: 1,
      }}
    >
      <Fact label={t('perps.facts.mark')} value={data ? price(data.markPrice) : null} />
      <Fact label={t('perps.facts.index')} value={data ? price(data.indexPrice) : null} />
      <Fact
        label={t('perps.facts.funding')}
        value={data ? `${localizeDecimalText(data.fundingRatePercentage, locale)}%` : null}
        color={gainColor(data?.fundingRatePercentage)}
      />
      <Fact label={t('perps.facts.countdown')} value={data ? fundingCountdown(data.nextFundingTime, now) : null} />
    </Box>
  );
}

/** The facts panel: the contract's rules, fees, tiers and funding (last and next). */
export function PerpContractFacts({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const instrument = usePerpInstrument(symbol);
  const funding = useFundingRate(symbol);
  const data = instrument.data;
  if (!data) return <Skeleton variant="rounded" height={200} aria-label={t('app.loading')} />;
  const percent = (value: string) => `${localizeDecimalText(value, locale)}%`;
  const payer = funding.data ? fundingPayer(funding.data.fundingRatePercentage) : null;
  return (
    <Box sx={{ p: 1.5 }}>
      <Figures
        dense
        lines={[
          { label: t('perps.facts.name'), value: data.name },
          { label: t('perps.facts.tick'), value: formatPrice(data.tickSize, 'USDT', locale) },
          { label: t('perps.facts.step'), value: localizeDecimalText(data.stepSize, locale) },
          { label: t('perps.facts.minNotional'), value: formatMoney(data.minNotional, 'USDT', 'amount', locale) },
          { label: t('perps.facts.maxLeverage'), value: `${data.maxLeverage}x` },
          {
            label: t('perps.facts.fees'),
            value: `${percent(data.makerFeePercentage)} / ${percent(data.takerFeePercentage)}`,
          },
          ...(funding.data
            ? [
                {
                  label: t('perps.facts.lastFunding'),
                  value: percent(funding.data.lastFundingRatePercentage),
                },
                {
                  label: t('perps.facts.interval'),
                  value: t('perps.facts.intervalHours', { hours: funding.data.intervalHours }),
                },
              ]
            : []),
        ]}
      />
      {payer && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(payer === 'LONGS' ? 'perps.facts.longsPay' : 'perps.facts.shortsPay')}
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        {t('perps.facts.tiers')}
      </Typography>
      <Figures
        dense
        lines={data.tiers.map((tier) => ({
          label: tier.notionalUpTo
            ? t('perps.facts.tierUpTo', { notional: formatMoney(tier.notionalUpTo, 'USDT', 'amount', locale) })
            : t('perps.facts.tierAbove'),
          value: `${percent(tier.maintenanceMarginPercentage)} · ${tier.maxLeverage}x`,
        }))}
      />
    </Box>
  );
}
