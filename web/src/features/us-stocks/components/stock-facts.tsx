import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { signOf } from '@/lib/decimal';
import { formatMoney, formatPrice, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { useCorporateActions, useEarnings } from '../api/get-stock-facts';
import type { StockDescription } from '../api/types';
import { formatChangeTime } from '../lib/display';
import { Figures } from '@/components/ui/figures';
import { SessionLine } from './session-line';

/** The trade page's facts tab of a US stock: session, touch, what can be traded how, fees, EPS, dividends. */
export function StockFacts({ description }: { description?: StockDescription }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  if (!description) return <Skeleton variant="rounded" height={240} aria-label={t('app.loading')} />;
  const yesNo = (value: boolean) => t(value ? 'usStocks.facts.yes' : 'usStocks.facts.no');
  const cutoff = description.session.intradayCutoffAtMs;
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h3">
          {description.name} · {t(`usStocks.facts.kind.${description.kind === 'ETF' ? 'ETF' : 'STOCK'}`)}
        </Typography>
        <SessionLine session={description.session} />
      </Stack>
      <Figures
        dense
        lines={[
          { label: t('usStocks.facts.bid'), value: formatPrice(description.bid, 'USD', locale) },
          { label: t('usStocks.facts.ask'), value: formatPrice(description.ask, 'USD', locale) },
          { label: t('usStocks.facts.last'), value: formatPrice(description.last, 'USD', locale) },
          { label: t('usStocks.facts.fractional'), value: yesNo(description.fractional) },
          {
            label: t('usStocks.facts.extended'),
            value: description.postMarket ? t('usStocks.facts.prePost') : t('usStocks.facts.preOnly'),
          },
          {
            label: t('usStocks.facts.leverage'),
            value: description.leverageOptions
              .map((l) => t(`usStocks.leverage.${l === 4 ? 4 : l === 2 ? 2 : 1}`))
              .join(', '),
          },
          ...(cutoff ? [{ label: t('usStocks.facts.cutoff'), value: formatChangeTime(cutoff, locale) }] : []),
          { label: t('usStocks.facts.minOrder'), value: formatMoney(description.minOrderUsd, 'USD', 'amount', locale) },
          { label: t('usStocks.facts.fee'), value: `${localizeDecimalText(description.feePercentage, locale)}%` },
          {
            label: t('usStocks.facts.sellTax'),
            value: `${localizeDecimalText(description.sellTaxPercentage, locale)}%`,
          },
          {
            label: t('usStocks.facts.band'),
            value: `${localizeDecimalText(description.priceBandPercentage, locale)}%`,
          },
        ]}
      />
      <EarningsTable stockId={description.stockId} />
      <CorporateActions stockId={description.stockId} />
    </Stack>
  );
}

/** EPS of the last quarters: reported, estimate, surprise. */
export function EarningsTable({ stockId }: { stockId: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const eps = useEarnings(stockId);
  const rows = eps.data ?? [];
  return (
    <Stack spacing={1} component="section" aria-label={t('usStocks.eps.title')} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {t('usStocks.eps.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {eps.isLoading ? t('app.loading') : t('usStocks.eps.none')}
        </Typography>
      ) : (
        // Four columns can be wider than a phone: the table scrolls inside its box, never the page.
        <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={t('usStocks.eps.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('usStocks.eps.quarter')}</TableCell>
                <TableCell align="right">{t('usStocks.eps.reported')}</TableCell>
                <TableCell align="right">{t('usStocks.eps.estimate')}</TableCell>
                <TableCell align="right">{t('usStocks.eps.surprise')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.fiscalQuarter}>
                  <TableCell>{row.fiscalQuarter}</TableCell>
                  <TableCell align="right">{formatPrice(row.eps, 'USD', locale)}</TableCell>
                  <TableCell align="right">{formatPrice(row.estimate, 'USD', locale)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ color: signOf(row.surprisePercentage) >= 0 ? 'success.main' : 'error.main' }}
                  >
                    {localizeDecimalText(row.surprisePercentage, locale)}%
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

/** Dividends and splits, announced and applied. */
export function CorporateActions({ stockId }: { stockId: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const actions = useCorporateActions(stockId);
  const rows = actions.data ?? [];
  return (
    <Stack spacing={1} component="section" aria-label={t('usStocks.actions.title')}>
      <Typography variant="subtitle2" component="h3">
        {t('usStocks.actions.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {actions.isLoading ? t('app.loading') : t('usStocks.actions.none')}
        </Typography>
      ) : (
        rows.map((action) => (
          <Typography key={action.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {action.kind === 'SPLIT'
              ? t('usStocks.actions.split', { ratio: action.ratio ?? '', date: action.exDate })
              : t('usStocks.actions.dividend', {
                  cash: action.cashPerShare ? formatPrice(action.cashPerShare, 'USD', locale) : '–',
                  exDate: action.exDate,
                  payDate: action.payDate,
                })}
            {action.applied ? ` · ${t('usStocks.actions.applied')}` : ''}
          </Typography>
        ))
      )}
    </Stack>
  );
}
