import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usdBalanceKey, usStocksKey } from './keys';

/**
 * R8.08: a US-stock order helper shows the server's (localised) message as an error toast, then
 * rejects so the caller keeps its dialog open; every US-stock query and the USD balance refresh after.
 */
export function useUsMutation<I, O>(key: string, fn: (input: I) => Promise<O>, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation<O, unknown, I>({
    mutationKey: [...usStocksKey, key],
    mutationFn: async (input) => {
      try {
        return await fn(input);
      } catch (caught) {
        toast.error(caught instanceof ApiError ? caught.message : fallback);
        throw caught;
      }
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usStocksKey }),
        queryClient.invalidateQueries({ queryKey: usdBalanceKey }),
      ]);
    },
  });
}
