import { direction, formatChangePct, formatPrice, localizeDecimalText } from '@/lib/format';
import { describe, expect, it } from 'vitest';
import type { OtherInfo, UsStockInfo } from '../api/types';
import { assetPagePath, parseMarketTab, quoteCurrency, resolveTradeTicker, rowPath } from './asset-classes';

const flags = {
  enableBuy: true,
  enableSell: true,
  enableBuyForProMode: true,
  enableSellForProMode: true,
  tradingHalted: false,
};

describe('trade ticker', () => {
  it('R2.02 defaults to USDT-IDR for buy and BTCUSDT-PERP for perps', () => {
    expect(resolveTradeTicker(undefined, new URLSearchParams())).toBe('USDT-IDR');
    expect(resolveTradeTicker(undefined, new URLSearchParams('product=perps'))).toBe('BTCUSDT-PERP');
  });

  it('R2.02 takes the path pair first, then ?ticker=, and ignores text that is not a symbol', () => {
    expect(resolveTradeTicker('btc-idr', new URLSearchParams('ticker=ETH-IDR'))).toBe('BTC-IDR');
    expect(resolveTradeTicker(undefined, new URLSearchParams('ticker=ETHUSDT-PERP'))).toBe('ETHUSDT-PERP');
    expect(resolveTradeTicker(undefined, new URLSearchParams('ticker=<script>'))).toBe('USDT-IDR');
    expect(resolveTradeTicker(undefined, new URLSearchParams('ticker=BBCA-IDSS'))).toBe('BBCA-IDSS');
  });
});

describe('asset classes', () => {
  it('R9.09 quotes crypto and IDSS in IDR, perps in USDT, US stocks in USD, indices in points', () => {
    expect(quoteCurrency('CRYPTO')).toBe('IDR');
    expect(quoteCurrency('IDSS')).toBe('IDR');
    expect(quoteCurrency('PERP')).toBe('USDT');
    expect(quoteCurrency('US_STOCK')).toBe('USD');
    expect(quoteCurrency('US_INDEX')).toBeNull();
  });

  it('links US stocks to trade and indices to their asset page', () => {
    const aapl: UsStockInfo = {
      ...flags,
      assetClass: 'US_STOCK',
      id: 1,
      cc: 'AAPL',
      na: 'Apple',
      ai: '',
      ipme: true,
      ioa: true,
    };
    const spx: OtherInfo = { ...flags, assetClass: 'US_INDEX', id: 1, symbol: 'SPX', name: 'S&P 500' };
    expect(rowPath(aapl)).toBe('/trade/AAPL');
    expect(assetPagePath(aapl)).toBe('/asset/usstock/AAPL/1');
    expect(rowPath(spx)).toBe('/asset/usindex/SPX/1');
  });

  it('reads the tab from the URL, crypto by default', () => {
    expect(parseMarketTab('us_stock')).toBe('US_STOCK');
    expect(parseMarketTab('FX')).toBe('CRYPTO');
    expect(parseMarketTab(null)).toBe('CRYPTO');
  });
});

describe('row formatting', () => {
  it('R9.09 R9.10 formats prices with the prefix and the locale separators, keeping the sent decimals', () => {
    expect(formatPrice('1514937166', 'IDR', 'id')).toBe('Rp1.514.937.166');
    expect(formatPrice('1514937166', 'IDR', 'en')).toBe('Rp1,514,937,166');
    expect(formatPrice('0.12890', 'IDR', 'id')).toBe('Rp0,12890');
    expect(formatPrice('263.08', 'USD', 'en')).toBe('$263.08');
    expect(formatPrice('67012.5', 'USDT', 'id')).toBe('₮67.012,5');
    expect(formatPrice('6548.28', null, 'id')).toBe('6.548,28');
    // The chart's numbers take the same separators; text that is already formatted is left alone.
    expect(localizeDecimalText('91071.6', 'id')).toBe('91.071,6');
    expect(localizeDecimalText('91071.6', 'en')).toBe('91,071.6');
    expect(localizeDecimalText('1,5 jt', 'id')).toBe('1,5 jt');
  });

  it('R9.05 shows the change with 2 decimals and a sign', () => {
    expect(formatChangePct('3.34', 'id')).toBe('+3,34%');
    expect(formatChangePct('-1.78', 'en')).toBe('-1.78%');
    expect(formatChangePct('0.00', 'en')).toBe('0.00%');
    expect(direction('-0.01')).toBe('down');
    expect(direction('0.00')).toBe('flat');
  });
});
