import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@/config/constants';
import { api, bodyOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { OrderListKind } from '@/lib/orders/types';
import type { OrderPage } from './types';

/** R7.05: one page of the open or closed orders, 30 a page. */
export function getOrders(kind: OrderListKind, page: number, signal?: AbortSignal): Promise<OrderPage> {
  const params = { query: { page, size: ORDER_PAGE_SIZE } };
  return bodyOf<OrderPage>(
    kind === 'open'
      ? api.GET('/v1/trade-web/crypto/transactions/open', { params, signal })
      : api.GET('/v1/trade-web/crypto/transactions/closed', { params, signal }),
  );
}

export function ordersQuery(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...tradingKey, 'orders', kind, page],
    queryFn: ({ signal }) => getOrders(kind, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useOrders(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return useQuery(ordersQuery(kind, page, refetchInterval));
}
