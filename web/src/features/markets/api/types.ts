import type { components } from '@/api/schema';

/**
 * Market types. Tickers, movers and venue status come from the generated schema; the symbol-info
 * shapes (R3.13) are written out here because the server's document types the class-specific half of
 * `SymbolInfo` as a free-form object.
 */
type Schemas = components['schemas'];

export type Ticker = Schemas['TickerView'];
export type Movers = Schemas['MoversView'];
export type VenueStatus = Schemas['VenueStatus'];
/** R3.14 market times of one venue day, with every session in `sessions`. */
export type MarketTimes = Schemas['MarketTimesView'];
/** R3.05 trading flags, plus `tradingHalted`. */
export type AssetFlags = Schemas['AssetFlags'];

export type AssetClass = 'CRYPTO' | 'PERP' | 'US_STOCK' | 'US_INDEX' | 'IDSS' | 'GOLD' | 'MUTUAL_FUND' | 'FX';

interface InfoBase extends AssetFlags {
  id: number;
}

/** R3.13 crypto. */
export interface CryptoInfo extends InfoBase {
  assetClass: 'CRYPTO';
  symbol: string;
  shortName: string;
  name: string;
  icon: string;
  enableProMode: boolean;
  liquiditySource: string;
  exchangeSymbols: Record<string, string>;
  pricePrecision: number;
  quantityPrecision?: number;
}

/** R3.13 US stock: cc ticker, na name, ai logo, ipme post-market, ioa options. */
export interface UsStockInfo extends InfoBase {
  assetClass: 'US_STOCK';
  cc: string;
  na: string;
  ai: string;
  ipme: boolean;
  ioa: boolean;
  kind?: string;
  leverage2x?: boolean;
  leverage4x?: boolean;
  intradayLeverage?: boolean;
}

/** R3.13 perpetual: fps pair, n name, i icon, pp price precision. */
export interface PerpInfo extends InfoBase {
  assetClass: 'PERP';
  symbol: string;
  fps: string;
  n: string;
  i: string;
  pp: number;
  maxLeverage?: number;
  quantityPrecision?: number;
}

/** R3.13 IDSS. */
export interface IdssInfo extends InfoBase {
  assetClass: 'IDSS';
  symbol: string;
  code: string;
  name: string;
  icon: string;
  lotSize?: number;
}

/** US indices, gold, mutual funds and FX rates. */
export interface OtherInfo extends InfoBase {
  assetClass: 'US_INDEX' | 'GOLD' | 'MUTUAL_FUND' | 'FX';
  symbol: string;
  name: string;
  kind?: string;
  manager?: string;
}

export type SymbolInfo = CryptoInfo | UsStockInfo | PerpInfo | IdssInfo | OtherInfo;

/** A page of `markets/symbols`. */
export interface SymbolPage {
  data: SymbolInfo[];
  page: number;
  size: number;
  total: number;
}
