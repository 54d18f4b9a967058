import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { UsOrderTypeOption, UsSide } from './types';

/** GET /v1/us-stocks/order-types: the order types of a side and what each allows now. */
export function getOrderTypes(stockId: string, side: UsSide, signal?: AbortSignal): Promise<UsOrderTypeOption[]> {
  return dataOf<UsOrderTypeOption[]>(
    api.GET('/v1/us-stocks/order-types', { params: { query: { stockId, transactionType: side } }, signal }),
  );
}

export function orderTypesQuery(stockId: string, side: UsSide, enabled = true) {
  return queryOptions({
    queryKey: [...usStocksKey, 'orderTypes', stockId, side],
    queryFn: ({ signal }) => getOrderTypes(stockId, side, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useOrderTypes(stockId: string, side: UsSide, enabled = true) {
  return useQuery(orderTypesQuery(stockId, side, enabled));
}
