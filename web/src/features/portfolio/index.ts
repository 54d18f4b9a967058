export { PortfolioScreen } from './components/portfolio-screen';
