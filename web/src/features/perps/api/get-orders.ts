import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, bodyAs } from '@/lib/api-client';
import type { OrderListKind } from '@/lib/orders/types';
import { perpsKeys } from './keys';
import type { PerpOrderPage } from './types';

/** R7.05: one page of the open or closed perpetual orders (30 a page). */
export function getPerpOrders(kind: OrderListKind, page: number, signal?: AbortSignal): Promise<PerpOrderPage> {
  const params = { query: { page } };
  // bodyAs: the document's `OrderView` is the crypto one (see PerpOrder).
  return bodyAs<PerpOrderPage>(
    kind === 'open'
      ? api.GET('/v1/perps/orders/open', { params, signal })
      : api.GET('/v1/perps/orders/closed', { params, signal }),
  );
}

export function perpOrdersQuery(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: perpsKeys.orders(kind, page),
    queryFn: ({ signal }) => getPerpOrders(kind, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function usePerpOrders(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return useQuery(perpOrdersQuery(kind, page, refetchInterval));
}
