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
import { formatDateTime, formatMoney, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders, type OrderListKind } from '../api/get-orders';
import type { OrderView } from '../api/types';
import { useUserLiveUpdates } from '../hooks/use-user-live';
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
  const [page, setPage] = useState(1);
  // Open orders change as the market fills them: the live channel says when; polling only without it.
  const live = useUserLiveUpdates();
  const orders = useOrders(kind, page, kind === 'open' && !live ? OPEN_REFRESH_MS : false);
  const cancel = useCancelOrder(t('errors.generic'));
  const [amending, setAmending] = useState<OrderView | null>(null);
  const rows = orders.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / ORDER_PAGE_SIZE));
  const money = (value: string | null | undefined) => (value ? formatMoney(value, 'IDR', 'amount', locale) : '–');
  const asset = (order: OrderView) => order.symbol.split('-')[0] ?? order.symbol;

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t(kind === 'open' ? 'orderPanel.openOrders' : 'orderPanel.closedOrders')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('orderPanel.col.time')}</TableCell>
              <TableCell>{t('orderPanel.col.pair')}</TableCell>
              <TableCell>{t('orderPanel.col.type')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.price')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.quantity')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.filled')}</TableCell>
              <TableCell>{t('orderPanel.col.status')}</TableCell>
              {kind === 'open' && <TableCell align="right">{t('orderPanel.col.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((order) => (
              <TableRow key={order.orderId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAtMs, locale)}</TableCell>
                <TableCell>{order.symbol}</TableCell>
                <TableCell>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: order.side === 'BUY' ? 'success.main' : 'error.main', fontWeight: 600 }}
                  >
                    {t(`orderPanel.side.${order.side === 'BUY' ? 'BUY' : 'SELL'}`)}
                  </Typography>{' '}
                  {order.ocoLeg ? `OCO · ${order.ocoLeg}` : t(`orderPanel.kind.${order.orderType}`, order.orderType)}
                </TableCell>
                <TableCell align="right">{money(order.averagePrice ?? order.limitPrice ?? order.stopPrice)}</TableCell>
                <TableCell align="right">
                  {order.quantity ? formatQuantity(order.quantity, locale) : money(order.amount)}
                </TableCell>
                <TableCell align="right">{formatQuantity(order.filledQuantity, locale)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={order.statusWord}
                    color={order.isOpen ? 'info' : order.status === 'FILLED' ? 'success' : 'default'}
                  />
                </TableCell>
                {kind === 'open' && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {(order.limitPrice != null || order.stopPrice != null) && (
                      <Button
                        size="small"
                        onClick={() => setAmending(order)}
                        aria-label={t('orderPanel.amendOrder', { id: order.orderId })}
                      >
                        {t('orderPanel.amend')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={cancel.isPending}
                      aria-label={t('orderPanel.cancelOrder', { id: order.orderId })}
                      onClick={() =>
                        cancel.mutate(order.orderId, { onSuccess: () => toast.success(t('orderPanel.cancelled')) })
                      }
                    >
                      {t('orderPanel.cancel')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={kind === 'open' ? 8 : 7}>
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
      {amending && (
        <AmendDialog
          order={amending}
          baseAsset={asset(amending)}
          quantityPrecision={quantityPrecision}
          amountPrecision={amountPrecision}
          onClose={() => setAmending(null)}
        />
      )}
    </>
  );
}
