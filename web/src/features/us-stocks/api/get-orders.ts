import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, bodyOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { OrderListKind } from '@/lib/orders/types';
import type { UsOrderPage } from './types';

/** R7.05: one page of the open or closed US-stock orders (30 a page, the server's fixed size). */
export function getUsOrders(kind: OrderListKind, page: number, signal?: AbortSignal): Promise<UsOrderPage> {
  const params = { query: { page } };
  return bodyOf<UsOrderPage>(
    kind === 'open'
      ? api.GET('/v1/trade-web/us-stocks/transactions/open', { params, signal })
      : api.GET('/v1/trade-web/us-stocks/transactions/closed', { params, signal }),
  );
}

export function usOrdersQuery(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...usStocksKey, 'orders', kind, page],
    queryFn: ({ signal }) => getUsOrders(kind, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useUsOrders(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return useQuery(usOrdersQuery(kind, page, refetchInterval));
}
