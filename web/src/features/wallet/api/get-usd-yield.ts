import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { UsdYieldOnboarding } from './usd-types';

/** GET /v1/wallet/usd-yield/onboarding: the USD-yield offer and the caller's enrolment. */
export function getUsdYield(signal?: AbortSignal): Promise<UsdYieldOnboarding> {
  return dataOf<UsdYieldOnboarding>(api.GET('/v1/wallet/usd-yield/onboarding', { signal }));
}

export function usdYieldQuery() {
  return queryOptions({ queryKey: usdKeys.yield, queryFn: ({ signal }) => getUsdYield(signal) });
}

export function useUsdYield() {
  return useQuery(usdYieldQuery());
}
