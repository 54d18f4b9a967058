import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/ui/section';
import { useLocale } from '@/hooks/use-locale';
import { formatCompact, formatNumber, formatPrice } from '@/lib/format';
import { useMarketTimes } from '../api/get-market-status';
import type { SymbolInfo, Ticker } from '../api/types';
import { displayName, quoteCurrency } from '../lib/asset-classes';
import { headerSession, type ReportedSession } from '../lib/header-session';
import { knownPhase } from '../lib/phases';
import { sessionSpans } from '../lib/sessions';
import { symbolOfInfo } from '../lib/symbol-cache';
import { ChangeText } from './change-text';

type Row = { key: string; label: string; value: ReactNode };

export interface AssetDetailsProps {
  info: SymbolInfo;
  ticker: Ticker | undefined;
  /** The session the class's own service reports (US stocks), null while it loads; absent: the ticker's. */
  session?: ReportedSession | null;
}

/** An asset page's key figures (live ticker and the R3.13 fields) and its description. */
export function AssetDetails({ info, ticker, session }: AssetDetailsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = symbolOfInfo(info);
  const name = displayName(info);
  const currency = quoteCurrency(info.assetClass);
  const yesNo = (value: boolean | undefined) => (value ? t('asset.yes') : t('asset.no'));
  const price = (text: string | undefined) => (text === undefined ? '—' : formatPrice(text, currency, locale));
  const times = useMarketTimes(symbol).data;

  const rows: Row[] = [
    { key: 'last', label: t('asset.fields.last'), value: price(ticker?.last) },
    { key: 'change', label: t('asset.fields.change'), value: <ChangeText pct={ticker?.changePct} /> },
    { key: 'high', label: t('asset.fields.high'), value: price(ticker?.high) },
    { key: 'low', label: t('asset.fields.low'), value: price(ticker?.low) },
    {
      key: 'volume',
      label: t('asset.fields.volume'),
      value: ticker ? formatCompact(ticker.volume, locale) : '—',
    },
    {
      key: 'session',
      label: t('asset.fields.session'),
      value: t(`trade.phases.${headerSession(ticker?.phase, undefined, session).phase}`),
    },
    { key: 'sessions', label: t('asset.fields.todaySessions'), value: todaySessions() },
    { key: 'class', label: t('asset.fields.class'), value: t(`asset.classes.${info.assetClass}`) },
    { key: 'symbol', label: t('asset.fields.symbol'), value: symbol },
  ];
  let description: string | null = null;

  /** R3.14: today's sessions of the venue (24/7 markets have one that spans the day). */
  function todaySessions(): ReactNode {
    if (!times) return '—';
    if (!times.isTradingDay)
      return times.holiday ? t('asset.holiday', { name: times.holiday }) : t('asset.closedToday');
    return sessionSpans(times, locale).map((s) => (
      <Box component="span" key={s.phase} sx={{ display: 'block', fontWeight: 500 }}>
        {[t(`trade.phases.${knownPhase(s.phase)}`), s.span].filter(Boolean).join(' ')}
      </Box>
    ));
  }
  if (info.assetClass === 'CRYPTO') {
    rows.push(
      { key: 'pp', label: t('asset.fields.pricePrecision'), value: formatNumber(info.pricePrecision, locale) },
      { key: 'lp', label: t('asset.fields.liquiditySource'), value: info.liquiditySource },
      { key: 'ex', label: t('asset.fields.exchanges'), value: Object.keys(info.exchangeSymbols).join(', ') || '—' },
      { key: 'pro', label: t('asset.fields.proMode'), value: yesNo(info.enableProMode) },
    );
    if (info.quantityPrecision !== undefined) {
      rows.push({
        key: 'qp',
        label: t('asset.fields.quantityPrecision'),
        value: formatNumber(info.quantityPrecision, locale),
      });
    }
    description = t('asset.descriptions.CRYPTO', {
      name,
      short: info.shortName,
      source: info.liquiditySource,
      precision: info.pricePrecision,
    });
  } else if (info.assetClass === 'US_STOCK') {
    const leverage = [info.leverage2x && '2x', info.leverage4x && '4x'].filter(Boolean).join(', ');
    rows.push(
      { key: 'ipme', label: t('asset.fields.postMarket'), value: yesNo(info.ipme) },
      { key: 'ioa', label: t('asset.fields.options'), value: yesNo(info.ioa) },
      { key: 'lev', label: t('asset.fields.leverage'), value: leverage || t('asset.no') },
    );
    if (info.kind) rows.push({ key: 'kind', label: t('asset.fields.kind'), value: info.kind });
    description = t('asset.descriptions.US_STOCK', { name, symbol });
  } else if (info.assetClass === 'US_INDEX') {
    description = t('asset.descriptions.US_INDEX', { name, symbol });
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title={t('asset.keyFigures')}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
            gap: 1.5,
            '& dt': { color: 'text.secondary', fontSize: '0.75rem' },
            '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
          }}
        >
          {rows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </Box>
      </Section>
      {description && (
        <Section title={t('asset.about', { name })}>
          <Typography color="text.secondary">{description}</Typography>
        </Section>
      )}
    </Box>
  );
}
