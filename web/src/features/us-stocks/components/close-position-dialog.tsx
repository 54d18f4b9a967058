import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { sentOrNull } from '@/lib/orders/sent-or-null';
import { positive, signOf } from '@/lib/decimal';
import { formatMoney, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePlaceUsOrder } from '../api/place-order';
import type { UsOrderBody, UsPosition } from '../api/types';
import { knownBucket } from '../lib/order-form';
import { closePositionBody, extendedCloseAllowed, type CloseMode } from '../lib/positions';
import { DecimalField } from '@/components/orders/decimal-field';
import { Figures } from '@/components/ui/figures';

/** R2.14 close US-stock position. */
export function ClosePositionDialog({ position, onClose }: { position: UsPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [mode, setMode] = useState<CloseMode>('market');
  const [limitPrice, setLimitPrice] = useState(position.marketPrice);
  const place = usePlaceUsOrder(t('errors.generic'));
  const extended = extendedCloseAllowed(position);
  const ready = mode === 'market' || (extended && positive(limitPrice) !== null);

  const send = (body: UsOrderBody) =>
    sentOrNull(
      () => place.mutateAsync({ side: 'SELL', body }),
      t('usStocks.close.sent', { stockId: position.stockId }),
    );

  return (
    <OrderPinDialog<UsOrderBody>
      title={t('usStocks.close.title', {
        stockId: position.stockId,
        bucket: t(`usStocks.bucket.${knownBucket(position.bucket)}`),
      })}
      onClose={onClose}
      confirmLabel={t('usStocks.close.confirm')}
      confirmColor="error"
      ready={ready}
      request={() => closePositionBody(position, mode, limitPrice)}
      send={send}
    >
      <Figures
        dense
        lines={[
          {
            label: t('usStocks.positions.quantity'),
            value: t('usStocks.sharesOf', {
              quantity: formatQuantity(position.quantity, locale),
              stockId: position.stockId,
            }),
          },
          {
            label: t('usStocks.positions.marketValue'),
            value: formatMoney(position.marketValue, 'USD', 'amount', locale),
          },
          ...(signOf(position.borrowed) > 0
            ? [
                {
                  label: t('usStocks.positions.borrowed'),
                  value: formatMoney(position.borrowed, 'USD', 'amount', locale),
                },
              ]
            : []),
        ]}
      />
      <RadioGroup
        value={mode}
        onChange={(event) => setMode(event.target.value as CloseMode)}
        aria-label={t('usStocks.close.how')}
      >
        <FormControlLabel value="market" control={<Radio />} label={t('usStocks.close.market')} />
        <FormControlLabel
          value="extendedLimit"
          control={<Radio />}
          label={t('usStocks.close.extendedLimit')}
          disabled={!extended}
        />
      </RadioGroup>
      {!extended && (
        <Typography variant="body2" color="text.secondary">
          {t('usStocks.close.extendedNotAllowed')}
        </Typography>
      )}
      {mode === 'extendedLimit' && (
        <DecimalField
          label={t('usStocks.unitPrice')}
          value={limitPrice}
          onChange={setLimitPrice}
          precision={4}
          prefix="$"
        />
      )}
    </OrderPinDialog>
  );
}
