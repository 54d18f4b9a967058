/** The market calls (docs/markets.md). */
export const marketsApi = {
  symbols: '/v1/markets/symbols',
  symbolInfo: '/v1/markets/symbol-info',
  asset: (assetClass: string, symbol: string, assetId: string) =>
    `/v1/markets/asset/${encodeURIComponent(assetClass)}/${encodeURIComponent(symbol)}/${encodeURIComponent(assetId)}`,
  ticker: '/v1/markets/ticker',
  tickers: '/v1/markets/tickers',
  topMovers: '/v1/markets/top-movers',
  marketStatus: '/v1/markets/market-status',
  marketTimes: '/v1/markets/market-times',
} as const;
