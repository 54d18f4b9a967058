import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { UsdYieldOnboarding } from './usd-types';

/** Opts in (true) or out (false) of USD yield; answers the offer as it now stands. */
export function chooseUsdYield(optIn: boolean): Promise<UsdYieldOnboarding> {
  return dataOf<UsdYieldOnboarding>(
    optIn ? api.POST('/v1/wallet/usd-yield/optin') : api.POST('/v1/wallet/usd-yield/optout'),
  );
}

export function useUsdYieldChoice() {
  const client = useQueryClient();
  return useMutation<UsdYieldOnboarding, ApiError, boolean>({
    mutationFn: chooseUsdYield,
    onSuccess: (offer) => client.setQueryData(usdKeys.yield, offer),
  });
}
