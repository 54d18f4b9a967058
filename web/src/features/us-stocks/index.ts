export { useDescription } from './api/get-description';
export { UsOrderPanel } from './components/us-order-panel';
export { UsOrderList } from './components/us-order-list';
export { StockFacts } from './components/stock-facts';
export { SessionLine } from './components/session-line';
export { UsStockPositions, UsStocksPortfolio } from './components/us-stock-positions';
export { UsAssetFacts } from './components/us-asset-facts';
export { useUsLiveUpdates } from './hooks/use-us-live';
