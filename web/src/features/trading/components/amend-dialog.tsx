import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { useAmendOrder } from '../api/amend-order';
import type { AmendRequest, OrderView } from '../api/types';
import { amendChanges } from '../lib/amend';
import { DecimalField } from '@/components/orders/decimal-field';

export interface AmendDialogProps {
  order: OrderView;
  baseAsset: string;
  quantityPrecision: number;
  amountPrecision: number;
  onClose: () => void;
}

/**
 * R2.14 crypto amend and OCO modify: a new quantity, limit price or trigger for an open order (an OCO
 * leg is amended on its own). A price change or a larger quantity goes to the back of the queue.
 */
export function AmendDialog({ order, baseAsset, quantityPrecision, amountPrecision, onClose }: AmendDialogProps) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(order.quantity ?? '');
  const [limitPrice, setLimitPrice] = useState(order.limitPrice ?? '');
  const [stopPrice, setStopPrice] = useState(order.stopPrice ?? '');
  const amend = useAmendOrder(t('errors.generic'));
  const changes = amendChanges(order, { quantity, limitPrice, stopPrice });
  const title = order.ocoLeg ? t('orderPanel.ocoModifyTitle') : t('orderPanel.amendTitle');

  const send = async (request: AmendRequest) => {
    await amend.mutateAsync(request);
    return t('orderPanel.amended');
  };

  return (
    <OrderPinDialog<AmendRequest>
      title={title}
      onClose={onClose}
      confirmLabel={t('orderPanel.amendConfirm')}
      ready={!!changes}
      request={() => changes}
      send={send}
    >
      <Typography variant="body2" color="text.secondary">
        {t('orderPanel.amendText')}
      </Typography>
      <DecimalField
        label={t('orderPanel.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={quantityPrecision}
        suffix={baseAsset}
      />
      {order.stopPrice != null && (
        <DecimalField
          label={t('orderPanel.stopPrice')}
          value={stopPrice}
          onChange={setStopPrice}
          precision={amountPrecision}
          prefix="Rp"
        />
      )}
      {order.limitPrice != null && (
        <DecimalField
          label={t('orderPanel.limitPrice')}
          value={limitPrice}
          onChange={setLimitPrice}
          precision={amountPrecision}
          prefix="Rp"
        />
      )}
    </OrderPinDialog>
  );
}
