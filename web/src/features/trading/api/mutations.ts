import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, ApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { toast } from '@/lib/toast';
import { tradingKey } from './queries';
import type { AmendRequest, OcoRequest, OrderRequest, OrderView, Side } from './types';

/**
 * R8.08: an order helper shows the error's message as an error toast (or only logs it when `quiet`),
 * then rejects, so the caller can keep its dialog open.
 */
export async function orderHelper<T>(
  call: () => Promise<T>,
  options: { quiet?: boolean; fallback: string },
): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    const message = caught instanceof ApiError ? caught.message : options.fallback;
    if (options.quiet) reportError(caught);
    else toast.error(message);
    throw caught;
  }
}

export function placeOrder(side: Side, order: OrderRequest): Promise<OrderView> {
  return dataOf<OrderView>(
    side === 'BUY' ? api.POST('/v1/crypto/buy', { body: order }) : api.POST('/v1/crypto/sell', { body: order }),
  );
}

/** An OCO pair; the answer is its take-profit leg (the sibling's id is in `ocoSiblingId`). */
export function placeOco(side: Side, order: OcoRequest): Promise<OrderView> {
  return dataOf<OrderView>(
    side === 'BUY'
      ? api.POST('/v1/crypto/advanced-order/buy', { body: order })
      : api.POST('/v1/crypto/advanced-order/sell', { body: order }),
  );
}

export function cancelOrder(orderId: string): Promise<OrderView> {
  return dataOf<OrderView>(api.POST('/v1/crypto/cancel', { body: { orderId } }));
}

export function amendOrder(input: AmendRequest): Promise<OrderView> {
  return dataOf<OrderView>(api.POST('/v1/crypto/amend', { body: input }));
}

/** A trading mutation that refreshes every trading query (lists, balances, power) when it settles. */
function useTradingMutation<I, O>(key: string, fn: (input: I) => Promise<O>, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation<O, unknown, I>({
    mutationKey: [...tradingKey, key],
    mutationFn: (input) => orderHelper(() => fn(input), { fallback }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKey }),
  });
}

export function usePlaceOrder(fallback: string) {
  return useTradingMutation(
    'place',
    (input: { side: Side; order: OrderRequest }) => placeOrder(input.side, input.order),
    fallback,
  );
}

export function usePlaceOco(fallback: string) {
  return useTradingMutation(
    'oco',
    (input: { side: Side; order: OcoRequest }) => placeOco(input.side, input.order),
    fallback,
  );
}

export function useCancelOrder(fallback: string) {
  return useTradingMutation('cancel', cancelOrder, fallback);
}

export function useAmendOrder(fallback: string) {
  return useTradingMutation('amend', amendOrder, fallback);
}
