import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Figures } from '@/components/ui/figures';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { sentOrNull } from '@/lib/orders/sent-or-null';
import { ApiError } from '@/lib/api-client';
import { formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { estimateClose, useClosePosition } from '../api/close-position';
import { perpsKey } from '../api/keys';
import type { CloseEstimate, PerpPosition } from '../api/types';
import { signed } from '../lib/positions';

/**
 * Closes a whole position at market (a reduce-only order): its estimate (price, fee, the profit it
 * realises) read when the dialog opens and again at confirmation, then the PIN.
 */
export function ClosePositionDialog({ position, onClose }: { position: PerpPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const estimate = useQuery({
    queryKey: [...perpsKey, 'closeEstimate', position.symbol],
    queryFn: () => estimateClose(position.symbol),
    refetchInterval: 3_000,
    retry: false,
  });
  const close = useClosePosition(t('errors.generic'));
  const usdt = (value: string, context: 'amount' | 'fee' = 'amount') => formatMoney(value, 'USDT', context, locale);

  const send = () =>
    sentOrNull(() => close.mutateAsync(position.symbol), t('perps.close.sent', { symbol: position.symbol }));

  return (
    <OrderPinDialog<CloseEstimate>
      title={t('perps.close.title', { symbol: position.symbol })}
      onClose={onClose}
      confirmLabel={t('perps.close.confirm')}
      confirmColor="error"
      ready={!!estimate.data}
      request={() => estimateClose(position.symbol)}
      send={send}
    >
      {estimate.data ? (
        <Figures
          dense
          lines={[
            {
              label: t('perps.positions.size'),
              value: `${formatQuantity(estimate.data.quantity, locale)} · ${t(`perps.positionSide.${position.side === 'SHORT' ? 'SHORT' : 'LONG'}`)}`,
            },
            { label: t('perps.close.price'), value: formatPrice(estimate.data.price, 'USDT', locale) },
            {
              label: t('perps.close.pnl'),
              value: signed(usdt(estimate.data.realisedPnl), estimate.data.realisedPnl),
              strong: true,
            },
            { label: t('perps.est.fee'), value: usdt(estimate.data.fee, 'fee') },
          ]}
        />
      ) : estimate.error instanceof ApiError ? (
        <Alert severity="warning">{estimate.error.message}</Alert>
      ) : (
        <Skeleton variant="rounded" height={96} aria-label={t('app.loading')} />
      )}
      <Alert severity="info">{t('perps.close.note')}</Alert>
    </OrderPinDialog>
  );
}
