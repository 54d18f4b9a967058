import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { PriceQuote } from './types';

/** GET /v1/crypto/price-quote: the touch and the last trade. */
export function getPriceQuote(symbol: string, signal?: AbortSignal): Promise<PriceQuote> {
  return dataOf<PriceQuote>(api.GET('/v1/crypto/price-quote', { params: { query: { symbol } }, signal }));
}

/** Refreshed every few seconds while the panel is open. */
export function priceQuoteQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'priceQuote', symbol],
    queryFn: ({ signal }) => getPriceQuote(symbol, signal),
    enabled,
    refetchInterval: 3_000,
  });
}

export function usePriceQuote(symbol: string, enabled = true) {
  return useQuery(priceQuoteQuery(symbol, enabled));
}
