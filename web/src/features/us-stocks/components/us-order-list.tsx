import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_PAGE_SIZE } from '@/config/constants';
import { formatDateTime, formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { useCancelUsOrder } from '../api/cancel-order';
import { useUsOrders, type UsOrderListKind } from '../api/get-orders';
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
export function UsOrderList({ kind }: { kind: UsOrderListKind }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [page, setPage] = useState(1);
  const live = useUsLiveUpdates();
  const orders = useUsOrders(kind, page, kind === 'open' && !live ? OPEN_REFRESH_MS : false);
  const cancel = useCancelUsOrder(t('errors.generic'));
  const [amending, setAmending] = useState<UsOrderView | null>(null);
  const rows = orders.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / ORDER_PAGE_SIZE));
  const label = t(kind === 'open' ? 'usStocks.list.open' : 'usStocks.list.closed');
  const price = (order: UsOrderView) => {
    const text = order.averagePrice ?? order.unitPrice ?? order.stopPrice;
    return text ? formatPrice(text, 'USD', locale) : t('usStocks.kind.MARKET');
  };
  const orderTypeLabel = (order: UsOrderView): string => {
    const sub = order.orderSubType;
    if (sub === 'TAKE_PROFIT' || sub === 'STOP_LOSS') return `OCO · ${t(`usStocks.ocoLeg.${sub}`)}`;
    const kind = ORDER_TYPES.find((type) => type === order.orderType);
    return kind ? t(`usStocks.kind.${kind}`) : order.orderType;
  };
  const exchangeState = (state: string) =>
    (EXCHANGE_STATES as readonly string[]).includes(state)
      ? t(`usStocks.exchange.${state as (typeof EXCHANGE_STATES)[number]}`)
      : state;

  return (
    <>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t('orderPanel.col.time')}</TableCell>
              <TableCell>{t('usStocks.list.stock')}</TableCell>
              <TableCell>{t('orderPanel.col.type')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.price')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.quantity')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.filled')}</TableCell>
              <TableCell>{t('orderPanel.col.status')}</TableCell>
              <TableCell>{t('usStocks.list.exchange')}</TableCell>
              {kind === 'open' && <TableCell align="right">{t('orderPanel.col.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((order) => {
              const word = statusWordOf(order);
              const request = order.amendRequest;
              return (
                <TableRow key={order.orderId} data-order-id={order.orderId}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAtMs, locale)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {order.stockId}
                    {order.leverage > 1 && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        {t(`usStocks.leverage.${order.leverage === 4 ? 4 : 2}`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ color: order.side === 'BUY' ? 'success.main' : 'error.main', fontWeight: 600 }}
                    >
                      {t(`orderPanel.side.${order.side === 'BUY' ? 'BUY' : 'SELL'}`)}
                    </Typography>{' '}
                    {orderTypeLabel(order)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {price(order)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {order.quantity
                      ? formatQuantity(order.quantity, locale)
                      : order.amount
                        ? formatMoney(order.amount, 'USD', 'amount', locale)
                        : '–'}
                  </TableCell>
                  <TableCell align="right">{formatQuantity(order.filledQuantity, locale)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[word]} label={t(`usStocks.statusWord.${word}`)} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <Typography variant="body2">{exchangeState(order.exchangeState)}</Typography>
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
                  </TableCell>
                  {kind === 'open' && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {canAmend(order) && (
                        <Button
                          size="small"
                          onClick={() => setAmending(order)}
                          aria-label={t('usStocks.list.amendOrder', { stockId: order.stockId, id: order.orderId })}
                        >
                          {t('orderPanel.amend')}
                        </Button>
                      )}
                      {!order.system && (
                        <Button
                          size="small"
                          color="error"
                          disabled={cancel.isPending}
                          aria-label={t('usStocks.list.cancelOrder', { stockId: order.stockId, id: order.orderId })}
                          onClick={() =>
                            cancel.mutate(
                              { orderId: order.orderId, stockId: order.stockId },
                              { onSuccess: () => toast.success(t('orderPanel.cancelled')) },
                            )
                          }
                        >
                          {t('orderPanel.cancel')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={kind === 'open' ? 9 : 8}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {orders.isLoading
                      ? t('app.loading')
                      : t(kind === 'open' ? 'orderPanel.noOpen' : 'orderPanel.noClosed')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Stack alignItems="center" sx={{ py: 1 }}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} size="small" />
        </Stack>
      )}
      {amending && <UsAmendDialog order={amending} onClose={() => setAmending(null)} />}
    </>
  );
}
