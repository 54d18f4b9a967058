import { useOrderMutation } from '@/lib/orders/order-mutation';
import { usdBalanceKey, usStocksKey } from './keys';

/** What a US-stock order changes: every US-stock query and the USD balance. */
const REFRESHED = [usStocksKey, usdBalanceKey] as const;

/** R8.08: a US-stock order helper; the server's (localised) message becomes the error toast. */
export function useUsMutation<I, O>(key: string, call: (input: I) => Promise<O>, fallback: string) {
  return useOrderMutation({ mutationKey: [...usStocksKey, key], call, fallback, refresh: REFRESHED });
}
