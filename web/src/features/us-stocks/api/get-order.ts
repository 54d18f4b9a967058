import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { UsOrderView } from './types';

/** GET /v1/us-stocks/transaction/{id}: one order with its newest amend request. */
export function getUsOrder(orderId: string, signal?: AbortSignal): Promise<UsOrderView> {
  return dataOf<UsOrderView>(api.GET('/v1/us-stocks/transaction/{id}', { params: { path: { id: orderId } }, signal }));
}

/** Polled while an amend request waits for the exchange (the live channel also nudges it). */
export function usOrderQuery(orderId: string, refetchInterval: number | false) {
  return queryOptions({
    queryKey: [...usStocksKey, 'order', orderId],
    queryFn: ({ signal }) => getUsOrder(orderId, signal),
    refetchInterval,
  });
}

export function useUsOrder(orderId: string, refetchInterval: number | false) {
  return useQuery(usOrderQuery(orderId, refetchInterval));
}
