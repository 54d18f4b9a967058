import { describe, expect, it } from 'vitest';
import {
  CHART_RANGES,
  CLASS_RESOLUTIONS,
  defaultResolution,
  isResolution,
  pricePrecisionOf,
  toKLine,
  toPeriod,
} from './resolutions';

describe('chart resolutions and ranges', () => {
  it('R9.07 offers each class its resolutions', () => {
    expect(CLASS_RESOLUTIONS.CRYPTO).toEqual(['1', '5', '15', '60', '120', '240', '1D', '1W', '1M']);
    expect(CLASS_RESOLUTIONS.PERP).toEqual(['1', '5', '15', '60', '240', '1D']);
    expect(CLASS_RESOLUTIONS.US_STOCK).toEqual(['5', '10', '15', '60', '1D', '1W']);
    expect(CLASS_RESOLUTIONS.IDSS).toEqual(['5', '60', '1D', '1W']);
    expect(isResolution('1', 'US_STOCK')).toBe(false);
    expect(isResolution('10', 'US_STOCK')).toBe(true);
  });

  it('R4.12 has the ranges 1D, 1W, 1M, 3M, YTD, 1Y and ALL', () => {
    expect(CHART_RANGES).toEqual(['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL']);
  });

  it('opens hourly where offered', () => {
    expect(defaultResolution('CRYPTO')).toBe('60');
    expect(defaultResolution('MUTUAL_FUND')).toBe('1D');
  });

  it('maps resolutions to chart periods', () => {
    expect(toPeriod('5')).toEqual({ type: 'minute', span: 5 });
    expect(toPeriod('240')).toEqual({ type: 'hour', span: 4 });
    expect(toPeriod('1W')).toEqual({ type: 'week', span: 1 });
  });

  it('turns server candles into chart data and reads the price decimals', () => {
    const candle = {
      time: 1_700_000_000_000,
      open: '0.12890',
      high: '0.13',
      low: '0.1',
      close: '0.12891',
      volume: '12.5',
    };
    expect(toKLine(candle)).toEqual({
      timestamp: 1_700_000_000_000,
      open: 0.1289,
      high: 0.13,
      low: 0.1,
      close: 0.12891,
      volume: 12.5,
    });
    expect(pricePrecisionOf([candle])).toBe(5);
    expect(pricePrecisionOf([{ ...candle, close: '1514937166' }])).toBe(0);
  });
});
