import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { EstimatedOrder, Side } from './types';

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

/** GET /v1/crypto/estimate: what an order would give and take (quantity or amount, fee, tax, total). */
export function getEstimate(input: EstimateInput, signal?: AbortSignal): Promise<EstimatedOrder> {
  const params = estimateQueryParams(input);
  return dataOf<EstimatedOrder>(
    api.GET('/v1/crypto/estimate', {
      params: { query: { ...params, symbol: input.symbol.trim(), side: input.side } },
      signal,
    }),
  );
}

export function estimateQuery(input: EstimateInput, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'estimate', estimateQueryParams(input)],
    queryFn: ({ signal }) => getEstimate(input, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
}

export function useEstimate(input: EstimateInput, enabled = true) {
  return useQuery(estimateQuery(input, enabled));
}
