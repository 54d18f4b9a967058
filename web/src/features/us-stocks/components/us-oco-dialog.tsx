import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPinDialog } from '@/components/orders/order-pin-dialog';
import { sentOrNull } from '@/lib/orders/sent-or-null';
import { parseDecimal, roundDown, toText } from '@/lib/decimal';
import { formatMoney } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { usePlaceUsOrder } from '../api/place-order';
import type { UsOrderBody, UsPosition } from '../api/types';
import { draftProblem, emptyUsDraft, leverageOf, normalizeDraft, toUsOrderBody, type UsDraft } from '../lib/order-form';
import { ocoQuantityOf } from '../lib/positions';
import { DecimalField } from '@/components/orders/decimal-field';
import { PriceFields } from '@/components/orders/price-fields';

/**
 * R2.14 US-stock OCO: a sell of a position with a take-profit limit and a stop-loss; one executing
 * cancels the other (4x: good till market close, R4.16).
 */
export function UsOcoDialog({ position, onClose }: { position: UsPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const [quantity, setQuantity] = useState(ocoQuantityOf(position));
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const place = usePlaceUsOrder(t('errors.generic'));
  const draft: UsDraft = normalizeDraft({
    ...emptyUsDraft('SELL', leverageOf(position.bucket)),
    orderType: 'OCO',
    quantity,
    takeProfit,
    stopLoss,
  });
  const problem = draftProblem(draft);
  const amount =
    problem === null
      ? formatMoney(
          toText(roundDown(parseDecimal(quantity)!.times(parseDecimal(takeProfit)!), 2)),
          'USD',
          'amount',
          locale,
        )
      : null;

  const send = (body: UsOrderBody) =>
    sentOrNull(
      () => place.mutateAsync({ side: 'SELL', body }),
      t('usStocks.oco.placed', { stockId: position.stockId }),
    );

  return (
    <OrderPinDialog<UsOrderBody>
      title={t('usStocks.oco.title', { stockId: position.stockId })}
      text={t('usStocks.oco.text')}
      onClose={onClose}
      confirmLabel={t('usStocks.oco.confirm')}
      ready={problem === null}
      request={() => toUsOrderBody(position.stockId, draft)}
      send={send}
    >
      <DecimalField
        label={t('usStocks.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={0}
        suffix={t('usStocks.shares')}
      />
      <PriceFields
        precision={4}
        prefix="$"
        fields={[
          { label: t('usStocks.takeProfit'), value: takeProfit, onChange: setTakeProfit },
          { label: t('usStocks.stopLoss'), value: stopLoss, onChange: setStopLoss },
        ]}
      />
      {problem === 'ocoOrder' && <Typography color="error">{t('usStocks.problem.ocoOrder')}</Typography>}
      {amount && <Typography variant="body2">{t('usStocks.oco.summary', { amount })}</Typography>}
    </OrderPinDialog>
  );
}
