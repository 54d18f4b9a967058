import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { CryptoBalance } from './types';

/** GET /v1/crypto/balance: the coin and rupiah held for one pair. */
export function getCryptoBalance(symbol: string, signal?: AbortSignal): Promise<CryptoBalance> {
  return dataOf<CryptoBalance>(api.GET('/v1/crypto/balance', { params: { query: { symbol } }, signal }));
}

export function cryptoBalanceQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'balance', symbol],
    queryFn: ({ signal }) => getCryptoBalance(symbol, signal),
    enabled,
  });
}

export function useCryptoBalance(symbol: string, enabled = true) {
  return useQuery(cryptoBalanceQuery(symbol, enabled));
}
