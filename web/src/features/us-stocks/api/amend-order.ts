import type { components } from '@/api/schema';
import { api, dataOf } from '@/lib/api-client';
import { useUsMutation } from './mutation';
import type { AmendBody } from './types';

type AmendAnswer = components['schemas']['AmendAnswer'];

/**
 * R7.13 R4.04: PATCH /v1/us-stocks/transaction/{id}/amend records an amend request (`pending`); the
 * order changes only once the exchange accepts it.
 */
export function amendUsOrder(orderId: string, body: AmendBody): Promise<AmendAnswer> {
  return dataOf<AmendAnswer>(
    api.PATCH('/v1/us-stocks/transaction/{id}/amend', { params: { path: { id: orderId } }, body }),
  );
}

export function useAmendUsOrder(fallback: string) {
  return useUsMutation(
    'amend',
    (input: { orderId: string; body: AmendBody }) => amendUsOrder(input.orderId, input.body),
    fallback,
  );
}
