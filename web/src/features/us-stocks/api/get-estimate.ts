import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { UsEstimate, UsOrderType, UsSide } from './types';

export interface UsEstimateInput {
  transactionType: UsSide;
  stockId: string;
  orderType: UsOrderType;
  quantity?: string | null;
  amount?: string | null;
  unitPrice?: string | null;
  stopPrice?: string | null;
  leverage?: number | null;
}

/** R5.11: only the fields that hold something go into the query. */
export function estimateParams(input: UsEstimateInput) {
  const text = (value: string | null | undefined) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const query: {
    transactionType: UsSide;
    stockId: string;
    orderType: UsOrderType;
    quantity?: string;
    amount?: string;
    unitPrice?: string;
    stopPrice?: string;
    leverage?: number;
  } = { transactionType: input.transactionType, stockId: input.stockId, orderType: input.orderType };
  const quantity = text(input.quantity);
  const amount = text(input.amount);
  const unitPrice = text(input.unitPrice);
  const stopPrice = text(input.stopPrice);
  if (quantity) query.quantity = quantity;
  if (amount) query.amount = amount;
  if (unitPrice) query.unitPrice = unitPrice;
  if (stopPrice) query.stopPrice = stopPrice;
  if (input.leverage && input.leverage > 1) query.leverage = input.leverage;
  return query;
}

/** GET /v1/us-stocks/estimate: price, quantity, value, fee, tax, total, own part, loan, rupiah. */
export function getEstimate(input: UsEstimateInput, signal?: AbortSignal): Promise<UsEstimate> {
  return dataOf<UsEstimate>(api.GET('/v1/us-stocks/estimate', { params: { query: estimateParams(input) }, signal }));
}

export function estimateQuery(input: UsEstimateInput, enabled = true) {
  return queryOptions({
    queryKey: [...usStocksKey, 'estimate', estimateParams(input)],
    queryFn: ({ signal }) => getEstimate(input, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    retry: false,
  });
}

export function useEstimate(input: UsEstimateInput, enabled = true) {
  return useQuery(estimateQuery(input, enabled));
}
