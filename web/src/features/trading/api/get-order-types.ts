import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { OrderTypes } from './types';

/** GET /v1/crypto/order-types: the order types offered for a pair and whether buying or selling is open. */
export function getOrderTypes(symbol: string, signal?: AbortSignal): Promise<OrderTypes> {
  return dataOf<OrderTypes>(api.GET('/v1/crypto/order-types', { params: { query: { symbol } }, signal }));
}

export function orderTypesQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'orderTypes', symbol],
    queryFn: ({ signal }) => getOrderTypes(symbol, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useOrderTypes(symbol: string, enabled = true) {
  return useQuery(orderTypesQuery(symbol, enabled));
}
