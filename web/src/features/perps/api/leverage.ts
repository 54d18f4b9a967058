import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { perpsKeys } from './keys';
import { usePerpsMutation } from './mutation';
import type { PerpLeverage } from './types';

/** GET /v1/perps/leverage: the leverage the caller's new orders on a contract use. */
export function getLeverage(symbol: string, signal?: AbortSignal): Promise<PerpLeverage> {
  return dataOf<PerpLeverage>(api.GET('/v1/perps/leverage', { params: { query: { symbol } }, signal }));
}

export function leverageQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: perpsKeys.leverage(symbol),
    queryFn: ({ signal }) => getLeverage(symbol, signal),
    enabled,
  });
}

export function usePerpLeverage(symbol: string, enabled = true) {
  return useQuery(leverageQuery(symbol, enabled));
}

/** PUT /v1/perps/leverage: 1 up to the contract's ceiling; kept for the caller's next orders. */
export function putLeverage(symbol: string, leverage: number): Promise<PerpLeverage> {
  return dataOf<PerpLeverage>(api.PUT('/v1/perps/leverage', { body: { symbol, leverage } }));
}

export function useSetLeverage(fallback: string) {
  return usePerpsMutation(
    'leverage',
    (input: { symbol: string; leverage: number }) => putLeverage(input.symbol, input.leverage),
    fallback,
  );
}
