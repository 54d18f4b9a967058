import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, bodyOf } from '@/lib/api-client';
import { perpsKeys } from './keys';
import type { FundingPayment, HistoryPage, PerpFill, PerpLiquidation } from './types';

/** Which futures history: fills (with their realised profit), funding payments or liquidations. */
export type HistoryKind = 'fills' | 'funding' | 'liquidations';

interface HistoryRows {
  fills: PerpFill;
  funding: FundingPayment;
  liquidations: PerpLiquidation;
}

/** GET /v1/perps/history/{fills|funding|liquidations}: 30 a page, newest first. */
export function getHistory<K extends HistoryKind>(
  kind: K,
  page: number,
  signal?: AbortSignal,
): Promise<HistoryPage<HistoryRows[K]>> {
  const params = { query: { page } };
  const call =
    kind === 'fills'
      ? api.GET('/v1/perps/history/fills', { params, signal })
      : kind === 'funding'
        ? api.GET('/v1/perps/history/funding', { params, signal })
        : api.GET('/v1/perps/history/liquidations', { params, signal });
  return bodyOf<HistoryPage<HistoryRows[K]>>(call as Promise<{ data?: HistoryPage<HistoryRows[K]> }>);
}

export function historyQuery<K extends HistoryKind>(kind: K, page: number) {
  return queryOptions({
    queryKey: perpsKeys.history(kind, page),
    queryFn: ({ signal }) => getHistory(kind, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePerpHistory<K extends HistoryKind>(kind: K, page: number) {
  return useQuery(historyQuery(kind, page));
}
