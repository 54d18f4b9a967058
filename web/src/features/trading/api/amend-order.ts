import { api, dataOf } from '@/lib/api-client';
import { useTradingMutation } from './trading-mutation';
import type { AmendRequest, OrderView } from './types';

/** POST /v1/crypto/amend: a new quantity, limit price or trigger for an open order. */
export function amendOrder(input: AmendRequest): Promise<OrderView> {
  return dataOf<OrderView>(api.POST('/v1/crypto/amend', { body: input }));
}

export function useAmendOrder(fallback: string) {
  return useTradingMutation('amend', amendOrder, fallback);
}
