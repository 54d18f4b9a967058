import { compareText } from '@/lib/decimal';
import type { AmendBody, UsOrderView } from '../api/types';

/** The fields that differ from the order; null when nothing changed. */
export function amendBody(
  order: UsOrderView,
  values: { quantity: string; unitPrice: string; stopPrice: string },
): AmendBody | null {
  const body: AmendBody = { stockId: order.stockId };
  const changed = (next: string, current: string | null | undefined) =>
    next.trim() !== '' && (current == null || compareText(next.trim(), current) !== 0);
  if (changed(values.quantity, order.quantity)) body.quantity = values.quantity.trim();
  if (order.unitPrice != null && changed(values.unitPrice, order.unitPrice)) body.unitPrice = values.unitPrice.trim();
  if (order.stopPrice != null && changed(values.stopPrice, order.stopPrice)) body.stopPrice = values.stopPrice.trim();
  return Object.keys(body).length > 1 ? body : null;
}
