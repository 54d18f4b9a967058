import { useOrderMutation } from '@/lib/orders/order-mutation';
import { tradingKey } from './keys';

/** What a crypto order changes: every trading query (lists, balances, power). */
const REFRESHED = [tradingKey] as const;

/** A trading mutation that refreshes every trading query when it settles. */
export function useTradingMutation<I, O>(key: string, call: (input: I) => Promise<O>, fallback: string) {
  return useOrderMutation({ mutationKey: [...tradingKey, key], call, fallback, refresh: REFRESHED });
}
