export { PriceChart, type PriceChartProps } from './components/price-chart';
export type { ChartAssetClass } from './lib/resolutions';
