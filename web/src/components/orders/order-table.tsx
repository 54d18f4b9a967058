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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_PAGE_SIZE } from '@/config/constants';
import { formatDateTime } from '@/lib/format';
import type { OrderListKind, OrderSide } from '@/lib/orders/types';
import { useAppStore } from '@/lib/store';

export type OrderStatusColor = 'info' | 'success' | 'default' | 'error';

/** One order as the table shows it; each asset class maps its own order view to this. */
export interface OrderTableRow<T> {
  /** The class's order, handed back to the amend and cancel actions. */
  order: T;
  id: string;
  createdAtMs: number;
  /** The pair or ticker, with whatever the class adds (leverage). */
  instrument: ReactNode;
  side: OrderSide;
  /** The order type in words (with an OCO leg or a trail). */
  type: string;
  price: string;
  quantity: string;
  filled: string;
  status: { label: string; color: OrderStatusColor };
  /** The class's own column (the exchange's state of a US order), when it has one. */
  detail?: ReactNode;
  /** The accessible names of the row's actions; absent where the order cannot be amended or cancelled. */
  amendLabel?: string | null;
  cancelLabel?: string | null;
}

export interface OrderTableProps<T> {
  /** Names the table ("Open orders"). */
  label: string;
  /** The heading of the instrument column (Pair, Stock). */
  instrumentHeader: string;
  /** The heading of the class's own column; no such column without it. */
  detailHeader?: string;
  rows: OrderTableRow<T>[];
  /** Open orders carry amend and cancel; closed ones are the history. */
  kind: OrderListKind;
  loading: boolean;
  onAmend: (order: T) => void;
  onCancel: (order: T) => void;
  /** While a cancel runs, the other cancel buttons wait. */
  cancelling: boolean;
  page: number;
  /** Orders in the whole list, 30 a page (R7.05). */
  total: number;
  onPage: (page: number) => void;
  /** The class's words for the sides (futures: Long and Short); Buy and Sell otherwise. */
  sideLabels?: Record<OrderSide, string>;
}

/** The open or closed orders of any asset class, a page at a time, scrolling inside its box on phones. */
export function OrderTable<T>({
  label,
  instrumentHeader,
  detailHeader,
  rows,
  kind,
  loading,
  onAmend,
  onCancel,
  cancelling,
  page,
  total,
  onPage,
  sideLabels,
}: OrderTableProps<T>) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const withActions = kind === 'open';
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const columns = 7 + (detailHeader ? 1 : 0) + (withActions ? 1 : 0);
  return (
    <>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t('orderPanel.col.time')}</TableCell>
              <TableCell>{instrumentHeader}</TableCell>
              <TableCell>{t('orderPanel.col.type')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.price')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.quantity')}</TableCell>
              <TableCell align="right">{t('orderPanel.col.filled')}</TableCell>
              <TableCell>{t('orderPanel.col.status')}</TableCell>
              {detailHeader && <TableCell>{detailHeader}</TableCell>}
              {withActions && <TableCell align="right">{t('orderPanel.col.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-order-id={row.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAtMs, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.instrument}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: row.side === 'BUY' ? 'success.main' : 'error.main', fontWeight: 600 }}
                  >
                    {sideLabels?.[row.side] ?? t(`orderPanel.side.${row.side}`)}
                  </Typography>{' '}
                  {row.type}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.price}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.quantity}
                </TableCell>
                <TableCell align="right">{row.filled}</TableCell>
                <TableCell>
                  <Chip size="small" color={row.status.color} label={row.status.label} />
                </TableCell>
                {detailHeader && <TableCell sx={{ minWidth: 140 }}>{row.detail}</TableCell>}
                {withActions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.amendLabel && (
                      <Button size="small" onClick={() => onAmend(row.order)} aria-label={row.amendLabel}>
                        {t('orderPanel.amend')}
                      </Button>
                    )}
                    {row.cancelLabel && (
                      <Button
                        size="small"
                        color="error"
                        disabled={cancelling}
                        aria-label={row.cancelLabel}
                        onClick={() => onCancel(row.order)}
                      >
                        {t('orderPanel.cancel')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {loading ? t('app.loading') : t(withActions ? 'orderPanel.noOpen' : 'orderPanel.noClosed')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Stack alignItems="center" sx={{ py: 1 }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_, value) => onPage(value)}
            size="small"
            aria-label={t('orderPanel.pages.label')}
            getItemAriaLabel={(type, item, selected) =>
              type === 'next'
                ? t('orderPanel.pages.next')
                : type === 'previous'
                  ? t('orderPanel.pages.previous')
                  : t(selected ? 'orderPanel.pages.current' : 'orderPanel.pages.goTo', { page: item ?? 0 })
            }
          />
        </Stack>
      )}
    </>
  );
}
