import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { decimalsOf } from '@/lib/decimal';
import { formatNumber, formatPrice, formatTimeSeconds, type CurrencyCode } from '@/lib/format';
import { useRecentTrades } from '../hooks/use-recent-trades';

export interface RecentTradesProps {
  symbol: string;
  currency: CurrencyCode | null;
  /** Rows shown; the panel keeps their room from the start so arriving trades move nothing (CLS). */
  rows?: number;
}

const ROW_HEIGHT_PX = 24;

/** The market's latest trades, live: time, price (green on an uptick, red on a downtick), quantity. */
export function RecentTrades({ symbol, currency, rows = 12 }: RecentTradesProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const trades = useRecentTrades(symbol);
  return (
    <Box
      component="section"
      aria-labelledby="recent-trades-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}
    >
      <Typography id="recent-trades-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('recentTrades.title')}
      </Typography>
      <Box sx={{ height: (rows + 1) * ROW_HEIGHT_PX, overflowY: 'auto' }}>
        <Box
          component="table"
          aria-label={t('recentTrades.tableLabel', { symbol })}
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            fontSize: '0.8125rem',
            fontVariantNumeric: 'tabular-nums',
            '& th': {
              color: 'text.secondary',
              fontWeight: 500,
              textAlign: 'right',
              fontSize: '0.75rem',
              height: ROW_HEIGHT_PX,
            },
            '& td': { textAlign: 'right', height: ROW_HEIGHT_PX },
            '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
            '& th, & td': { whiteSpace: 'nowrap' },
            '& th + th, & td + td': { pl: 1 },
          }}
        >
          <thead>
            <tr>
              <th scope="col">{t('recentTrades.time')}</th>
              <th scope="col">{t('recentTrades.price')}</th>
              <th scope="col">{t('recentTrades.quantity')}</th>
            </tr>
          </thead>
          <tbody aria-live="off">
            {trades.length === 0 ? (
              <tr>
                <Box component="td" colSpan={3} sx={{ color: 'text.secondary', textAlign: 'left !important' }}>
                  {t('recentTrades.waiting')}
                </Box>
              </tr>
            ) : (
              trades.map((trade) => (
                <tr key={`${trade.time}-${trade.price}-${trade.quantity}`}>
                  <td>{formatTimeSeconds(trade.time, locale)}</td>
                  <Box
                    component="td"
                    sx={{ color: trade.side === 'BUY' ? 'success.main' : 'error.main' }}
                    aria-label={`${t(`recentTrades.side.${trade.side}`)} ${formatPrice(trade.price, currency, locale)}`}
                  >
                    {formatPrice(trade.price, currency, locale)}
                  </Box>
                  <td>
                    {formatNumber(trade.quantity, locale, {
                      minimumFractionDigits: 0,
                      maximumFractionDigits: Math.min(8, decimalsOf(trade.quantity)),
                    })}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
