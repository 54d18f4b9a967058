import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderTable, type OrderTableRow } from '@/components/orders/order-table';
import { formatMoney, formatQuantity } from '@/lib/format';
import { formatTrail } from '@/lib/orders/trail';
import type { OrderListKind } from '@/lib/orders/types';
import { useOrderPage } from '@/lib/orders/use-order-page';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import type { OrderView } from '../api/types';
import { useUserLiveUpdates } from '../hooks/use-user-live';
import { isTrailingStop, orderStatusColor } from '../lib/order-view';
import { AmendDialog } from './amend-dialog';

export interface OrderListProps {
  /** Open orders (with cancel and amend) or the closed ones (history). */
  kind: OrderListKind;
  /** Decimals the amend dialog accepts (the server checks each pair's own precision). */
  quantityPrecision?: number;
  amountPrecision?: number;
}

/**
 * Open orders refresh this often while shown and the user's live `orders` channel is down; while it
 * is up, its frames refresh them instead.
 */
const OPEN_REFRESH_MS = 5_000;

/** The open or the closed crypto orders, 30 a page (R7.05); open ones with cancel and amend. */
export function OrderList({ kind, quantityPrecision = 8, amountPrecision = 2 }: OrderListProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const live = useUserLiveUpdates();
  const { page, setPage, refetchInterval } = useOrderPage(kind, live, OPEN_REFRESH_MS);
  const orders = useOrders(kind, page, refetchInterval);
  const cancel = useCancelOrder(t('errors.generic'));
  const [amending, setAmending] = useState<OrderView | null>(null);
  const money = (value: string | null | undefined) => (value ? formatMoney(value, 'IDR', 'amount', locale) : '–');

  const typeOf = (order: OrderView): string => {
    if (order.ocoLeg) return `OCO · ${order.ocoLeg}`;
    // R4.10: a trailing stop is a stop to the server; the list names it and its distance.
    if (isTrailingStop(order)) {
      const trail = formatTrail(order, 'IDR', locale);
      return trail ? `${t('orderPanel.kind.TRAILING_STOP')} · ${trail}` : t('orderPanel.kind.TRAILING_STOP');
    }
    return t(`orderPanel.kind.${order.orderType}`, order.orderType);
  };
  const rows = (orders.data?.data ?? []).map((order): OrderTableRow<OrderView> => ({
    order,
    id: order.orderId,
    createdAtMs: order.createdAtMs,
    instrument: order.symbol,
    side: order.side === 'BUY' ? 'BUY' : 'SELL',
    type: typeOf(order),
    price: money(order.averagePrice ?? order.limitPrice ?? order.stopPrice),
    quantity: order.quantity ? formatQuantity(order.quantity, locale) : money(order.amount),
    filled: formatQuantity(order.filledQuantity, locale),
    status: { label: order.statusWord, color: orderStatusColor(order) },
    // The server moves a trailing stop's trigger itself: only its quantity could change, so no amend.
    amendLabel:
      !isTrailingStop(order) && (order.limitPrice != null || order.stopPrice != null)
        ? t('orderPanel.amendOrder', { id: order.orderId })
        : null,
    cancelLabel: t('orderPanel.cancelOrder', { id: order.orderId }),
  }));

  return (
    <>
      <OrderTable
        label={t(kind === 'open' ? 'orderPanel.openOrders' : 'orderPanel.closedOrders')}
        instrumentHeader={t('orderPanel.col.pair')}
        rows={rows}
        kind={kind}
        loading={orders.isLoading}
        onAmend={setAmending}
        onCancel={(order) =>
          cancel.mutate(order.orderId, { onSuccess: () => toast.success(t('orderPanel.cancelled')) })
        }
        cancelling={cancel.isPending}
        page={page}
        total={orders.data?.total ?? 0}
        onPage={setPage}
      />
      {amending && (
        <AmendDialog
          order={amending}
          baseAsset={amending.symbol.split('-')[0] ?? amending.symbol}
          quantityPrecision={quantityPrecision}
          amountPrecision={amountPrecision}
          onClose={() => setAmending(null)}
        />
      )}
    </>
  );
}
