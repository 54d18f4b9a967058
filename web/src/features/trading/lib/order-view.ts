import type { OrderStatusColor } from '@/components/orders/order-table';
import type { OrderView } from '../api/types';

/** R4.10: the server shows a trailing stop as a STOP with the sub-type TRAILING_STOP. */
export function isTrailingStop(order: Pick<OrderView, 'orderType' | 'orderSubType'>): boolean {
  return order.orderSubType === 'TRAILING_STOP' || order.orderType === 'TRAILING_STOP';
}

/** R4.01: open orders in blue, executed ones in green, cancelled and failed ones plain. */
export function orderStatusColor(order: Pick<OrderView, 'isOpen' | 'status'>): OrderStatusColor {
  if (order.isOpen) return 'info';
  return order.status === 'SUCCESS' ? 'success' : 'default';
}
