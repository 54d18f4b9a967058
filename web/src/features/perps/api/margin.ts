import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, dataOf, withPolicy, type ApiError } from '@/lib/api-client';

export type MarginWallet = components['schemas']['MarginWallet'];
export type WithdrawalEstimate = components['schemas']['WithdrawalEstimate'];
/** Which way margin moves: spot USDT → margin wallet, or back. */
export type MarginDirection = 'DEPOSIT' | 'WITHDRAWAL';

export const marginKeys = { wallet: ['perps', 'margin-wallet'] as const };

/** R3.11: the margin wallet, refreshed every 10 s (positions change what is held). */
export function useMarginWallet() {
  return useQuery({
    queryKey: marginKeys.wallet,
    queryFn: ({ signal }) => dataOf<MarginWallet>(api.GET('/v1/perps/margin-wallet', { signal })),
    refetchInterval: 10_000,
  });
}

/** Prices a withdrawal (fee, net, whether the available margin covers it); nothing moves. */
export function estimateWithdrawal(amount: string): Promise<WithdrawalEstimate> {
  return dataOf<WithdrawalEstimate>(
    api.GET('/v1/perps/margin/withdrawal/estimate', {
      params: { query: { amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/** Moves USDT between spot and the margin wallet, with the PIN; answers the wallet afterwards. */
export function useMarginTransfer() {
  const client = useQueryClient();
  return useMutation<MarginWallet, ApiError, { direction: MarginDirection; amount: string; pin: string }>({
    mutationFn: ({ direction, amount, pin }) =>
      dataOf<MarginWallet>(
        direction === 'DEPOSIT'
          ? api.POST('/v1/perps/margin/deposit', { body: { amount, pin } })
          : api.POST('/v1/perps/margin/withdrawal', { body: { amount, pin } }),
      ),
    onSuccess: (wallet) => {
      client.setQueryData(marginKeys.wallet, wallet);
      // Spot USDT changed too: the crypto balances and the portfolio read it.
      void client.invalidateQueries({ queryKey: ['portfolio'] });
    },
  });
}
