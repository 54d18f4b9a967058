import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceFields } from '@/components/orders/price-fields';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { sentOrNull } from '@/lib/orders/sent-or-null';
import { decimalsOf } from '@/lib/decimal';
import { formatPrice } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { useSetProtection } from '../api/set-protection';
import type { PerpPosition, ProtectionBody } from '../api/types';
import { protectionProblem } from '../lib/positions';

/**
 * A position's take-profit and stop-loss on the mark price: each closes the whole position when the
 * mark reaches it; an empty field clears it. Confirmed with the PIN, as they place closing orders.
 */
export function ProtectionDialog({ position, onClose }: { position: PerpPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const save = useSetProtection(t('errors.generic'));
  const problem = protectionProblem(position, takeProfit, stopLoss);
  // The mark is sent at the contract's price precision: triggers take as many decimals.
  const precision = decimalsOf(position.markPrice);

  /** A trigger on the wrong side of the mark, as the error of its field. */
  const errorOn = (field: 'takeProfit' | 'stopLoss') =>
    problem === `${field}Side`
      ? { title: t(`perps.protection.${field}`), description: t(`perps.protection.${field}Side`) }
      : null;

  const send = (body: ProtectionBody) =>
    sentOrNull(() => save.mutateAsync(body), t('perps.protection.saved', { symbol: position.symbol }));

  return (
    <OrderPinDialog<ProtectionBody>
      title={t('perps.protection.title', { symbol: position.symbol })}
      text={t(position.side === 'SHORT' ? 'perps.protection.textShort' : 'perps.protection.textLong', {
        mark: formatPrice(position.markPrice, 'USDT', locale),
      })}
      onClose={onClose}
      confirmLabel={t('perps.protection.confirm')}
      ready={problem === null}
      request={() => ({
        symbol: position.symbol,
        takeProfit: takeProfit.trim() || null,
        stopLoss: stopLoss.trim() || null,
      })}
      send={send}
    >
      <PriceFields
        precision={precision}
        prefix="₮"
        fields={[
          {
            label: t('perps.protection.takeProfit'),
            value: takeProfit,
            onChange: setTakeProfit,
            error: errorOn('takeProfit'),
          },
          { label: t('perps.protection.stopLoss'), value: stopLoss, onChange: setStopLoss, error: errorOn('stopLoss') },
        ]}
      />
    </OrderPinDialog>
  );
}
