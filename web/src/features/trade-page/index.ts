export { TradePage, type TradePageProps } from './components/trade-page';
export type { OrderPanelSlot, TradePanel, TradeSide } from './lib/types';
