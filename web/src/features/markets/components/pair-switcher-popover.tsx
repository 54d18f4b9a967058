import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from './search-field';
import { AppLink } from '@/components/ui/app-link';
import { useLocale } from '@/hooks/use-locale';
import { formatPrice } from '@/lib/format';
import { useSymbols } from '../api/get-symbols';
import { useTickers } from '../api/get-tickers';
import type { AssetClass, SymbolInfo, Ticker } from '../api/types';
import { useLiveTicker } from '../hooks/use-live-ticker';
import { displayName, quoteCurrency, rowPath } from '../lib/asset-classes';
import { symbolOfInfo } from '../lib/symbol-cache';
import { ChangeText } from './change-text';

const SEARCH_DEBOUNCE_MS = 250;

interface PairSwitcherPopoverProps {
  anchor: HTMLElement | null;
  current: string;
  assetClass: AssetClass;
  onClose: () => void;
}

/** The switcher's searchable list of the class's instruments, in its own chunk (see PairSwitcher). */
export function PairSwitcherPopover({ anchor, current, assetClass, onClose }: PairSwitcherPopoverProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 'min(420px, calc(100vw - 16px))', p: 1.5 },
        },
      }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('pairSwitcher.title')}
      </Typography>
      <SwitcherList current={current} assetClass={assetClass} onChosen={onClose} />
    </Popover>
  );
}

function SwitcherList({
  current,
  assetClass,
  onChosen,
}: {
  current: string;
  assetClass: AssetClass;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const symbols = useSymbols(assetClass, query, 1);
  const tickers = useTickers(assetClass);
  const tickerBySymbol = useMemo(
    () => new Map((tickers.data ?? []).map((ticker) => [ticker.symbol, ticker])),
    [tickers.data],
  );
  const rows = symbols.data?.data ?? [];
  return (
    <>
      <SearchField autoFocus value={draft} onChange={setDraft} label={t('pairSwitcher.search')} sx={{ mb: 1 }} />
      <Box sx={{ height: 360, overflowY: 'auto' }}>
        <Stack component="ul" aria-label={t('pairSwitcher.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {symbols.isPending
            ? Array.from({ length: 8 }, (_, i) => <Skeleton key={i} component="li" height={40} />)
            : rows.map((info) => (
                <SwitcherRow
                  key={symbolOfInfo(info)}
                  info={info}
                  ticker={tickerBySymbol.get(symbolOfInfo(info))}
                  current={symbolOfInfo(info) === current}
                  onChosen={onChosen}
                />
              ))}
          {!symbols.isPending && rows.length === 0 && (
            <Typography component="li" variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
              {t('pairSwitcher.none')}
            </Typography>
          )}
        </Stack>
      </Box>
    </>
  );
}

function SwitcherRow({
  info,
  ticker: initial,
  current,
  onChosen,
}: {
  info: SymbolInfo;
  ticker: Ticker | undefined;
  current: boolean;
  onChosen: () => void;
}) {
  const locale = useLocale();
  const symbol = symbolOfInfo(info);
  const ticker = useLiveTicker(symbol, initial) ?? initial;
  return (
    <Box component="li">
      <AppLink
        to={rowPath(info)}
        onClick={onChosen}
        underline="none"
        color="inherit"
        aria-current={current ? 'page' : undefined}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto 72px',
          alignItems: 'center',
          gap: 1,
          px: 1,
          height: 44,
          borderRadius: 1,
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
          '&[aria-current="page"]': { bgcolor: 'action.selected' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
            {symbol}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {displayName(info)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {ticker ? formatPrice(ticker.last, quoteCurrency(info.assetClass), locale) : '—'}
        </Typography>
        <Box sx={{ textAlign: 'right', fontSize: '0.8125rem' }}>
          <ChangeText pct={ticker?.changePct} />
        </Box>
      </AppLink>
    </Box>
  );
}
