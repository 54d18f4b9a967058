import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export interface OrderMutationOptions<I, O> {
  mutationKey: QueryKey;
  call: (input: I) => Promise<O>;
  /** The toast's text when the server gave no message of its own. */
  fallback: string;
  /** Query keys an order changes (lists, balances, buying power), refreshed once it settles. */
  refresh: readonly QueryKey[];
}

/**
 * Places, amends or cancels an order of any asset class. R8.08: a refusal shows the server's
 * (localised) message as an error toast, then rejects, so the caller can keep its dialog open; the
 * figures the order touches are read again either way.
 */
export function useOrderMutation<I, O>({ mutationKey, call, fallback, refresh }: OrderMutationOptions<I, O>) {
  const queryClient = useQueryClient();
  return useMutation<O, unknown, I>({
    mutationKey,
    mutationFn: async (input) => {
      try {
        return await call(input);
      } catch (caught) {
        toast.error(caught instanceof ApiError ? caught.message : fallback);
        throw caught;
      }
    },
    onSettled: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
