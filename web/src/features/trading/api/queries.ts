import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@/config/constants';
import { apiClient } from '@/lib/api-client';
import { tradingPaths } from './paths';
import type { CryptoBalance, EstimatedOrder, OrderPage, OrderTypes, Side, SliderInput } from './types';

/** Every trading query starts with this key: a fill or a cancel refreshes them all. */
export const tradingKey = ['trading'] as const;

export function orderTypesQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'orderTypes', symbol],
    queryFn: ({ signal }) => apiClient.get<OrderTypes>(tradingPaths.orderTypes, { query: { symbol }, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** R3.07: the power, fees, steps and precisions of one side. */
export function sliderInputQuery(symbol: string, side: Side, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'sliderInput', symbol, side],
    queryFn: ({ signal }) => apiClient.get<SliderInput>(tradingPaths.sliderInput, { query: { symbol, side }, signal }),
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
    queryFn: ({ signal }) => apiClient.get<EstimatedOrder>(tradingPaths.estimate, { query: params, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
}

export function cryptoBalanceQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'balance', symbol],
    queryFn: ({ signal }) => apiClient.get<CryptoBalance>(tradingPaths.balance, { query: { symbol }, signal }),
    enabled,
  });
}

export type OrderListKind = 'open' | 'closed';

/** R7.05: 30 orders a page. */
export function ordersQuery(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...tradingKey, 'orders', kind, page],
    queryFn: ({ signal }) =>
      apiClient.get<OrderPage>(kind === 'open' ? tradingPaths.openOrders : tradingPaths.closedOrders, {
        query: { page, size: ORDER_PAGE_SIZE },
        signal,
        envelope: true,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useOrders(kind: OrderListKind, page: number, refetchInterval: number | false = false) {
  return useQuery(ordersQuery(kind, page, refetchInterval));
}

export interface PriceQuote {
  symbol: string;
  bestBid: string | null;
  bestAsk: string | null;
  lastPrice: string | null;
  timeMs: number;
}

/** The touch and the last trade; refreshed every few seconds while the panel is open. */
export function priceQuoteQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'priceQuote', symbol],
    queryFn: ({ signal }) => apiClient.get<PriceQuote>(tradingPaths.priceQuote, { query: { symbol }, signal }),
    enabled,
    refetchInterval: 3_000,
  });
}
