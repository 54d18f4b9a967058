import { decimalsOf } from '@/lib/decimal';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import type { CurrencyCode } from '@/lib/format';
import { formatNumber, formatPercent, formatPrice } from '@/lib/format';
import type { Locale } from '@/types';
import { useOrderBook, type BookKind } from '../api/get-order-book';
import { BOOK_DEPTH_PER_SIDE, toDepthView, type DepthRow } from '../lib/depth';

export interface OrderBookProps {
  kind: BookKind;
  symbol: string;
  currency: CurrencyCode;
}

function quantityText(text: string, locale: Locale): string {
  const decimals = decimalsOf(text);
  return formatNumber(text, locale, { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

/**
 * The order book widget (R1.10, R3.04, R5.08): the best 10 asks above the spread and the best 10
 * bids below it, each with its cumulative depth drawn as a bar, kept live by `orderbook:SYMBOL`.
 */
export function OrderBook({ kind, symbol, currency }: OrderBookProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const book = useOrderBook(kind, symbol);
  const view = useMemo(() => (book.data ? toDepthView(book.data) : null), [book.data]);

  return (
    <Box
      component="section"
      aria-labelledby="order-book-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}
    >
      <Typography id="order-book-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('orderBook.title')}
      </Typography>
      {book.isError && !view ? (
        <Alert severity="error">{t('orderBook.loadFailed')}</Alert>
      ) : !view ? (
        <Stack spacing={0.5} aria-busy="true" aria-label={t('orderBook.loading')}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={18} />
          ))}
        </Stack>
      ) : (
        <>
          <DepthTable
            label={t('orderBook.asks')}
            rows={[...view.asks].reverse()}
            side="ask"
            currency={currency}
            locale={locale}
          />
          <Stack
            direction="row"
            justifyContent="space-between"
            sx={{ py: 0.75, my: 0.5, borderTop: 1, borderBottom: 1, borderColor: 'divider', fontSize: '0.8125rem' }}
          >
            <span>{t('orderBook.spread')}</span>
            <span>{view.spread === null ? '—' : formatPrice(view.spread, currency, locale)}</span>
          </Stack>
          <DepthTable label={t('orderBook.bids')} rows={view.bids} side="bid" currency={currency} locale={locale} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('orderBook.totals', {
              bids: quantityText(view.totalBidQuantity, locale),
              asks: quantityText(view.totalAskQuantity, locale),
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}

interface DepthTableProps {
  label: string;
  rows: DepthRow[];
  side: 'bid' | 'ask';
  currency: CurrencyCode;
  locale: Locale;
}

function DepthTable({ label, rows, side, currency, locale }: DepthTableProps) {
  const { t } = useTranslation();
  const color = side === 'bid' ? 'success.main' : 'error.main';
  const bar = side === 'bid' ? 'rgba(22, 163, 74, 0.16)' : 'rgba(220, 38, 38, 0.16)';
  return (
    <Box
      component="table"
      aria-label={label}
      data-side={side}
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        fontSize: '0.8125rem',
        fontVariantNumeric: 'tabular-nums',
        '& th': { color: 'text.secondary', fontWeight: 500, textAlign: 'right', pb: 0.5, fontSize: '0.75rem' },
        '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
        '& td': { textAlign: 'right', py: '2px', position: 'relative', zIndex: 1 },
        // A number never wraps, and each keeps a gap from the one before it.
        '& th, & td': { whiteSpace: 'nowrap' },
        '& th + th, & td + td': { pl: 1 },
      }}
    >
      <thead>
        <tr>
          <th scope="col">{t('orderBook.price')}</th>
          <th scope="col">{t('orderBook.quantity')}</th>
          <th scope="col">{t('orderBook.cumulative')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3}>{t('orderBook.empty')}</td>
          </tr>
        ) : (
          rows.slice(0, BOOK_DEPTH_PER_SIDE).map((row) => (
            <Box
              component="tr"
              key={row.price}
              aria-label={`${formatPrice(row.price, currency, locale)} · ${quantityText(row.quantity, locale)}`}
              sx={{
                // The depth bar: the share of the side's shown quantity at this price or better.
                background: `linear-gradient(to left, ${bar} ${row.cumulativePercentage}%, transparent ${row.cumulativePercentage}%)`,
              }}
            >
              <Box component="td" sx={{ color }}>
                {formatPrice(row.price, currency, locale)}
              </Box>
              <td>{quantityText(row.quantity, locale)}</td>
              <td title={t('orderBook.depth', { pct: formatPercent(row.cumulativePercentage, locale) })}>
                {formatPercent(row.cumulativePercentage, locale)}
              </td>
            </Box>
          ))
        )}
      </tbody>
    </Box>
  );
}
