import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OrderTable, type OrderTableRow } from '@/components/orders/order-table';
import { formatPrice, formatQuantity } from '@/lib/format';
import type { OrderListKind } from '@/lib/orders/types';
import { useOrderPage } from '@/lib/orders/use-order-page';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { useCancelPerpOrder } from '../api/cancel-order';
import { usePerpOrders } from '../api/get-orders';
import type { PerpOrder } from '../api/types';
import { usePerpsLiveUpdates } from '../hooks/use-perps-live';
import { PERP_ORDER_TYPES } from '../lib/order-form';
import { cancellable, knownOrigin, knownStatus, STATUS_COLOR } from '../lib/orders';

/** Without the live channel, open orders are read again this often. */
const OPEN_REFRESH_MS = 3_000;

/**
 * The open or closed perpetual orders, 30 a page (R7.05), live over the user's `orders` channel: the
 * side as long or short, the leverage and reduce-only, who placed it (the user, a close, TP/SL or a
 * liquidation); the user's open ones with cancel.
 */
export function PerpOrderList({ kind }: { kind: OrderListKind }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const live = usePerpsLiveUpdates();
  const { page, setPage, refetchInterval } = useOrderPage(kind, live, OPEN_REFRESH_MS);
  const orders = usePerpOrders(kind, page, refetchInterval);
  const cancel = useCancelPerpOrder(t('errors.generic'));

  const typeOf = (order: PerpOrder) => {
    const known = PERP_ORDER_TYPES.find((type) => type === order.orderType);
    const name = known ? t(`perps.kind.${known}`) : order.orderType;
    return order.reduceOnly ? `${name} · ${t('perps.reduceOnly')}` : name;
  };
  const rows = (orders.data?.data ?? []).map((order): OrderTableRow<PerpOrder> => {
    const status = knownStatus(order.status);
    const price = order.averagePrice ?? order.price ?? order.stopPrice;
    const origin = knownOrigin(order.origin);
    return {
      order,
      id: order.id,
      createdAtMs: order.createdAt,
      instrument: (
        <>
          {order.symbol}
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            {order.leverage}x
          </Typography>
        </>
      ),
      side: order.side === 'SELL' ? 'SELL' : 'BUY',
      type: typeOf(order),
      price: price ? formatPrice(price, 'USDT', locale) : t('perps.kind.MARKET'),
      quantity: formatQuantity(order.quantity, locale),
      filled: formatQuantity(order.filledQuantity, locale),
      status: { label: t(`perps.status.${status}`), color: STATUS_COLOR[status] },
      detail: (
        <>
          <Typography variant="body2">{t(`perps.origin.${origin}`)}</Typography>
          {order.reason && !cancellable(order) && (
            <Typography variant="caption" color="text.secondary" component="p">
              {order.reason}
            </Typography>
          )}
        </>
      ),
      amendLabel: null,
      cancelLabel: cancellable(order) ? t('perps.list.cancelOrder', { symbol: order.symbol, id: order.id }) : null,
    };
  });

  return (
    <OrderTable
      label={t(kind === 'open' ? 'perps.list.open' : 'perps.list.closed')}
      instrumentHeader={t('perps.list.contract')}
      detailHeader={t('perps.list.origin')}
      rows={rows}
      kind={kind}
      loading={orders.isLoading}
      onAmend={() => undefined}
      onCancel={(order) => cancel.mutate(order.id, { onSuccess: () => toast.success(t('orderPanel.cancelled')) })}
      cancelling={cancel.isPending}
      page={page}
      total={orders.data?.total ?? 0}
      onPage={setPage}
      sideLabels={{ BUY: t('perps.side.BUY'), SELL: t('perps.side.SELL') }}
    />
  );
}
