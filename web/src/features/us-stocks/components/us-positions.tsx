import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PositionCard } from '@/components/orders/position-card';
import { formatMoney, formatQuantity, formatSignedMoney, gainColor, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import type { UsPosition } from '../api/types';
import { knownBucket } from '../lib/order-form';
import { sortPositions } from '../lib/positions';
import type { FigureLine } from '@/components/ui/figures';
import { lazyNamed } from '@/lib/lazy-named';

// The dialogs' forms (price fields, review, PIN) load when a position is first closed or protected,
// not with the portfolio (issue 12's 200 KiB per route).
const ClosePositionDialog = lazyNamed(() => import('./close-position-dialog'), 'ClosePositionDialog');
const UsOcoDialog = lazyNamed(() => import('./us-oco-dialog'), 'UsOcoDialog');

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
          <UsPositionCard
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
      <Suspense fallback={null}>
        {closing && <ClosePositionDialog position={closing} onClose={() => setClosing(null)} />}
        {protecting && <UsOcoDialog position={protecting} onClose={() => setProtecting(null)} />}
      </Suspense>
    </>
  );
}

function UsPositionCard({
  position,
  onClose,
  onOco,
}: {
  position: UsPosition;
  onClose: () => void;
  onOco: () => void;
}) {
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
    <PositionCard
      label={t('usStocks.positions.cardLabel', { stockId: position.stockId, bucket })}
      title={
        <>
          {position.stockId}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {bucket}
          </Typography>
        </>
      }
      badges={
        position.leverage > 1 && (
          <Chip
            size="small"
            color={marginCall ? 'error' : 'default'}
            label={t(marginCall ? 'usStocks.positions.marginCall' : 'usStocks.positions.marginOk')}
          />
        )
      }
      marginCall={marginCall}
      marginCallText={t('usStocks.positions.marginCallText')}
      lines={lines}
      action={{ label: t('usStocks.positions.oco'), onClick: onOco }}
      close={{
        label: t('usStocks.positions.close'),
        ariaLabel: t('usStocks.positions.closeLabel', { stockId: position.stockId, bucket }),
        onClick: onClose,
      }}
    />
  );
}
