import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { formatPrice, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePlaceOco } from '../api/place-oco';
import { sliderInputQuery } from '../api/get-slider-input';
import type { OcoRequest, Side } from '../api/types';
import { positive } from '@/lib/decimal';
import { DecimalField } from '@/components/orders/decimal-field';
import { PriceFields } from '@/components/orders/price-fields';

export interface OcoDialogProps {
  open: boolean;
  symbol: string;
  baseAsset: string;
  side: Side;
  onClose: () => void;
}

/**
 * R2.14 crypto OCO: one quantity, a take-profit limit and a stop-loss (stop-market, or stop-limit
 * with its limit price); whichever leg fills first cancels the other.
 */
export function OcoDialog({ open, symbol, baseAsset, side, onClose }: OcoDialogProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [quantity, setQuantity] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [stopLimitPrice, setStopLimitPrice] = useState('');
  const input = useQuery(sliderInputQuery(symbol, side, open)).data;
  const place = usePlaceOco(t('errors.generic'));
  const ready = !!positive(quantity) && !!positive(takeProfit) && !!positive(stopLoss);
  const quantityPrecision = input?.quantityPrecision ?? 8;
  const amountPrecision = input?.amountPrecision ?? 0;
  const amountStep = input?.stepConfig.amount;

  const reset = () => {
    setQuantity('');
    setTakeProfit('');
    setStopLoss('');
    setStopLimitPrice('');
  };

  const send = async (order: OcoRequest) => {
    await place.mutateAsync({ side, order });
    const placed = t('orderPanel.ocoPlaced', { quantity: formatQuantity(quantity, locale), asset: baseAsset });
    reset();
    return placed;
  };

  return (
    <OrderPinDialog<OcoRequest>
      open={open}
      title={t(side === 'BUY' ? 'orderPanel.ocoBuyTitle' : 'orderPanel.ocoSellTitle', { asset: baseAsset })}
      text={t('orderPanel.ocoText')}
      onClose={onClose}
      confirmLabel={t('orderPanel.confirm')}
      ready={ready}
      // The form is its own review (it ends with the summary line).
      request={() => ({
        symbol,
        quantity,
        takeProfit,
        stopLoss,
        ...(positive(stopLimitPrice) ? { stopLimitPrice } : {}),
      })}
      send={send}
    >
      <DecimalField
        label={t('orderPanel.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={quantityPrecision}
        step={input?.stepConfig.quantity}
        suffix={baseAsset}
      />
      <PriceFields
        precision={amountPrecision}
        prefix="Rp"
        fields={[
          { label: t('orderPanel.takeProfit'), value: takeProfit, onChange: setTakeProfit, step: amountStep },
          { label: t('orderPanel.stopLoss'), value: stopLoss, onChange: setStopLoss, step: amountStep },
          { label: t('orderPanel.stopLimitPrice'), value: stopLimitPrice, onChange: setStopLimitPrice },
        ]}
      />
      {ready && (
        <Typography variant="body2">
          {t('orderPanel.ocoSummary', {
            quantity: formatQuantity(quantity, locale),
            asset: baseAsset,
            takeProfit: formatPrice(takeProfit, 'IDR', locale),
            stopLoss: formatPrice(stopLoss, 'IDR', locale),
          })}
        </Typography>
      )}
    </OrderPinDialog>
  );
}
