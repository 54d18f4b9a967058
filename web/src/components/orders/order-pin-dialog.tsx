import type { ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { toast } from '@/lib/toast';

export interface OrderPinDialogProps<R> {
  /** Default true: the caller mounts the dialog while it is open. */
  open?: boolean;
  title: string;
  /** What the dialog does, above the fields. */
  text?: ReactNode;
  onClose: () => void;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** Whether what is typed makes a request (the confirm button's state). */
  ready: boolean;
  /** The request of what is typed; may ask the server first (an estimate). */
  request: () => R | null | Promise<R | null>;
  /** The PIN step's text; the order panel's by default. */
  pinText?: string;
  /**
   * Sends the request once the PIN is verified and resolves with the success toast's text, then the
   * dialog closes. Null: it failed and the class's error toast said so (the form stays). A rejection
   * keeps the PIN step open with its error.
   */
  send: (request: R) => Promise<string | null>;
  children: ReactNode;
}

/**
 * A dialog that is its own review (amend, OCO, close a position, TP/SL): the form, a confirm button
 * leading straight to the PIN, then the class's call, a toast and close. Every asset class's order
 * dialogs are this one with their own fields.
 */
export function OrderPinDialog<R>({
  open = true,
  title,
  text,
  onClose,
  confirmLabel,
  confirmColor,
  ready,
  request,
  pinText,
  send,
  children,
}: OrderPinDialogProps<R>) {
  const { t } = useTranslation();
  const submit = async (review: R, pin: string) => {
    await verifySessionPin(pin);
    const done = await send(review);
    if (done === null) return;
    toast.success(done);
    onClose();
  };
  return (
    <ReviewPinForm<R>
      dialog={{ open, title, text, onClose }}
      reviewLabel={confirmLabel}
      reviewButtonProps={{ variant: 'contained', ...(confirmColor ? { color: confirmColor } : {}) }}
      canReview={ready}
      // The form shows what is being sent; its button leads straight to the PIN.
      review={{ placement: 'none' }}
      onReview={request}
      pinTitle={t('orderPanel.pinTitle')}
      pinText={() => pinText ?? t('orderPanel.pinText')}
      onSubmit={submit}
    >
      {children}
    </ReviewPinForm>
  );
}
