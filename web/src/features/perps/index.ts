export { MarginScreen } from './components/margin-screen';
export { PerpHeaderFacts, PerpContractFacts } from './components/perp-facts';
export { PerpOrderPanel } from './components/perp-order-panel';
export { PerpOrderList } from './components/perp-order-list';
export { PerpPositions } from './components/perp-positions';
export { PerpMarkWatcher } from './components/perp-mark-watcher';
export { PerpsPortfolio } from './components/perps-portfolio';
export { usePerpsLiveUpdates } from './hooks/use-perps-live';
