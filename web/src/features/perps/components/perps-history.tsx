import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatPrice, formatQuantity, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePerpHistory, type HistoryKind } from '../api/get-history';
import type { FundingPayment, PerpFill, PerpLiquidation } from '../api/types';
import { pnlColor, signed } from '../lib/positions';

const KINDS: readonly HistoryKind[] = ['fills', 'funding', 'liquidations'];
type ColumnKey =
  | 'time'
  | 'contract'
  | 'side'
  | 'quantity'
  | 'price'
  | 'fee'
  | 'realised'
  | 'position'
  | 'rate'
  | 'mark'
  | 'amount'
  | 'insurance'
  | 'role';
/** The server's page size: a full page means there may be another. */
const PAGE_SIZE = 30;

/** The futures history (issue 13): fills with their realised profit, funding paid and received, liquidations. */
export function PerpsHistory() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<HistoryKind>('fills');
  return (
    <Stack spacing={1}>
      <Tabs
        value={kind}
        onChange={(_, next: HistoryKind) => setKind(next)}
        aria-label={t('perps.history.label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {KINDS.map((value) => (
          <Tab key={value} value={value} label={t(`perps.history.${value}`)} />
        ))}
      </Tabs>
      <HistoryTable key={kind} kind={kind} />
    </Stack>
  );
}

function HistoryTable({ kind }: { kind: HistoryKind }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [page, setPage] = useState(1);
  const history = usePerpHistory(kind, page);
  const usdt = (value: string) => formatMoney(value, 'USDT', 'amount', locale);
  const money = (value: string): ReactNode => (
    <Box component="span" sx={{ color: pnlColor(value) }}>
      {signed(usdt(value), value)}
    </Box>
  );
  const price = (value: string) => formatPrice(value, 'USDT', locale);
  const h = (key: ColumnKey) => t(`perps.history.columns.${key}`);

  let headers: string[] = [];
  let rows: { id: string; cells: ReactNode[] }[] = [];
  if (history.data) {
    const data = history.data.data as unknown[];
    if (kind === 'fills') {
      // The realised profit early: a phone shows the first columns without scrolling.
      headers = [h('time'), h('contract'), h('realised'), h('side'), h('quantity'), h('price'), h('fee'), h('role')];
      rows = (data as PerpFill[]).map((fill) => ({
        id: fill.id,
        cells: [
          formatDateTime(fill.createdAt, locale),
          fill.symbol,
          money(fill.realisedPnl),
          t(`perps.side.${fill.side === 'SELL' ? 'SELL' : 'BUY'}`),
          formatQuantity(fill.quantity, locale),
          price(fill.price),
          formatMoney(fill.fee, 'USDT', 'fee', locale),
          // Another user's order met a resting one of ours: that fill was the maker's.
          t(fill.maker ? 'perps.history.role.maker' : 'perps.history.role.taker'),
        ],
      }));
    } else if (kind === 'funding') {
      headers = [h('time'), h('contract'), h('position'), h('rate'), h('mark'), h('amount')];
      rows = (data as FundingPayment[]).map((payment) => ({
        id: `${payment.symbol}-${payment.fundingAt}`,
        cells: [
          formatDateTime(payment.fundingAt, locale),
          payment.symbol,
          localizeDecimalText(payment.positionSize, locale),
          `${localizeDecimalText(payment.ratePercentage, locale)}%`,
          price(payment.markPrice),
          money(payment.amount),
        ],
      }));
    } else {
      headers = [h('time'), h('contract'), h('position'), h('mark'), h('realised'), h('fee'), h('insurance')];
      rows = (data as PerpLiquidation[]).map((liquidation) => ({
        id: liquidation.id,
        cells: [
          formatDateTime(liquidation.createdAt, locale),
          liquidation.symbol,
          localizeDecimalText(liquidation.size, locale),
          price(liquidation.markPrice),
          money(liquidation.realisedPnl),
          formatMoney(liquidation.fee, 'USDT', 'fee', locale),
          usdt(liquidation.insurancePaid),
        ],
      }));
    }
  }
  const full = (history.data?.data.length ?? 0) >= PAGE_SIZE;

  if (history.isLoading) return <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />;
  return (
    <Stack spacing={1}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`perps.history.${kind}`)}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={Math.max(headers.length, 1)}>
                  <Typography color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                    {history.isError ? t('perps.history.loadFailed') : t(`perps.history.empty.${kind}`)}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id}>
                  {row.cells.map((cell, index) => (
                    <TableCell key={index} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {(page > 1 || full) && (
        <Pagination
          page={page}
          count={full ? page + 1 : page}
          onChange={(_, next) => setPage(next)}
          size="small"
          aria-label={t('perps.history.pages')}
        />
      )}
    </Stack>
  );
}
