import { useTranslation } from 'react-i18next';

/** Statuses this build has words for; any other shows as the server sent it. */
const KNOWN_STATUSES = new Set([
  'PENDING',
  'PAID',
  'EXPIRED',
  'FAILED',
  'PENDING_REVIEW',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'ABANDONED',
]);

/** Transaction kinds this build has words for. */
const KNOWN_KINDS = new Set(['TOPUP', 'CASHOUT', 'VOUCHER']);

/** The translated word for a status (for accessible names and timelines). */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation();
  return (status: string) => (KNOWN_STATUSES.has(status) ? t(`wallet.status.${status as 'PENDING'}`) : status);
}

/** A transaction kind in words; kinds this build does not know yet show as they are. */
export function useKindLabel(): (kind: string) => string {
  const { t } = useTranslation();
  return (kind: string) => (KNOWN_KINDS.has(kind) ? t(`wallet.kind.${kind as 'TOPUP'}`) : kind);
}

/** Money leaving the wallet shows with a minus sign. */
export function signedAmount(kind: string, amount: string, idr: (value: string) => string): string {
  return kind === 'CASHOUT' ? `-${idr(amount)}` : `+${idr(amount)}`;
}
