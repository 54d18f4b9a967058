import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppConfig } from '@/api/app-config';
import { useLocale } from '@/hooks/use-locale';
import { showInInput } from '@/lib/controlled-input';
import { toast } from '@/lib/toast';
import { FEEDBACK_MESSAGE_MAX, useSendFeedback } from '../api/feedback';

/** "Send feedback" (beta): a rating from 1 to 5 and a message of at most 2000 characters. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ratingId = useId();
  const locale = useLocale();
  const location = useLocation();
  const config = useAppConfig();
  const send = useSendFeedback();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setRating(null);
    setMessage('');
    setError(null);
    send.reset();
    onClose();
  };

  const submit = () => {
    if (rating === null) {
      setError(t('feedback.ratingRequired'));
      return;
    }
    setError(null);
    send.mutate(
      {
        rating,
        message: message.trim(),
        page: location.pathname,
        context: { locale, ...(config.data?.version ? { appVersion: config.data.version } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(t('feedback.thanks'));
          close();
        },
        onError: (failure) => setError(failure.message || t('errors.generic')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 440, m: 2 } } }}
    >
      <DialogTitle id={titleId}>{t('feedback.title')}</DialogTitle>
      <DialogContent>
        <Typography id={ratingId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('feedback.ratingLabel')}
        </Typography>
        <Rating
          name="feedback-rating"
          aria-labelledby={ratingId}
          value={rating}
          onChange={(_, value) => setRating(value !== null && Number.isFinite(value) ? value : null)}
          getLabelText={(value) => t('feedback.stars', { count: value })}
          size="large"
          // MUI's click handler on a star re-renders the stars, and under Preact (vite.config.ts) that
          // render comes before the radio's change event and undoes the check, so the change never
          // fires. The click goes on only for the chosen star, whose click clears the rating.
          onClickCapture={(event) => {
            const target = event.target as HTMLInputElement;
            if (target.type === 'radio' && Number(target.value) !== rating) event.stopPropagation();
          }}
        />
        <TextField
          label={t('feedback.messageLabel')}
          value={message}
          onChange={(event) => {
            const kept = event.target.value.slice(0, FEEDBACK_MESSAGE_MAX);
            showInInput(event.target, kept);
            setMessage(kept);
          }}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          helperText={`${message.length}/${FEEDBACK_MESSAGE_MAX}`}
        />
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close}>
          {t('feedback.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending}>
          {t('feedback.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
