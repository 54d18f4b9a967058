import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { useAmendUsOrder } from '../api/amend-order';
import { useUsOrder } from '../api/get-order';
import type { AmendBody, AmendRequestView, UsOrderView } from '../api/types';
import { amendOutcome } from '../lib/display';
import { amendBody } from '../lib/amend';
import { DecimalField } from '@/components/orders/decimal-field';
import { PriceFields } from '@/components/orders/price-fields';

/** While the exchange has not answered, the order is read again this often (the live channel also nudges it). */
const AMEND_POLL_MS = 500;
const REASONS = [
  'PRICE_OFF_TICK',
  'QUANTITY_NOT_ABOVE_FILLED',
  'STOP_ALREADY_REACHED',
  'INSUFFICIENT_BUYING_POWER',
  'ORDER_NOT_OPEN',
] as const;
type Reason = (typeof REASONS)[number];
const isReason = (reason: string): reason is Reason => (REASONS as readonly string[]).includes(reason);

export interface UsAmendDialogProps {
  order: UsOrderView;
  onClose: () => void;
}

/**
 * R2.14 GSS amend: new price, trigger or quantity for an open limit, stop or stop-limit order. The
 * request waits for the exchange (R4.04 pending) and the dialog says when it is accepted or rejected
 * and why; the order keeps working as it was until then.
 */
export function UsAmendDialog({ order, onClose }: UsAmendDialogProps) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(order.quantity ?? '');
  const [unitPrice, setUnitPrice] = useState(order.unitPrice ?? '');
  const [stopPrice, setStopPrice] = useState(order.stopPrice ?? '');
  const [sent, setSent] = useState<AmendRequestView | null>(null);
  const amend = useAmendUsOrder(t('errors.generic'));
  const body = amendBody(order, { quantity, unitPrice, stopPrice });

  if (sent) return <AmendStatusDialog orderId={order.orderId} request={sent} onClose={onClose} />;

  const submit = async (request: AmendBody, pin: string) => {
    await verifySessionPin(pin);
    let answer;
    try {
      answer = await amend.mutateAsync({ orderId: order.orderId, body: request });
    } catch {
      return;
    }
    setSent(answer.amendRequest);
  };

  return (
    <ReviewPinForm<AmendBody>
      dialog={{
        open: true,
        title: t('usStocks.amend.title', { stockId: order.stockId }),
        text: t('usStocks.amend.text'),
        onClose,
      }}
      reviewLabel={t('usStocks.amend.send')}
      reviewButtonProps={{ variant: 'contained' }}
      canReview={body !== null}
      review={{ placement: 'none' }}
      onReview={() => body}
      pinTitle={t('orderPanel.pinTitle')}
      pinText={() => t('usStocks.amend.pinText')}
      onSubmit={submit}
    >
      <PriceFields
        precision={4}
        prefix="$"
        fields={[
          order.stopPrice != null && { label: t('usStocks.stopPrice'), value: stopPrice, onChange: setStopPrice },
          order.unitPrice != null && { label: t('usStocks.unitPrice'), value: unitPrice, onChange: setUnitPrice },
        ]}
      />
      <DecimalField
        label={t('usStocks.quantity')}
        value={quantity}
        onChange={setQuantity}
        precision={6}
        suffix={t('usStocks.shares')}
      />
    </ReviewPinForm>
  );
}

function AmendStatusDialog({
  orderId,
  request,
  onClose,
}: {
  orderId: string;
  request: AmendRequestView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [pending, setPending] = useState(true);
  const order = useUsOrder(orderId, pending ? AMEND_POLL_MS : false);
  const newest = order.data?.amendRequest?.id === request.id ? order.data.amendRequest : request;
  const outcome = amendOutcome(newest);
  if (pending && outcome !== 'pending') setPending(false);
  const reason = newest.reason ?? '';
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId}>{t('usStocks.amend.statusTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} role="status" aria-live="polite">
          {outcome === 'pending' && (
            <Stack direction="row" spacing={1.5} alignItems="center">
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('usStocks.amend.pending')}</Typography>
            </Stack>
          )}
          {outcome === 'accepted' && (
            <Alert severity="success">
              <AlertTitle>{t('usStocks.amend.accepted')}</AlertTitle>
              {t('usStocks.amend.acceptedText')}
            </Alert>
          )}
          {outcome === 'rejected' && (
            <Alert severity="error">
              <AlertTitle>{t('usStocks.amend.rejected')}</AlertTitle>
              {isReason(reason) ? t(`usStocks.amend.reason.${reason}`) : reason || t('usStocks.amend.noReason')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant={outcome === 'pending' ? 'text' : 'contained'} onClick={onClose}>
          {t('usStocks.amend.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
