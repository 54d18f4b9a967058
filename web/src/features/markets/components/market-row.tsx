import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { useLocale } from '@/hooks/use-locale';
import { formatCompact, formatPrice } from '@/lib/format';
import type { SymbolInfo, Ticker } from '../api/types';
import { useLiveTicker } from '../hooks/use-live-ticker';
import { usePriceFlash } from '../hooks/use-price-flash';
import { displayName, quoteCurrency, rowPath } from '../lib/asset-classes';
import { symbolOfInfo } from '../lib/symbol-cache';
import { AssetAvatar } from './asset-avatar';
import { ChangeText } from './change-text';

/** One instrument of the markets list: name, live last price, 24 h change, volume; the row links on. */
export function MarketRow({ info, ticker: initial }: { info: SymbolInfo; ticker: Ticker | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = symbolOfInfo(info);
  const ticker = useLiveTicker(symbol, initial);
  const flash = usePriceFlash(ticker?.last);
  const name = displayName(info);

  return (
    <Box
      component="tr"
      sx={{
        position: 'relative',
        '&:hover': { bgcolor: 'action.hover' },
        '& td': { py: 1.25, px: { xs: 0.5, sm: 1 }, borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <td>
        <Stack direction="row" spacing={1.25} alignItems="center" flexWrap="wrap" useFlexGap sx={{ minWidth: 0 }}>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <AssetAvatar code={symbol.split('-')[0] ?? symbol} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <AppLink
              to={rowPath(info)}
              underline="none"
              color="inherit"
              sx={{
                fontWeight: 700,
                // The link covers the whole row, so a tap anywhere on it follows the link.
                '&::after': { content: '""', position: 'absolute', inset: 0 },
              }}
            >
              {symbol}
              <Box component="span" className="visually-hidden">
                {` ${name}`}
              </Box>
            </AppLink>
            <Box
              aria-hidden
              sx={{
                color: 'text.secondary',
                fontSize: '0.8125rem',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxWidth: { xs: 120, sm: 260 },
              }}
            >
              {name}
            </Box>
          </Box>
          {(info.tradingHalted || ticker?.halted) && <Chip size="small" color="error" label={t('markets.halted')} />}
        </Stack>
      </td>
      <Box
        component="td"
        sx={{
          textAlign: 'right',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 600,
          fontSize: { xs: '0.875rem', sm: '1rem' },
          transition: 'color 0.3s',
          color: flash === 'up' ? 'success.main' : flash === 'down' ? 'error.main' : 'text.primary',
        }}
      >
        {ticker ? formatPrice(ticker.last, quoteCurrency(info.assetClass), locale) : '—'}
      </Box>
      <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        <ChangeText pct={ticker?.changePct} />
      </Box>
      <Box
        component="td"
        sx={{ textAlign: 'right', color: 'text.secondary', display: { xs: 'none', sm: 'table-cell' } }}
      >
        {ticker ? formatCompact(ticker.volume, locale) : '—'}
      </Box>
    </Box>
  );
}
