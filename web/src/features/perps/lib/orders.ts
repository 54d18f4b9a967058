import type { OrderStatusColor } from '@/components/orders/order-table';
import type { PerpOrder } from '../api/types';

/** R4.01 statuses as the futures lists name them. */
export const PERP_STATUSES = ['PENDING', 'PARTIALLY_FILLED', 'SUCCESS', 'CANCELLED', 'FAILED'] as const;
export type PerpStatus = (typeof PERP_STATUSES)[number];

export function knownStatus(status: string): PerpStatus {
  return (PERP_STATUSES as readonly string[]).includes(status) ? (status as PerpStatus) : 'FAILED';
}

export const STATUS_COLOR: Record<PerpStatus, OrderStatusColor> = {
  PENDING: 'info',
  PARTIALLY_FILLED: 'info',
  SUCCESS: 'success',
  CANCELLED: 'default',
  FAILED: 'error',
};

/** Who placed an order: the user, or the server closing a position (close, TP/SL, liquidation). */
export const ORIGINS = ['USER', 'CLOSE', 'TAKE_PROFIT', 'STOP_LOSS', 'LIQUIDATION'] as const;
export type PerpOrigin = (typeof ORIGINS)[number];

export function knownOrigin(origin: string): PerpOrigin {
  return (ORIGINS as readonly string[]).includes(origin) ? (origin as PerpOrigin) : 'USER';
}

/** Only the user's own open orders are theirs to cancel; the server's closing orders follow the position. */
export function cancellable(order: Pick<PerpOrder, 'origin' | 'status'>): boolean {
  return knownOrigin(order.origin) === 'USER' && (order.status === 'PENDING' || order.status === 'PARTIALLY_FILLED');
}
