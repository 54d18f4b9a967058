import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity, formatSignedMoney, gainColor, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import type { UsPosition } from '../api/types';
import { knownBucket } from '../lib/order-form';
import { sortPositions } from '../lib/positions';
import { ClosePositionDialog } from './close-position-dialog';
import { Figures, type FigureLine } from '@/components/ui/figures';
import { UsOcoDialog } from './us-oco-dialog';

/**
 * US-stock positions, one card per stock and bucket: cost in USD and IDR, value, profit, dividends
 * and, for leverage, the loan and the margin standing (MARGIN_CALL stands out); each with close and OCO.
 */
export function UsPositionCards({ positions }: { positions: readonly UsPosition[] }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState<UsPosition | null>(null);
  const [protecting, setProtecting] = useState<UsPosition | null>(null);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {sortPositions(positions).map((position) => (
          <PositionCard
            key={`${position.stockId}-${position.bucket}`}
            position={position}
            onClose={() => setClosing(position)}
            onOco={() => setProtecting(position)}
          />
        ))}
      </Box>
      {positions.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('usStocks.positions.none')}
        </Typography>
      )}
      {closing && <ClosePositionDialog position={closing} onClose={() => setClosing(null)} />}
      {protecting && <UsOcoDialog position={protecting} onClose={() => setProtecting(null)} />}
    </>
  );
}

function PositionCard({ position, onClose, onOco }: { position: UsPosition; onClose: () => void; onOco: () => void }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const usd = (value: string) => formatMoney(value, 'USD', 'amount', locale);
  const signed = (value: string) => formatSignedMoney(value, 'USD', 'amount', locale);
  const bucket = t(`usStocks.bucket.${knownBucket(position.bucket)}`);
  const marginCall = position.marginStatus === 'MARGIN_CALL';
  const lines: FigureLine[] = [
    {
      label: t('usStocks.positions.quantity'),
      value: t('usStocks.sharesOf', { quantity: formatQuantity(position.quantity, locale), stockId: position.stockId }),
    },
    {
      label: t('usStocks.positions.averageCost'),
      value: position.averagePrice
        ? `${usd(position.averagePrice)}${position.averagePriceIdr ? ` · ${formatMoney(position.averagePriceIdr, 'IDR', 'amount', locale)}` : ''}`
        : '–',
    },
    {
      label: t('usStocks.positions.marketValue'),
      value: `${usd(position.marketValue)} · ${formatMoney(position.marketValueIdr, 'IDR', 'amount', locale)}`,
      strong: true,
    },
    {
      label: t('usStocks.positions.unrealized'),
      value: (
        <Box component="span" sx={{ color: gainColor(position.unrealizedPnl) }}>
          {signed(position.unrealizedPnl)} ({localizeDecimalText(position.unrealizedPnlPercentage, locale)}%)
        </Box>
      ),
    },
    { label: t('usStocks.positions.realized'), value: signed(position.realizedPnl) },
    { label: t('usStocks.positions.dividends'), value: usd(position.dividends) },
    ...(position.leverage > 1
      ? [
          { label: t('usStocks.positions.borrowed'), value: usd(position.borrowed) },
          {
            label: t('usStocks.positions.equity'),
            value: `${localizeDecimalText(position.equityPercentage, locale)}%`,
          },
        ]
      : []),
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('usStocks.positions.cardLabel', { stockId: position.stockId, bucket })}
      sx={{ p: 2, borderColor: marginCall ? 'error.main' : undefined, borderWidth: marginCall ? 2 : 1 }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {position.stockId}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {bucket}
          </Typography>
        </Typography>
        {position.leverage > 1 && (
          <Chip
            size="small"
            color={marginCall ? 'error' : 'default'}
            label={t(marginCall ? 'usStocks.positions.marginCall' : 'usStocks.positions.marginOk')}
          />
        )}
      </Stack>
      {marginCall && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} role="alert">
          {t('usStocks.positions.marginCallText')}
        </Typography>
      )}
      <Figures dense lines={lines} />
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 1.5 }}>
        <Button size="small" onClick={onOco}>
          {t('usStocks.positions.oco')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={onClose}
          aria-label={t('usStocks.positions.closeLabel', { stockId: position.stockId, bucket })}
        >
          {t('usStocks.positions.close')}
        </Button>
      </Stack>
    </Paper>
  );
}
