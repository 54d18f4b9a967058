import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Figures } from '@/components/ui/figures';
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
            <PositionCard
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

function PositionCard({
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
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('perps.positions.cardLabel', { symbol: position.symbol })}
      sx={{ p: 2, borderColor: marginCall ? 'error.main' : undefined, borderWidth: marginCall ? 2 : 1 }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
          {position.symbol}
        </Typography>
        <Stack direction="row" spacing={0.5}>
          <Chip
            size="small"
            color={side === 'LONG' ? 'success' : 'error'}
            label={`${t(`perps.positionSide.${side}`)} ${position.leverage}x`}
          />
          {marginCall && <Chip size="small" color="error" label={t('perps.positions.marginCall')} />}
        </Stack>
      </Stack>
      {marginCall && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} role="alert">
          {t('perps.positions.marginCallText')}
        </Typography>
      )}
      <Figures dense lines={positionLines(position, t, locale)} />
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 1.5 }}>
        <Button size="small" onClick={onProtect} aria-label={t('perps.protection.label', { symbol: position.symbol })}>
          {t('perps.protection.button')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={onClose}
          aria-label={t('perps.close.label', { symbol: position.symbol })}
        >
          {t('perps.close.button')}
        </Button>
      </Stack>
    </Paper>
  );
}
