export { OrderBook, type OrderBookProps } from './components/order-book';
export type { BookKind } from './api/get-order-book';
