import { useTheme } from '@mui/material/styles';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceChart, type ChartLine, type PriceChartProps } from '@/features/chart';
import { lazyNamed } from '@/lib/lazy-named';

const PerpMarkWatcher = lazyNamed(() => import('@/features/perps'), 'PerpMarkWatcher');

/**
 * The futures chart (issue 13): the candles are the last trades; the mark price, which profit and
 * liquidation use, is drawn across them as a dashed line that follows it.
 */
export function PerpChart(props: Omit<PriceChartProps, 'lines'>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [mark, setMark] = useState<string | null>(null);
  const lines = useMemo<ChartLine[]>(
    () => [{ id: 'mark', label: t('perps.facts.mark'), price: mark, color: theme.palette.warning.main }],
    [mark, t, theme.palette.warning.main],
  );
  return (
    <>
      <Suspense fallback={null}>
        <PerpMarkWatcher symbol={props.symbol} onMark={setMark} />
      </Suspense>
      <PriceChart {...props} lines={lines} />
    </>
  );
}
