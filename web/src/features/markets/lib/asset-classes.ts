import type { CurrencyCode } from '@/lib/format';
import type { AssetClass, SymbolInfo } from '../api/types';
import { symbolOfInfo } from './symbol-cache';

/** The markets page's tabs, in order (SPEC.md §1 asset classes that have prices). */
export const MARKET_TABS = ['CRYPTO', 'PERP', 'US_STOCK', 'US_INDEX', 'IDSS', 'GOLD', 'MUTUAL_FUND'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/** The tab named in a URL (`?class=`), else crypto. */
export function parseMarketTab(value: string | null): MarketTab {
  const upper = (value ?? '').toUpperCase();
  return (MARKET_TABS as readonly string[]).includes(upper) ? (upper as MarketTab) : 'CRYPTO';
}

/** R9.09: the currency prices of a class are quoted in; indices are points (no currency). */
export function quoteCurrency(assetClass: AssetClass): CurrencyCode | null {
  switch (assetClass) {
    case 'PERP':
      return 'USDT';
    case 'US_STOCK':
      return 'USD';
    case 'US_INDEX':
      return null;
    default:
      return 'IDR';
  }
}

/** R2.02: the trade page's default tickers. */
export const DEFAULT_TICKERS = { buy: 'USDT-IDR', perps: 'BTCUSDT-PERP' } as const;

/** Symbols are letters, digits, dots and dashes; anything else in a URL is not a symbol. */
const SYMBOL_PATTERN = /^[A-Za-z0-9.]{1,24}(-[A-Za-z0-9.]{1,12}){0,2}$/;

/**
 * R2.02: which ticker the trade page shows: the path's pair (`/trade/BTC-IDR`), else `?ticker=`,
 * else the default of the product (`?product=perps` → BTCUSDT-PERP, otherwise USDT-IDR for buy).
 */
export function resolveTradeTicker(pair: string | undefined, search: URLSearchParams): string {
  for (const candidate of [pair, search.get('ticker')]) {
    const value = candidate?.trim().toUpperCase();
    if (value && SYMBOL_PATTERN.test(value)) return value;
  }
  return search.get('product')?.toLowerCase() === 'perps' ? DEFAULT_TICKERS.perps : DEFAULT_TICKERS.buy;
}

/** The asset page of an instrument (crypto, US stocks and indices have one; SPEC.md §2). */
export function assetPagePath(info: SymbolInfo): string | null {
  const symbol = encodeURIComponent(symbolOfInfo(info));
  switch (info.assetClass) {
    case 'CRYPTO':
      return `/asset/crypto/${symbol}/${info.id}`;
    case 'US_STOCK':
      return `/asset/usstock/${symbol}/${info.id}`;
    case 'US_INDEX':
      return `/asset/usindex/${symbol}/${info.id}`;
    default:
      return null;
  }
}

export function tradePagePath(symbol: string): string {
  return `/trade/${encodeURIComponent(symbol)}`;
}

/** Where a markets row leads: indices are not traded, so to their asset page; the rest to trade. */
export function rowPath(info: SymbolInfo): string {
  if (info.assetClass === 'US_INDEX') return assetPagePath(info) ?? tradePagePath(info.symbol);
  return tradePagePath(symbolOfInfo(info));
}

/** The asset-page URL segment of a class (`/asset/{segment}/…`). */
export const ASSET_PAGE_CLASSES = { crypto: 'CRYPTO', usstock: 'US_STOCK', usindex: 'US_INDEX' } as const;
export type AssetPageSegment = keyof typeof ASSET_PAGE_CLASSES;

/** The display name of an instrument. */
export function displayName(info: SymbolInfo): string {
  switch (info.assetClass) {
    case 'US_STOCK':
      return info.na;
    case 'PERP':
      return info.n;
    default:
      return info.name;
  }
}
