import Chip, { type ChipProps } from '@mui/material/Chip';
import { useStatusLabel } from '../hooks/use-labels';

/** Every status a wallet transaction can show, with the colour that tells its outcome at a glance. */
const STATUS_COLOR: Record<string, ChipProps['color']> = {
  PENDING: 'warning',
  PENDING_REVIEW: 'warning',
  PROCESSING: 'info',
  PAID: 'success',
  COMPLETED: 'success',
  EXPIRED: 'default',
  ABANDONED: 'default',
  FAILED: 'error',
  REJECTED: 'error',
};

/** The status of a top-up or cash-out as a chip; a status this build does not know yet shows as it is. */
export function StatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const label = useStatusLabel()(status);
  return <Chip size={size} color={STATUS_COLOR[status] ?? 'default'} variant="outlined" label={label} />;
}
