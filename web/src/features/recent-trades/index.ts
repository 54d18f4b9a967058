export { RecentTrades, type RecentTradesProps } from './components/recent-trades';
