import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { useAmendOrder } from '../api/amend-order';
import type { AmendRequest, OrderView } from '../api/types';
import { amendChanges } from '../lib/amend';
import { DecimalField } from '@/components/orders/decimal-field';
import { PriceFields } from '@/components/orders/price-fields';

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
      text={t('orderPanel.amendText')}
      onClose={onClose}
      confirmLabel={t('orderPanel.amendConfirm')}
      ready={!!changes}
      request={() => changes}
      send={send}
    >
      <DecimalField
        label={t('orderPanel.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={quantityPrecision}
        suffix={baseAsset}
      />
      <PriceFields
        precision={amountPrecision}
        prefix="Rp"
        fields={[
          order.stopPrice != null && { label: t('orderPanel.stopPrice'), value: stopPrice, onChange: setStopPrice },
          order.limitPrice != null && { label: t('orderPanel.limitPrice'), value: limitPrice, onChange: setLimitPrice },
        ]}
      />
    </OrderPinDialog>
  );
}
