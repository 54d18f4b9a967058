import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Figures, type FigureLine } from '@/components/ui/figures';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import type { OrderSide } from '@/lib/orders/types';

/** What the review dialog says about a priced order. */
export interface OrderReview {
  /** One sentence of what the user gives and gets, over the figures. */
  intro?: ReactNode;
  lines: FigureLine[];
  /** A caveat under the figures (a market order's price may differ). */
  note?: ReactNode;
}

export interface OrderReviewFormProps<R> {
  side: OrderSide;
  /** The coin or ticker, in the button and the dialog's title ("Review buy BTC"). */
  asset: string;
  canReview: boolean;
  /** The entry the review was priced for: a change makes it stale (see ReviewPinForm). */
  reviewFor: readonly unknown[];
  /** Prices the entry (the class's estimate); throwing shows why above the button. */
  onReview: () => Promise<R>;
  describe: (priced: R) => OrderReview;
  /** The review button's and dialog's words when the class has its own ("Review long BTCUSDT-PERP"). */
  title?: string;
  /** Places the order once the PIN is typed; rejecting keeps the PIN dialog open. */
  onSubmit: (priced: R, pin: string) => Promise<void>;
  /** The panel's fields. */
  children: ReactNode;
}

/**
 * The order panel's way to an order, the same for every asset class (R2.13): a review button in the
 * side's colour, the review in a dialog saying what is given and got, the PIN, then the class's
 * `onSubmit` (which shows the toast, R8.08).
 */
export function OrderReviewForm<R>({
  side,
  asset,
  canReview,
  reviewFor,
  onReview,
  describe,
  title: ownTitle,
  onSubmit,
  children,
}: OrderReviewFormProps<R>) {
  const { t } = useTranslation();
  const title = ownTitle ?? t(side === 'BUY' ? 'orderPanel.reviewBuy' : 'orderPanel.reviewSell', { asset });
  return (
    <ReviewPinForm<R>
      reviewLabel={title}
      reviewButtonProps={{ variant: 'contained', size: 'large', color: side === 'BUY' ? 'success' : 'error' }}
      canReview={canReview}
      spacing={2}
      reviewFor={reviewFor}
      onReview={onReview}
      review={{
        placement: 'dialog',
        title,
        confirmLabel: t('orderPanel.confirm'),
        content: (priced) => <ReviewContent {...describe(priced)} />,
      }}
      pinTitle={t('orderPanel.pinTitle')}
      pinText={() => t('orderPanel.pinText')}
      onSubmit={onSubmit}
    >
      {children}
    </ReviewPinForm>
  );
}

function ReviewContent({ intro, lines, note }: OrderReview) {
  return (
    <Stack spacing={2}>
      {intro && <Typography>{intro}</Typography>}
      <Figures lines={lines} />
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Stack>
  );
}
