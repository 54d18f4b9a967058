import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { useLocale } from '@/hooks/use-locale';
import { formatCompact, formatDateTime, formatPrice } from '@/lib/format';
import { useMarketStatus } from '../api/get-market-status';
import type { SymbolInfo, Ticker } from '../api/types';
import { usePriceFlash } from '../hooks/use-price-flash';
import { assetPagePath, displayName, quoteCurrency } from '../lib/asset-classes';
import { headerSession, type ReportedSession } from '../lib/header-session';
import { isOpenPhase, venueOf } from '../lib/phases';
import { symbolOfInfo } from '../lib/symbol-cache';
import { AssetAvatar } from './asset-avatar';
import { ChangeText } from './change-text';

export interface MarketHeaderProps {
  info: SymbolInfo;
  ticker: Ticker | undefined;
  /**
   * The session the class's own service reports (US stocks: the description's), which the order
   * panel also follows; null while it loads. Absent: the venue's session.
   */
  session?: ReportedSession | null;
}

/**
 * The trade page's market header: the instrument, its live last price, the 24 h (or since the
 * previous close) change with 2 decimals, high, low, volume and the market session.
 */
export function MarketHeader({ info, ticker, session }: MarketHeaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = symbolOfInfo(info);
  const currency = quoteCurrency(info.assetClass);
  const flash = usePriceFlash(ticker?.last);
  const assetPath = assetPagePath(info);
  const venue = useMarketStatus().data?.find((v) => v.venue === venueOf(info.assetClass));
  const { phase, next } = headerSession(ticker?.phase, venue, session);
  // When the venue next opens (while closed) or closes (while open), or the reported session's next
  // phase begins; 24/7 venues have neither.
  const nextChange = !next
    ? null
    : next.kind === 'phase'
      ? t('trade.nextPhase', { phase: t(`trade.phases.${next.phase}`), time: formatDateTime(next.atMs, locale) })
      : t(next.kind === 'open' ? 'trade.nextOpen' : 'trade.nextClose', { time: formatDateTime(next.atMs, locale) });
  const price = (text: string | undefined) => (text === undefined ? '—' : formatPrice(text, currency, locale));

  return (
    <Box
      component="section"
      aria-label={t('trade.headerLabel', { symbol })}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1.5, md: 3 }, py: 1.5 }}
    >
      {/* Phones: the instrument on its own line (clear of the switcher), price and change on the next. */}
      <Stack
        direction="row"
        spacing={1.25}
        alignItems="center"
        sx={{ minWidth: 0, flexBasis: { xs: '100%', sm: 'auto' }, pr: { xs: 7, sm: 0 } }}
      >
        <AssetAvatar code={symbol.split('-')[0] ?? symbol} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {symbol}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {displayName(info)}
            {assetPath && (
              <>
                {' · '}
                <AppLink to={assetPath} underline="hover">
                  {t('trade.aboutAsset')}
                </AppLink>
              </>
            )}
          </Typography>
        </Box>
      </Stack>
      <Figure label={t('trade.last')}>
        <Box
          component="span"
          aria-live="off"
          sx={{
            fontSize: '1.25rem',
            fontWeight: 700,
            transition: 'color 0.3s',
            color: flash === 'up' ? 'success.main' : flash === 'down' ? 'error.main' : 'text.primary',
          }}
        >
          {price(ticker?.last)}
        </Box>
      </Figure>
      <Figure label={phase === 'CONTINUOUS' ? t('trade.change24h') : t('trade.changeSession')}>
        <ChangeText pct={ticker?.changePct} />
      </Figure>
      <Figure secondary label={t('trade.high')}>
        {price(ticker?.high)}
      </Figure>
      <Figure secondary label={t('trade.low')}>
        {price(ticker?.low)}
      </Figure>
      <Figure secondary label={t('trade.volume')}>
        {ticker ? formatCompact(ticker.volume, locale) : '—'}
      </Figure>
      <Figure secondary label={t('trade.session')}>
        <Chip
          size="small"
          color={isOpenPhase(phase) ? 'success' : 'default'}
          variant={isOpenPhase(phase) ? 'filled' : 'outlined'}
          label={t(`trade.phases.${phase}`)}
        />
        {nextChange && (
          <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: '0.8125rem', fontWeight: 400 }}>
            {nextChange}
          </Box>
        )}
      </Figure>
    </Box>
  );
}

/** `secondary` figures give way on phones, where the facts tab shows them. */
function Figure({ label, secondary, children }: { label: string; secondary?: boolean; children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        minWidth: 0,
        fontVariantNumeric: 'tabular-nums',
        display: secondary ? { xs: 'none', sm: 'block' } : 'block',
      }}
    >
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontSize: '0.9375rem', fontWeight: 600 }}>
        {children}
      </Box>
    </Box>
  );
}
