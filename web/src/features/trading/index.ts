export { OrderPanel } from './components/order-panel';
export { OrderLists } from './components/order-lists';
