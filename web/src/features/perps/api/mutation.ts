import { useOrderMutation } from '@/lib/orders/order-mutation';
import { perpsKey } from './keys';

/** What a perpetual order changes: every perpetuals query (the margin wallet's too) and the portfolio. */
const REFRESHED = [perpsKey, ['portfolio']] as const;

/** R8.08: a perpetuals call that changes something; the server's (localised) message becomes the error toast. */
export function usePerpsMutation<I, O>(key: string, call: (input: I) => Promise<O>, fallback: string) {
  return useOrderMutation({ mutationKey: [...perpsKey, key], call, fallback, refresh: REFRESHED });
}
