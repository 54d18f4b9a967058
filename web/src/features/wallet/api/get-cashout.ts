import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { cashoutQueryKey } from './create-cashout';
import type { Cashout, CashoutStatus } from './types';

/** While a cash-out is on its way its status is asked this often. */
export const CASHOUT_POLL_MS = 3_000;

/** Statuses a cash-out does not leave. */
export const CASHOUT_FINAL: ReadonlySet<CashoutStatus> = new Set(['COMPLETED', 'FAILED', 'REJECTED']);

/** GET /api/v1/wallet/cashout/{id} */
export function getCashout(id: string, signal?: AbortSignal): Promise<Cashout> {
  return dataOf<Cashout>(api.GET('/v1/wallet/cashout/{id}', { params: { path: { id } }, signal }));
}

/** Polled while PROCESSING (disbursement takes seconds); PENDING_REVIEW waits for an operator, so slower. */
export function useCashout(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: cashoutQueryKey(id ?? ''),
      queryFn: ({ signal }) => getCashout(id ?? '', signal),
      enabled: id !== null,
      staleTime: 0,
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        if (!status) return CASHOUT_POLL_MS;
        if (CASHOUT_FINAL.has(status)) return false;
        return status === 'PENDING_REVIEW' ? CASHOUT_POLL_MS * 10 : CASHOUT_POLL_MS;
      },
    }),
  );
}
