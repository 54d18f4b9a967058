import type { AmendRequest, OrderView } from '../api/types';
import { positive } from '@/lib/decimal';

/** What changed: only fields the user altered go to the server. */
export function amendChanges(
  order: OrderView,
  edits: { quantity: string; limitPrice: string; stopPrice: string },
): AmendRequest | null {
  const changes: AmendRequest = { orderId: order.orderId };
  const differs = (edited: string, current: string | null | undefined) =>
    positive(edited) && edited !== (current ?? '');
  if (differs(edits.quantity, order.quantity)) changes.quantity = edits.quantity;
  if (order.limitPrice != null && differs(edits.limitPrice, order.limitPrice)) changes.limitPrice = edits.limitPrice;
  if (order.stopPrice != null && differs(edits.stopPrice, order.stopPrice)) changes.stopPrice = edits.stopPrice;
  return Object.keys(changes).length > 1 ? changes : null;
}
