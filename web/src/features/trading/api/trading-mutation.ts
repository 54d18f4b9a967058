import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { toast } from '@/lib/toast';
import { tradingKey } from './keys';

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

/** A trading mutation that refreshes every trading query (lists, balances, power) when it settles. */
export function useTradingMutation<I, O>(key: string, fn: (input: I) => Promise<O>, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation<O, unknown, I>({
    mutationKey: [...tradingKey, key],
    mutationFn: (input) => orderHelper(() => fn(input), { fallback }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKey }),
  });
}
