import { direction, formatChangePct } from '@/lib/format';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEffectiveTheme } from '@/hooks/use-effective-theme';
import { useLocale } from '@/hooks/use-locale';
import { useLiveChannel, useOnLiveReconnect } from '@/lib/live/use-live-channel';
import { getCandlesBefore, useCandles, usePriceChange } from '../api/get-candles';
import { useKLineChart } from '../hooks/use-kline-chart';
import { haltText, type ChartFlags } from '../lib/halt';
import type { IndicatorName } from '../lib/indicators';
import {
  CHART_RANGES,
  CLASS_RESOLUTIONS,
  defaultResolution,
  isResolution,
  pricePrecisionOf,
  toKLine,
  toPeriod,
  type CandleText,
  type ChartAssetClass,
  type ChartRange,
  type Resolution,
} from '../lib/resolutions';
import type { ChartLine } from '../lib/reference-lines';
import { IndicatorMenu } from './indicator-menu';
import { withVisibleText } from '@/lib/accessible-name';

const TOGGLE_SX = { px: 1, py: 0.25 };

export interface PriceChartProps {
  symbol: string;
  assetClass: ChartAssetClass;
  /** Levels drawn across the candles: the futures page's mark price (the candles are the last trades). */
  lines?: readonly ChartLine[];
  /** R3.05 flags: the halt status (R4.13) and the bottom banner. */
  flags?: ChartFlags | null;
  /** The market session now (`CONTINUOUS`, `REGULAR`, `CLOSED`, …), shown on the chart. */
  sessionLabel?: string | null;
  /** Chart height in px on wide screens (phones get a shorter chart). */
  height?: number;
}

interface View {
  resolution: Resolution | null;
  range: ChartRange | null;
}

/**
 * The chart (R2.12, R1.11): candles and volume from `markets/candles`, the class's resolutions
 * (R9.07) and the ranges (R4.12), the range's price change with 2 decimals, live updates from
 * `candles:SYMBOL:RESOLUTION`, an indicator menu, the app's light or dark theme, the red Trading
 * Halted status (R4.13), the bottom banner and the market session.
 */
