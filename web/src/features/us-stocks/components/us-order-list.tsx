import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderTable, type OrderTableRow } from '@/components/orders/order-table';
import { formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import { formatTrail } from '@/lib/orders/trail';
import type { OrderListKind } from '@/lib/orders/types';
import { useOrderPage } from '@/lib/orders/use-order-page';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { useCancelUsOrder } from '../api/cancel-order';
import { useUsOrders } from '../api/get-orders';
import type { UsOrderView } from '../api/types';
import { useUsLiveUpdates } from '../hooks/use-us-live';
import { amendOutcome, canAmend, EXCHANGE_STATES, STATUS_COLOR, statusWordOf } from '../lib/display';
import { ORDER_TYPES } from '../lib/order-form';
import { UsAmendDialog } from './us-amend-dialog';

/** Without the live channel, open orders are read again this often. */
const OPEN_REFRESH_MS = 3_000;

/**
 * The open or the closed US-stock orders, 30 a page (R7.05), live over the user's `orders` channel:
 * the US word (R4.02), the exchange state (R4.03) and the newest amend request (R4.04); open ones
 * with amend and cancel (R7.13).
 */
export function UsOrderList({ kind }: { kind: OrderListKind }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const live = useUsLiveUpdates();
  const { page, setPage, refetchInterval } = useOrderPage(kind, live, OPEN_REFRESH_MS);
  const orders = useUsOrders(kind, page, refetchInterval);
  const cancel = useCancelUsOrder(t('errors.generic'));
  const [amending, setAmending] = useState<UsOrderView | null>(null);

  const typeOf = (order: UsOrderView): string => {
    const sub = order.orderSubType;
    if (sub === 'TAKE_PROFIT' || sub === 'STOP_LOSS') return `OCO · ${t(`usStocks.ocoLeg.${sub}`)}`;
    const known = ORDER_TYPES.find((type) => type === order.orderType || type === sub);
    const name = known ? t(`usStocks.kind.${known}`) : order.orderType;
    const trail = known === 'TRAILING_STOP' ? formatTrail(order, 'USD', locale) : null;
    return trail ? `${name} · ${trail}` : name;
  };
  const exchangeState = (state: string) =>
    (EXCHANGE_STATES as readonly string[]).includes(state)
      ? t(`usStocks.exchange.${state as (typeof EXCHANGE_STATES)[number]}`)
      : state;
  const rows = (orders.data?.data ?? []).map((order): OrderTableRow<UsOrderView> => {
    const word = statusWordOf(order);
    const price = order.averagePrice ?? order.unitPrice ?? order.stopPrice;
    return {
      order,
      id: order.orderId,
      createdAtMs: order.createdAtMs,
      instrument: (
        <>
          {order.stockId}
          {order.leverage > 1 && (
            <Typography component="span" variant="caption" color="text.secondary">
              {' '}
              {t(`usStocks.leverage.${order.leverage === 4 ? 4 : 2}`)}
            </Typography>
          )}
        </>
      ),
      side: order.side === 'BUY' ? 'BUY' : 'SELL',
      type: typeOf(order),
      price: price ? formatPrice(price, 'USD', locale) : t('usStocks.kind.MARKET'),
      quantity: order.quantity
        ? formatQuantity(order.quantity, locale)
        : order.amount
          ? formatMoney(order.amount, 'USD', 'amount', locale)
          : '–',
      filled: formatQuantity(order.filledQuantity, locale),
      status: { label: t(`usStocks.statusWord.${word}`), color: STATUS_COLOR[word] },
      detail: <ExchangeDetail order={order} state={exchangeState(order.exchangeState)} />,
      amendLabel: canAmend(order) ? t('usStocks.list.amendOrder', { stockId: order.stockId, id: order.orderId }) : null,
      // Orders the server placed (intraday close, liquidation) are not the user's to cancel.
      cancelLabel: order.system ? null : t('usStocks.list.cancelOrder', { stockId: order.stockId, id: order.orderId }),
    };
  });

  return (
    <>
      <OrderTable
        label={t(kind === 'open' ? 'usStocks.list.open' : 'usStocks.list.closed')}
        instrumentHeader={t('usStocks.list.stock')}
        detailHeader={t('usStocks.list.exchange')}
        rows={rows}
        kind={kind}
        loading={orders.isLoading}
        onAmend={setAmending}
        onCancel={(order) =>
          cancel.mutate(
            { orderId: order.orderId, stockId: order.stockId },
            { onSuccess: () => toast.success(t('orderPanel.cancelled')) },
          )
        }
        cancelling={cancel.isPending}
        page={page}
        total={orders.data?.total ?? 0}
        onPage={setPage}
      />
      {amending && <UsAmendDialog order={amending} onClose={() => setAmending(null)} />}
    </>
  );
}

/** The exchange's state (R4.03), the newest amend request (R4.04) and why a closed order ended. */
function ExchangeDetail({ order, state }: { order: UsOrderView; state: string }) {
  const { t } = useTranslation();
  const request = order.amendRequest;
  return (
    <>
      <Typography variant="body2">{state}</Typography>
      {request && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t(`usStocks.amend.list.${amendOutcome(request)}`)}
          {request.reason ? ` · ${request.reason}` : ''}
        </Typography>
      )}
      {order.reason && !order.isOpen && (
        <Typography variant="caption" color="text.secondary" component="p">
          {order.reason}
        </Typography>
      )}
    </>
  );
}
