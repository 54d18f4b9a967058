import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { toast } from '@/lib/toast';
import { useAmendOrder } from '../api/mutations';
import type { OrderView } from '../api/types';
import { amendChanges } from '../lib/amend';
import { AmountField } from './amount-field';

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
  const titleId = useId();
  const [quantity, setQuantity] = useState(order.quantity ?? '');
  const [limitPrice, setLimitPrice] = useState(order.limitPrice ?? '');
  const [stopPrice, setStopPrice] = useState(order.stopPrice ?? '');
  const [pinOpen, setPinOpen] = useState(false);
  const amend = useAmendOrder(t('errors.generic'));
  const changes = amendChanges(order, { quantity, limitPrice, stopPrice });
  const title = order.ocoLeg ? t('orderPanel.ocoModifyTitle') : t('orderPanel.amendTitle');

  const submit = async (pin: string) => {
    if (!changes) return;
    await verifySessionPin(pin);
    await amend.mutateAsync(changes);
    toast.success(t('orderPanel.amended'));
    onClose();
  };

  return (
    <>
      <Dialog
        open={!pinOpen}
        onClose={onClose}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('orderPanel.amendText')}
            </Typography>
            <AmountField
              label={t('orderPanel.quantity')}
              value={quantity}
              onChange={setQuantity}
              precision={quantityPrecision}
              suffix={baseAsset}
            />
            {order.stopPrice !== null && (
              <AmountField
                label={t('orderPanel.stopPrice')}
                value={stopPrice}
                onChange={setStopPrice}
                precision={amountPrecision}
                prefix="Rp"
              />
            )}
            {order.limitPrice !== null && (
              <AmountField
                label={t('orderPanel.limitPrice')}
                value={limitPrice}
                onChange={setLimitPrice}
                precision={amountPrecision}
                prefix="Rp"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button variant="contained" disabled={!changes} onClick={() => setPinOpen(true)}>
            {t('orderPanel.amendConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <PinEntryDialog
        open={pinOpen}
        title={t('orderPanel.pinTitle')}
        onSubmit={submit}
        onClose={() => setPinOpen(false)}
      />
    </>
  );
}
