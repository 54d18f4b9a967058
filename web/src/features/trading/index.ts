export { OrderPanel } from './components/order-panel';
export { OrderList } from './components/order-list';
export { RecentOrders } from './components/recent-orders';
export { useUserLiveUpdates } from './hooks/use-user-live';
