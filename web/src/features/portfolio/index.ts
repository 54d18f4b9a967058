export { PortfolioScreen } from './components/portfolio-screen';
export { HoldingsSummary, PortfolioValue } from './components/portfolio-overview';
export { HoldingPosition } from './components/holding-position';
