import type { KLineData, Period } from 'klinecharts';

/** Resolutions in the server's notation: minutes as numbers, then day, week, month. */
export type Resolution = '1' | '5' | '10' | '15' | '60' | '120' | '240' | '1D' | '1W' | '1M';
/** R4.12 chart ranges. */
export const CHART_RANGES = ['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The asset classes the chart knows (the server's `assetClass`). */
export type ChartAssetClass = 'CRYPTO' | 'PERP' | 'US_STOCK' | 'US_INDEX' | 'IDSS' | 'GOLD' | 'MUTUAL_FUND' | 'FX';

/**
 * R9.07: the resolutions each class offers. Gold and FX trade like crypto on the chart (continuous
 * quotes); indices like US stocks; mutual funds have one NAV a day. Mirrors the server's list, which
 * refuses any other resolution.
 */
export const CLASS_RESOLUTIONS: Record<ChartAssetClass, readonly Resolution[]> = {
  CRYPTO: ['1', '5', '15', '60', '120', '240', '1D', '1W', '1M'],
  PERP: ['1', '5', '15', '60', '240', '1D'],
  US_STOCK: ['5', '10', '15', '60', '1D', '1W'],
  US_INDEX: ['5', '10', '15', '60', '1D', '1W'],
  IDSS: ['5', '60', '1D', '1W'],
  GOLD: ['1', '5', '15', '60', '120', '240', '1D', '1W', '1M'],
  FX: ['1', '5', '15', '60', '120', '240', '1D', '1W', '1M'],
  MUTUAL_FUND: ['1D', '1W', '1M'],
};

/** The resolution a chart opens with: hourly where offered, else the first the class has. */
export function defaultResolution(assetClass: ChartAssetClass): Resolution {
  const offered = CLASS_RESOLUTIONS[assetClass];
  return offered.includes('60') ? '60' : (offered[0] ?? '1D');
}

/** The chart library's period of a resolution. */
export function toPeriod(resolution: Resolution): Period {
  switch (resolution) {
    case '1D':
      return { type: 'day', span: 1 };
    case '1W':
      return { type: 'week', span: 1 };
    case '1M':
      return { type: 'month', span: 1 };
    default: {
      const minutes = Number(resolution);
      return minutes % 60 === 0 ? { type: 'hour', span: minutes / 60 } : { type: 'minute', span: minutes };
    }
  }
}

export function isResolution(value: string, assetClass: ChartAssetClass): value is Resolution {
  return (CLASS_RESOLUTIONS[assetClass] as readonly string[]).includes(value);
}

/** A candle as the server sends it (prices and volume as decimal text, time in Unix ms). */
export interface CandleText {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** A server candle for the chart (drawing only: the chart library works in floating point). */
export function toKLine(candle: CandleText): KLineData {
  return {
    timestamp: candle.time,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
    volume: Number(candle.volume),
  };
}

/** Decimals to draw prices with: the most any candle's close was sent with, at most 8. */
export function pricePrecisionOf(candles: readonly CandleText[]): number {
  let decimals = 0;
  for (const candle of candles.slice(-50)) {
    const dot = candle.close.indexOf('.');
    if (dot >= 0) decimals = Math.max(decimals, candle.close.length - dot - 1);
  }
  return Math.min(decimals, 8);
}
