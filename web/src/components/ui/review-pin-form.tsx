import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { Section } from '@/components/ui/section';
import { ApiError } from '@/lib/api-client';
import { ReviewRefused } from './review-refused';

/**
 * Where the review goes once priced:
 * - `inline`: under the form, which stays editable (USD converter, margin transfer);
 * - `replace`: instead of the form, with an edit button back to it (cash-out);
 * - `dialog`: in a dialog over the form (the order panel);
 * - `none`: the form itself is the review, its button leads straight to the PIN (OCO, amend).
 */
export type ReviewPlacement = 'inline' | 'replace' | 'dialog' | 'none';

export interface ReviewStep<R> {
  placement: ReviewPlacement;
  /** Names the review region or dialog (and heads it where it replaces the form). */
  title?: string;
  content?: (review: R) => ReactNode;
  /** The button that opens the PIN. */
  confirmLabel?: string;
  /** `replace` only: the button back to the form. */
  editLabel?: string;
}

/** The form's error and review button, for a form that places them itself. */
export interface ReviewFormParts {
  error: ReactNode;
  button: ReactNode;
}

export interface ReviewPinFormProps<R> {
  /** The fields; a function places the error and the review button itself (they go last otherwise). */
  children: ReactNode | ((parts: ReviewFormParts) => ReactNode);
  reviewLabel: string;
  reviewButtonProps?: Omit<ButtonProps, 'type' | 'disabled' | 'children' | 'onClick'>;
  /** False keeps the review button disabled (the form is incomplete). */
  canReview?: boolean;
  disabled?: boolean;
  /**
   * Prices the form: a server estimate, or the figures computed here. `null` means nothing to review,
   * the form shows why itself. Throwing ApiError or ReviewRefused shows its message above the button.
   */
  onReview: () => R | null | Promise<R | null>;
  /**
   * The inputs the review was priced for: once they change the review is stale and disappears, so
   * the PIN can never confirm figures the user no longer sees.
   */
  reviewFor?: readonly unknown[];
  review: ReviewStep<R>;
  pinTitle: string;
  pinText?: (review: R) => ReactNode;
  /**
   * Makes the movement with the PIN. Rejecting keeps the PIN dialog open with the error (a wrong
   * PIN); resolving returns to a fresh form, with the resolved message shown as the result if any.
   */
  onSubmit: (review: R, pin: string) => Promise<ReactNode | void>;
  /** The form in a dialog of its own (OCO, amend) instead of on the page; `text` says what it does, above the fields. */
  dialog?: { open: boolean; title: string; text?: ReactNode; onClose: () => void };
  /** Shown when pricing fails for another reason than a refusal; the generic error text otherwise. */
  errorText?: string;
  /** Spacing of the form's stack. */
  spacing?: number;
}

type Stage = 'form' | 'review' | 'pin';

interface Priced<R> {
  review: R;
  key: string;
}

/**
 * Every money movement that needs the PIN: form → review → PIN → submit → result. It owns the
 * steps, the stale-review rule and the errors, so each screen only says what to price and to send.
 */
