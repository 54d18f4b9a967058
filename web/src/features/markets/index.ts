export { MarketsScreen } from './components/markets-screen';
export { MarketHeader } from './components/market-header';
export { AssetDetails } from './components/asset-details';
export { PairSwitcher } from './components/pair-switcher';
export { TopMovers } from './components/top-movers';
export { loadTradeInstrument, useTradeInstrument, useAssetInstrument, type Instrument } from './hooks/use-instrument';
export {
  ASSET_PAGE_CLASSES,
  displayName,
  quoteCurrency,
  resolveTradeTicker,
  tradePagePath,
  type AssetPageSegment,
} from './lib/asset-classes';
export { knownPhase } from './lib/phases';
export type { ReportedSession } from './lib/header-session';
export { symbolOfInfo } from './lib/symbol-cache';
export type { AssetClass, SymbolInfo, Ticker } from './api/types';
