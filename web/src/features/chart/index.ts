export { PriceChart, type PriceChartProps } from './components/price-chart';
export type { ChartAssetClass } from './lib/resolutions';
export type { ChartLine } from './lib/reference-lines';