export function ReviewPinForm<R>({
  children,
  reviewLabel,
  reviewButtonProps,
  canReview = true,
  disabled = false,
  onReview,
  reviewFor = [],
  review: step,
  pinTitle,
  pinText,
  onSubmit,
  dialog,
  errorText,
  spacing = 1.5,
}: ReviewPinFormProps<R>) {
  const { t } = useTranslation();
  const titleId = useId();
  const [stage, setStage] = useState<Stage>('form');
  const [priced, setPriced] = useState<Priced<R> | null>(null);
  const [error, setError] = useState<{ message: string; key: string } | null>(null);
  const [pricing, setPricing] = useState(false);
  const [result, setResult] = useState<ReactNode>(null);
  const key = JSON.stringify(reviewFor);
  // Compared on render rather than reset by an effect: a stale review must not show for one frame.
  const current = priced && priced.key === key ? priced.review : null;
  const shownStage: Stage = current === null ? 'form' : stage;
  const shownError = error && error.key === key ? error.message : null;
  const backStage: Stage = step.placement === 'none' ? 'form' : 'review';

  const price = async (event: FormEvent) => {
    event.preventDefault();
    if (!canReview || disabled || pricing) return;
    setError(null);
    setResult(null);
    setPriced(null);
    setPricing(true);
    try {
      const next = await onReview();
      if (next === null) return;
      setPriced({ review: next, key });
      setStage(step.placement === 'none' ? 'pin' : 'review');
    } catch (caught) {
      const known = caught instanceof ApiError || caught instanceof ReviewRefused;
      setError({ message: known ? caught.message : (errorText ?? t('errors.generic')), key });
    } finally {
      setPricing(false);
    }
  };

  const submit = async (pin: string) => {
    if (current === null) return;
    const message = await onSubmit(current, pin);
    setPriced(null);
    setStage('form');
    setResult(message ?? null);
  };

  const errorNode = shownError ? <Alert severity="error">{shownError}</Alert> : null;
  const button = (
    <Button type="submit" variant="outlined" {...reviewButtonProps} disabled={disabled || !canReview || pricing}>
      {reviewLabel}
    </Button>
  );
  const fields =
    typeof children === 'function' ? (
      children({ error: errorNode, button })
    ) : (
      <>
        {children}
        {errorNode}
        {!dialog && button}
      </>
    );

  const confirm = (
    <Button variant="contained" onClick={() => setStage('pin')}>
      {step.confirmLabel ?? t('app.confirm')}
    </Button>
  );
  const formHidden = step.placement === 'replace' && shownStage !== 'form';

  let form: ReactNode = null;
  if (dialog) {
    form = (
      <Dialog
        open={dialog.open && shownStage !== 'pin'}
        onClose={dialog.onClose}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
      >
        <DialogTitle id={titleId}>{dialog.title}</DialogTitle>
        <Box component="form" noValidate onSubmit={(event: FormEvent) => void price(event)}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {dialog.text && (
                <Typography variant="body2" color="text.secondary">
                  {dialog.text}
                </Typography>
              )}
              {fields}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" onClick={dialog.onClose}>
              {t('app.cancel')}
            </Button>
            {typeof children === 'function' ? null : button}
          </DialogActions>
        </Box>
      </Dialog>
    );
  } else if (!formHidden) {
    form = (
      <Stack component="form" spacing={spacing} noValidate onSubmit={(event: FormEvent) => void price(event)}>
        {fields}
      </Stack>
    );
  }

  let reviewNode: ReactNode = null;
  if (current !== null && step.placement === 'inline') {
    reviewNode = (
      <Box role="region" aria-label={step.title} sx={{ mt: 2 }}>
        {step.content?.(current)}
        <Box sx={{ mt: 1 }}>{confirm}</Box>
      </Box>
    );
  } else if (current !== null && step.placement === 'replace' && shownStage !== 'form') {
    reviewNode = (
      <Section title={step.title} sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        {step.content?.(current)}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button color="inherit" onClick={() => setStage('form')}>
            {step.editLabel ?? t('app.cancel')}
          </Button>
          {confirm}
        </Stack>
      </Section>
    );
  } else if (current !== null && step.placement === 'dialog') {
    reviewNode = (
      <Dialog
        open={shownStage === 'review'}
        onClose={() => setStage('form')}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}
      >
        <DialogTitle id={titleId}>{step.title}</DialogTitle>
        <DialogContent>{step.content?.(current)}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setStage('form')}>
            {t('app.cancel')}
          </Button>
          {confirm}
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <>
      {form}
      {reviewNode}
      {result && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {result}
        </Alert>
      )}
      <PinEntryDialog
        open={shownStage === 'pin' && (!dialog || dialog.open)}
        title={pinTitle}
        description={current !== null ? pinText?.(current) : undefined}
        onSubmit={submit}
        onClose={() => setStage(backStage)}
      />
    </>
  );
}
