import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { parseDecimal, roundDown, toText } from '@/lib/decimal';
import { formatMoney } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { usePlaceUsOrder } from '../api/place-order';
import type { UsOrderBody, UsPosition } from '../api/types';
import { draftProblem, emptyUsDraft, leverageOf, normalizeDraft, toUsOrderBody, type UsDraft } from '../lib/order-form';
import { ocoQuantityOf } from '../lib/positions';
import { DecimalField } from '@/components/orders/decimal-field';

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

  const submit = async (body: UsOrderBody, pin: string) => {
    await verifySessionPin(pin);
    try {
      await place.mutateAsync({ side: 'SELL', body });
    } catch {
      return;
    }
    toast.success(t('usStocks.oco.placed', { stockId: position.stockId }));
    onClose();
  };

  return (
    <ReviewPinForm<UsOrderBody>
      dialog={{ open: true, title: t('usStocks.oco.title', { stockId: position.stockId }), onClose }}
      reviewLabel={t('usStocks.oco.confirm')}
      reviewButtonProps={{ variant: 'contained' }}
      canReview={problem === null}
      review={{ placement: 'none' }}
      onReview={() => toUsOrderBody(position.stockId, draft)}
      pinTitle={t('orderPanel.pinTitle')}
      pinText={() => t('orderPanel.pinText')}
      onSubmit={submit}
    >
      <Typography variant="body2" color="text.secondary">
        {t('usStocks.oco.text')}
      </Typography>
      <DecimalField
        label={t('usStocks.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={0}
        suffix={t('usStocks.shares')}
      />
      <DecimalField
        label={t('usStocks.takeProfit')}
        value={takeProfit}
        onChange={setTakeProfit}
        precision={4}
        prefix="$"
      />
      <DecimalField label={t('usStocks.stopLoss')} value={stopLoss} onChange={setStopLoss} precision={4} prefix="$" />
      {problem === 'ocoOrder' && <Typography color="error">{t('usStocks.problem.ocoOrder')}</Typography>}
      {amount && <Typography variant="body2">{t('usStocks.oco.summary', { amount })}</Typography>}
    </ReviewPinForm>
  );
}
