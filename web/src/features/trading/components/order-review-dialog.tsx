import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One line of the review: what it is and its value. */
export interface ReviewLine {
  label: string;
  value: ReactNode;
  strong?: boolean;
}

export interface OrderReviewDialogProps {
  open: boolean;
  title: string;
  lines: ReviewLine[];
  note?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** The review step before the PIN: every figure of the order once more, with the fees. */
export function OrderReviewDialog({
  open,
  title,
  lines,
  note,
  confirmLabel,
  onConfirm,
  onClose,
}: OrderReviewDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
          {lines.map((line) => (
            <Stack key={line.label} direction="row" justifyContent="space-between" spacing={2}>
              <Typography component="dt" color="text.secondary">
                {line.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontWeight: line.strong ? 700 : 500,
                  fontVariantNumeric: 'tabular-nums',
                  textAlign: 'right',
                }}
              >
                {line.value}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {note}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {t('app.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
