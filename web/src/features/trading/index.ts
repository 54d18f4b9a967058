export { OrderPanel } from './components/order-panel';
export { OrderLists } from './components/order-lists';
export { useUserLiveUpdates } from './hooks/use-user-live';
