import { AccountOverview } from '@/features/identity';
import { FeedbackDialog } from '@/features/preferences';

export function Component() {
  return (
    <AccountOverview feedbackDialog={(open, onClose) => <FeedbackDialog open={open} onClose={onClose} />} />
  );
}
