import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { Direction, UsdConversion } from './usd-types';

export interface ConvertUsdInput {
  direction: Direction;
  amount: string;
  pin: string;
}

/** POST /v1/wallet/usd/convert with the PIN. */
export function convertUsd(input: ConvertUsdInput): Promise<UsdConversion> {
  return dataOf<UsdConversion>(api.POST('/v1/wallet/usd/convert', { body: input }));
}

export function useConvertUsd() {
  const client = useQueryClient();
  return useMutation<UsdConversion, ApiError, ConvertUsdInput>({
    mutationFn: convertUsd,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: usdKeys.balance });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