export function PriceChart({ symbol, assetClass, flags, sessionLabel, lines, height = 420 }: PriceChartProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const theme = useEffectiveTheme();
  const [view, setView] = useState<View>(() => ({ resolution: defaultResolution(assetClass), range: null }));
  const [indicators, setIndicators] = useState<IndicatorName[]>([]);
  const container = useRef<HTMLDivElement | null>(null);

  // A resolution this class does not offer (the symbol changed) falls back to the class default.
  const resolution = view.resolution && isResolution(view.resolution, assetClass) ? view.resolution : null;
  const request = {
    symbol,
    resolution: resolution ?? (view.range ? null : defaultResolution(assetClass)),
    range: view.range,
  };
  const candles = useCandles(request);
  const servedResolution = (candles.data?.symbol === symbol ? candles.data.resolution : null) as Resolution | null;
  const changeRange: ChartRange = view.range ?? '1D';
  const priceChange = usePriceChange(symbol, changeRange);

  const texts = candles.data?.candles as CandleText[] | undefined;
  const kline = useMemo(() => (texts ? texts.map(toKLine) : null), [texts]);
  const pricePrecision = useMemo(() => (texts ? pricePrecisionOf(texts) : 2), [texts]);
  // One object per resolution: a new period object would make the chart reload (and jump) on every render.
  const period = useMemo(() => (servedResolution ? toPeriod(servedResolution) : null), [servedResolution]);

  const pushBar = useKLineChart(container, {
    theme,
    locale,
    ticker: symbol,
    pricePrecision,
    volumePrecision: 4,
    period,
    candles: kline,
    indicators,
    lines,
    loadOlder: servedResolution
      ? async (beforeMs) => (await getCandlesBefore(symbol, servedResolution, beforeMs)).map(toKLine)
      : undefined,
  });

  useLiveChannel<CandleText & { symbol: string; resolution: string }>(
    servedResolution ? `candles:${symbol}:${servedResolution}` : null,
    (frame) => {
      if (frame.type === 'candle' && frame.data.resolution === servedResolution) pushBar(toKLine(frame.data));
    },
  );

  // Candles closed while the connection was down are not replayed: load the history again.
  useOnLiveReconnect(() => void candles.refetch());

  const halt = haltText(flags, { title: t('chart.haltedTitle'), description: t('chart.haltedDefault') });
  const banner = flags?.bottomBannerMessage;
  const change = priceChange.data?.changePct;

  return (
    <Box component="section" aria-label={t('chart.label', { symbol })} sx={{ minWidth: 0 }}>
      {halt && (
        <Alert severity="error" variant="filled" role="status" aria-live="polite" sx={{ mb: 1.5 }}>
          <AlertTitle sx={{ fontWeight: 700 }}>{t('chart.haltedTitle')}</AlertTitle>
          {halt.title !== t('chart.haltedTitle') && (
            <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
              {halt.title}
            </Typography>
          )}
          <Typography component="p" variant="body2">
            {halt.description}
          </Typography>
        </Alert>
      )}
      <Stack direction="row" flexWrap="wrap" alignItems="center" useFlexGap spacing={1} sx={{ mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={servedResolution ?? request.resolution}
          onChange={(_, value: Resolution | null) => value && setView((v) => ({ ...v, resolution: value }))}
          aria-label={t('chart.resolutionsLabel')}
        >
          {CLASS_RESOLUTIONS[assetClass].map((r) => (
            <ToggleButton
              key={r}
              value={r}
              aria-label={withVisibleText(t(`chart.resolutions.${r}`), t(`chart.resolutionNames.${r}`))}
              sx={TOGGLE_SX}
            >
              {t(`chart.resolutions.${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.range}
          onChange={(_, value: ChartRange | null) => setView({ resolution: null, range: value })}
          aria-label={t('chart.rangesLabel')}
        >
          {CHART_RANGES.map((r) => (
            <ToggleButton
              key={r}
              value={r}
              aria-label={withVisibleText(t(`chart.ranges.${r}`), t(`chart.rangeNames.${r}`))}
              sx={TOGGLE_SX}
            >
              {t(`chart.ranges.${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <IndicatorMenu active={indicators} onChange={setIndicators} />
        <Box sx={{ flex: 1 }} />
        {/* The figures arrive after the chart: on phones they get a line of their own, kept from the
            start, so their arrival never pushes the canvas down (CLS). */}
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          sx={{ flexBasis: { xs: '100%', sm: 'auto' }, minHeight: { xs: 24, sm: 0 }, minWidth: 0, overflow: 'hidden' }}
        >
          {change !== undefined && (
            <Chip
              size="small"
              variant="outlined"
              color={direction(change) === 'up' ? 'success' : direction(change) === 'down' ? 'error' : 'default'}
              label={`${t('chart.priceChange', { range: t(`chart.rangeNames.${changeRange}`) })}: ${formatChangePct(change, locale)}`}
            />
          )}
          {sessionLabel && <Chip size="small" label={t('chart.session', { phase: sessionLabel })} />}
        </Stack>
      </Stack>
      <Box sx={{ position: 'relative' }}>
        {candles.isFetching && (
          <LinearProgress aria-label={t('chart.loading')} sx={{ position: 'absolute', inset: '0 0 auto', zIndex: 2 }} />
        )}
        <Box
          ref={container}
          role="img"
          aria-label={t('chart.canvasLabel', { symbol })}
          sx={{
            height: { xs: Math.min(320, height), md: height },
            width: '100%',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'background.paper',
          }}
        />
        {candles.isError && !candles.data && (
          <Alert severity="error" sx={{ position: 'absolute', inset: 'auto 8px 8px', zIndex: 2 }}>
            {t('chart.loadFailed')}
          </Alert>
        )}
        {texts && texts.length === 0 && (
          <Typography
            color="text.secondary"
            sx={{ position: 'absolute', top: '45%', width: '100%', textAlign: 'center', zIndex: 2 }}
          >
            {t('chart.empty')}
          </Typography>
        )}
      </Box>
      {banner && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          <AlertTitle>{banner.title}</AlertTitle>
          {banner.message}
        </Alert>
      )}
    </Box>
  );
}
