import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@/config/constants';
import { api, bodyOf, dataOf } from '@/lib/api-client';
import type { CryptoBalance, EstimatedOrder, OrderPage, OrderTypes, PriceQuote, Side, SliderInput } from './types';

/** Every trading query starts with this key: a fill or a cancel refreshes them all. */
export const tradingKey = ['trading'] as const;

export function orderTypesQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'orderTypes', symbol],
    queryFn: ({ signal }) =>
      dataOf<OrderTypes>(api.GET('/v1/crypto/order-types', { params: { query: { symbol } }, signal })),
    enabled,
    staleTime: 30_000,
  });
}

/** R3.07: the power, fees, steps and precisions of one side. */
export function sliderInputQuery(symbol: string, side: Side, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'sliderInput', symbol, side],
    queryFn: ({ signal }) =>
      dataOf<SliderInput>(api.GET('/v1/crypto/slider-input', { params: { query: { symbol, side } }, signal })),
    enabled,
    staleTime: 5_000,
  });
}

export interface EstimateInput {
  symbol: string;
  side: Side;
  quantity?: string | null;
  amount?: string | null;
  limitPrice?: string | null;
}

/** R5.11: only the fields that hold something go into the query. */
export function estimateQueryParams(input: EstimateInput): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return params;
}

export function estimateQuery(input: EstimateInput, enabled = true) {
  const params = estimateQueryParams(input);
  return queryOptions({
    queryKey: [...tradingKey, 'estimate', params],
    queryFn: ({ signal }) =>
      dataOf<EstimatedOrder>(
        api.GET('/v1/crypto/estimate', {
          params: { query: { ...params, symbol: input.symbol.trim(), side: input.side } },
          signal,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
}

export function cryptoBalanceQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'balance', symbol],
    queryFn: ({ signal }) =>
      dataOf<CryptoBalance>(api.GET('/v1/crypto/balance', { params: { query: { symbol } }, signal })),
    enabled,
  });
}

export type OrderListKind = 'open' | 'closed';

/** R7.05: 30 orders a page. */
export function ordersQuery(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...tradingKey, 'orders', kind, page],
    queryFn: ({ signal }) =>
      bodyOf<OrderPage>(
        kind === 'open'
          ? api.GET('/v1/trade-web/crypto/transactions/open', {
              params: { query: { page, size: ORDER_PAGE_SIZE } },
              signal,
            })
          : api.GET('/v1/trade-web/crypto/transactions/closed', {
              params: { query: { page, size: ORDER_PAGE_SIZE } },
              signal,
            }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useOrders(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return useQuery(ordersQuery(kind, page, refetchInterval));
}

/** The touch and the last trade; refreshed every few seconds while the panel is open. */
export function priceQuoteQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'priceQuote', symbol],
    queryFn: ({ signal }) =>
      dataOf<PriceQuote>(api.GET('/v1/crypto/price-quote', { params: { query: { symbol } }, signal })),
    enabled,
    refetchInterval: 3_000,
  });
}
