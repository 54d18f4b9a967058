import type { Chart, KLineData, Period } from 'klinecharts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { formatCompact, localizeDecimalText } from '@/lib/format';
import type { Locale, Theme } from '@/types';
import { CANDLE_PANE_ID, isMainIndicator, type IndicatorName } from '../lib/indicators';
import type * as KLineModule from '../lib/kline';
import type { ChartLine } from '../lib/reference-lines';

/** The chart library with the app's registrations, loaded when a chart first shows (../lib/kline.ts). */
type KLine = typeof KLineModule;
let kline: Promise<KLine> | null = null;
function loadKLine(): Promise<KLine> {
  kline ??= import('../lib/kline').catch((error: unknown) => {
    kline = null;
    throw error;
  });
  return kline;
}

/** The chart library's locale names for ours; Indonesian is registered by ../lib/kline.ts (it ships zh-CN and en-US). */
const CHART_LOCALE: Record<Locale, string> = { id: 'id-ID', en: 'en-US' };

/** Below this width the legends would cover the candles: they show only while the crosshair is on. */
const LEGEND_WIDTH_MIN_PX = 640;

function applyTooltipRule(chart: Chart, element: HTMLElement): void {
  const showRule = element.clientWidth < LEGEND_WIDTH_MIN_PX ? 'follow_cross' : 'always';
  chart.setStyles({ candle: { tooltip: { showRule } }, indicator: { tooltip: { showRule } } });
}

/** R9.11: volumes on the chart in the app's compact units (rb/jt/M/T in Indonesian, K/M/B/T in English). */
function bigNumberFormatter(locale: Locale) {
  // The chart library hands over its own (float) axis values: display only.
  return (value: string | number) => formatCompact(value, locale);
}

/**
 * R9.10: every number the chart writes (axis, legend, marks) goes through this; the library only knows
 * a thousands sign and always writes a dot for decimals, which reads wrong in Indonesian.
 */
function separatorFor(locale: Locale) {
  return {
    sign: locale === 'id' ? '.' : ',',
    format: (value: string | number) => localizeDecimalText(String(value), locale),
  };
}

export interface KLineChartOptions {
  theme: Theme;
  locale: Locale;
  ticker: string;
  pricePrecision: number;
  volumePrecision: number;
  period: Period | null;
  /** The candles to show; a new array (by identity) replaces what the chart holds. */
  candles: KLineData[] | null;
  indicators: readonly IndicatorName[];
  /** Older candles before a time (Unix ms) when the user scrolls to the left edge; none when absent. */
  loadOlder?: (beforeMs: number) => Promise<KLineData[]>;
  /** Levels drawn across the candles (the futures mark price). */
  lines?: readonly ChartLine[];
}

const NO_LINES: readonly ChartLine[] = [];

/**
 * Owns one KLineChart instance in `container`: candles with a volume pane, the app's theme and
 * language, the chosen indicators. History comes in through `candles`; the live candle through the
 * returned `pushBar` (same bucket replaces the last candle, a new bucket appends). The library loads
 * after the first render; until then the container stays empty, and once it is there every option is
 * applied (each effect below also runs again when `lib` arrives).
 */
export function useKLineChart(container: RefObject<HTMLDivElement | null>, options: KLineChartOptions) {
  const chartRef = useRef<Chart | null>(null);
  const dataRef = useRef<KLineData[]>([]);
  const barRef = useRef<((bar: KLineData) => void) | null>(null);
  const shownIndicators = useRef(new Map<IndicatorName, string>());
  const loadOlderRef = useRef(options.loadOlder);
  // Each reset starts a new generation; an older page that arrives after a reset is dropped.
  const generation = useRef(0);
  const { theme, locale, ticker, pricePrecision, volumePrecision, period, candles, indicators } = options;
  const lines = options.lines ?? NO_LINES;
  const [lib, setLib] = useState<KLine | null>(null);
  useEffect(() => {
    loadOlderRef.current = options.loadOlder;
  });

  useEffect(() => {
    let live = true;
    // A failed load leaves the box empty; the next chart to mount tries again.
    loadKLine().then(
      (loaded) => live && setLib(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element || !lib) return undefined;
    const chart = lib.init(element, {
      locale: CHART_LOCALE[locale],
      timezone: 'Asia/Jakarta',
      styles: theme,
      thousandsSeparator: separatorFor(locale),
      formatter: { formatBigNumber: bigNumberFormatter(locale) },
    });
    if (!chart) return undefined;
    // The library makes its canvas box focusable with tabindex 1, which puts it before everything
    // else in the tab order; 0 keeps its keyboard scrolling in the page's order.
    element.querySelectorAll<HTMLElement>('[tabindex="1"]').forEach((box) => (box.tabIndex = 0));
    chartRef.current = chart;
    applyTooltipRule(chart, element);
    chart.createIndicator('VOL');
    chart.setDataLoader({
      // History is loaded by the page (TanStack Query); the chart asks for it on every reset, and
      // for older pages ('forward' in the library's words) when scrolled to the left edge.
      getBars: ({ type, timestamp, callback }) => {
        if (type === 'init') {
          generation.current += 1;
          const more = dataRef.current.length > 0 && loadOlderRef.current !== undefined;
          callback(dataRef.current, { forward: more, backward: false });
          return;
        }
        const loadOlder = loadOlderRef.current;
        if (type !== 'forward' || timestamp === null || !loadOlder) {
          callback([], false);
          return;
        }
        const current = generation.current;
        loadOlder(timestamp).then(
          (bars) => current === generation.current && callback(bars, { forward: bars.length > 0, backward: false }),
          () => current === generation.current && callback([], false),
        );
      },
      subscribeBar: ({ callback }) => {
        barRef.current = callback;
      },
      unsubscribeBar: () => {
        barRef.current = null;
      },
    });
    const indicatorsShown = shownIndicators.current;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      barRef.current = null;
      indicatorsShown.clear();
      lib.dispose(element);
      chartRef.current = null;
    };
    // The instance lives as long as the container; the options below are applied by their own effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, lib]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setStyles(theme);
    if (container.current) applyTooltipRule(chart, container.current);
  }, [theme, container, lib]);

  useEffect(() => {
    chartRef.current?.setLocale(CHART_LOCALE[locale]);
    chartRef.current?.setThousandsSeparator(separatorFor(locale));
    chartRef.current?.setFormatter({ formatBigNumber: bigNumberFormatter(locale) });
  }, [locale, lib]);

  useEffect(() => {
    chartRef.current?.setSymbol({ ticker, pricePrecision, volumePrecision });
  }, [ticker, pricePrecision, volumePrecision, lib]);

  useEffect(() => {
    if (period) chartRef.current?.setPeriod(period);
  }, [period, lib]);

  useEffect(() => {
    dataRef.current = candles ?? [];
    chartRef.current?.resetData();
  }, [candles, lib]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const shown = shownIndicators.current;
    for (const [name, id] of shown) {
      if (indicators.includes(name)) continue;
      chart.removeIndicator({ id });
      shown.delete(name);
    }
    for (const name of indicators) {
      if (shown.has(name)) continue;
      const id = isMainIndicator(name)
        ? chart.createIndicator({ name, paneId: CANDLE_PANE_ID }, true)
        : chart.createIndicator(name);
      if (id) shown.set(name, id);
    }
  }, [indicators, lib]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !lib) return;
    lib.drawReferenceLines(chart, lines, candles?.at(-1)?.timestamp ?? null);
  }, [lines, candles, lib]);

  return useCallback((bar: KLineData) => barRef.current?.(bar), []);
}
