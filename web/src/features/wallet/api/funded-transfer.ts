import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { FundedBucket, LeverageDirection, LeverageWallet } from './usd-types';

export interface FundedTransferInput {
  direction: LeverageDirection;
  amount: string;
  pin: string;
}

/** Moves dollars between the paln bucket and a funded bucket, with the PIN. */
export function fundedTransfer(
  bucket: FundedBucket,
  { direction, amount, pin }: FundedTransferInput,
): Promise<LeverageWallet> {
  const body = { amount, pin };
  const deposit = direction === 'DEPOSIT';
  return dataOf<LeverageWallet>(
    bucket === 'leverage'
      ? api.POST(deposit ? '/v1/wallet/leverage-wallet/deposit' : '/v1/wallet/leverage-wallet/withdraw', { body })
      : api.POST(deposit ? '/v1/wallet/intraday-wallet/deposit' : '/v1/wallet/intraday-wallet/withdraw', { body }),
  );
}

export function useFundedTransfer(bucket: FundedBucket) {
  const client = useQueryClient();
  return useMutation<LeverageWallet, ApiError, FundedTransferInput>({
    mutationFn: (input) => fundedTransfer(bucket, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: usdKeys.balance }),
  });
}
