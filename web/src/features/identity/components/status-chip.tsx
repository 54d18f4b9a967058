import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = { VERIFIED: 'success', PENDING: 'warning', REJECTED: 'error', UNVERIFIED: 'default' } as const;
type KnownStatus = keyof typeof COLORS;

function isKnown(status: string): status is KnownStatus {
  return status in COLORS;
}

/** A KYC status (UNVERIFIED, PENDING, VERIFIED, REJECTED) in words and colour. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isKnown(status) ? status : 'UNVERIFIED';
  return <Chip size="small" variant="outlined" color={COLORS[known]} label={t(`account.status.${known}`)} />;
}
