import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PositionCard } from '@/components/orders/position-card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { useAppStore } from '@/lib/store';
import type { PerpPosition } from '../api/types';
import { usePositionsLive } from '../hooks/use-positions-live';
import { positionLines } from '../lib/position-lines';
import { openPositions } from '../lib/positions';
import { ClosePositionDialog } from './close-position-dialog';
import { ProtectionDialog } from './protection-dialog';

/**
 * The trade page's Positions tab (issue 13): every open position (the one of `symbol` first), marked
 * live, with close and TP/SL.
 */
export function PerpPositions({ symbol }: { symbol?: string }) {
  const { t } = useTranslation();
  const positions = usePositionsLive();
  if (positions.isError && !positions.data) {
    return (
      <ErrorWithRetry
        severity="warning"
        message={t('perps.positions.loadFailed')}
        retryLabel={t('portfolio.retry')}
        onRetry={() => void positions.refetch()}
      />
    );
  }
  if (!positions.data) return <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />;
  const open = openPositions(positions.data.positions);
  const sorted = symbol
    ? [...open.filter((p) => p.symbol === symbol), ...open.filter((p) => p.symbol !== symbol)]
    : open;
  return <PerpPositionCards positions={sorted} />;
}

/** Position cards with their close and TP/SL dialogs. */
export function PerpPositionCards({ positions }: { positions: readonly PerpPosition[] }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState<PerpPosition | null>(null);
  const [protecting, setProtecting] = useState<PerpPosition | null>(null);
  // A dialog follows the live position (its mark moves), and closes with it once it is gone.
  const current = (chosen: PerpPosition | null) =>
    chosen ? (positions.find((position) => position.symbol === chosen.symbol) ?? null) : null;
  const closingNow = current(closing);
  const protectingNow = current(protecting);
  return (
    <>
      {positions.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('perps.positions.none')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {positions.map((position) => (
            <PerpPositionCard
              key={position.symbol}
              position={position}
              onClose={() => setClosing(position)}
              onProtect={() => setProtecting(position)}
            />
          ))}
        </Box>
      )}
      {closingNow && <ClosePositionDialog position={closingNow} onClose={() => setClosing(null)} />}
      {protectingNow && <ProtectionDialog position={protectingNow} onClose={() => setProtecting(null)} />}
    </>
  );
}

function PerpPositionCard({
  position,
  onClose,
  onProtect,
}: {
  position: PerpPosition;
  onClose: () => void;
  onProtect: () => void;
}) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const side = position.side === 'SHORT' ? 'SHORT' : 'LONG';
  const marginCall = position.marginStatus === 'MARGIN_CALL';
  return (
    <PositionCard
      label={t('perps.positions.cardLabel', { symbol: position.symbol })}
      title={position.symbol}
      badges={
        <Stack direction="row" spacing={0.5}>
          <Chip
            size="small"
            color={side === 'LONG' ? 'success' : 'error'}
            label={`${t(`perps.positionSide.${side}`)} ${position.leverage}x`}
          />
          {marginCall && <Chip size="small" color="error" label={t('perps.positions.marginCall')} />}
        </Stack>
      }
      marginCall={marginCall}
      marginCallText={t('perps.positions.marginCallText')}
      lines={positionLines(position, t, locale)}
      action={{
        label: t('perps.protection.button'),
        ariaLabel: t('perps.protection.label', { symbol: position.symbol }),
        onClick: onProtect,
      }}
      close={{
        label: t('perps.close.button'),
        ariaLabel: t('perps.close.label', { symbol: position.symbol }),
        onClick: onClose,
      }}
    />
  );
}
