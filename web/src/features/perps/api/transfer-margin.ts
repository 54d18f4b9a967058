import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { marginKeys } from './get-margin-wallet';
import type { MarginDirection, MarginWallet } from './types';

export interface MarginTransferInput {
  direction: MarginDirection;
  amount: string;
  pin: string;
}

/** Moves USDT between spot and the margin wallet, with the PIN; answers the wallet afterwards. */
export function transferMargin({ direction, amount, pin }: MarginTransferInput): Promise<MarginWallet> {
  return dataOf<MarginWallet>(
    direction === 'DEPOSIT'
      ? api.POST('/v1/perps/margin/deposit', { body: { amount, pin } })
      : api.POST('/v1/perps/margin/withdrawal', { body: { amount, pin } }),
  );
}

export function useMarginTransfer() {
  const client = useQueryClient();
  return useMutation<MarginWallet, ApiError, MarginTransferInput>({
    mutationFn: transferMargin,
    onSuccess: (wallet) => {
      client.setQueryData(marginKeys.wallet, wallet);
      // Spot USDT changed too: the crypto balances and the portfolio read it.
      void client.invalidateQueries({ queryKey: ['portfolio'] });
    },
  });
}
