import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, dataOf, withPolicy, type ApiError } from '@/lib/api-client';

export type UsdPrice = components['schemas']['UsdPrice'];
export type UsdWalletBalance = components['schemas']['UsdWalletBalance'];
export type UsdBucket = components['schemas']['UsdBucket'];
export type UsdCalculation = components['schemas']['UsdCalculation'];
export type UsdConversion = components['schemas']['UsdConversion'];
export type Direction = components['schemas']['Direction'];
export type UsdYieldOnboarding = components['schemas']['UsdYieldOnboarding'];
export type LeverageWallet = components['schemas']['LeverageWallet'];
export type LeverageCalculation = components['schemas']['LeverageCalculation'];
/** Which way a leverage- or intraday-wallet transfer goes (an inline query enum in the schema). */
export type LeverageDirection = 'DEPOSIT' | 'WITHDRAW';
/** The buckets funded from paln: leverage (2x) and intraday (4x); the server treats both alike. */
export type FundedBucket = 'leverage' | 'intraday';

const ZERO_BUCKET = (leverage: number): UsdBucket => ({
  usdCash: '0.00',
  usdMargin: '0.00',
  idrCash: '0.00',
  buyingPower: '0.00',
  usdIdrPrice: '1',
  leverage,
});

/** R8.09: what a failed USD balance fetch shows. */
export const ZERO_USD_BALANCE: UsdWalletBalance = {
  gssKycStatus: 'UNVERIFIED',
  paln: ZERO_BUCKET(1),
  leverage: ZERO_BUCKET(2),
  intraday: ZERO_BUCKET(4),
};

export const usdKeys = {
  price: ['usd', 'price'] as const,
  balance: ['usd', 'balance'] as const,
  yield: ['usd', 'yield'] as const,
};

/** The USD/IDR rates, refreshed every 10 s. */
export function useUsdPrice() {
  return useQuery(
    queryOptions({
      queryKey: usdKeys.price,
      queryFn: ({ signal }) => dataOf<UsdPrice>(api.GET('/v1/wallet/usd/price/current', { signal })),
      refetchInterval: 10_000,
    }),
  );
}

/** The three USD buckets; zero (with `failed`) when the fetch fails (R8.09). */
export function useUsdBalance() {
  const query = useQuery({
    queryKey: usdKeys.balance,
    queryFn: ({ signal }) => dataOf<UsdWalletBalance>(api.GET('/v1/wallet/usd/balance', { signal })),
    refetchInterval: 10_000,
  });
  const failed = query.isError && query.data === undefined;
  return { balance: query.data ?? (failed ? ZERO_USD_BALANCE : undefined), failed, refetch: query.refetch };
}

/** Prices a conversion; nothing moves. */
export function calculateUsd(direction: Direction, amount: string): Promise<UsdCalculation> {
  return dataOf<UsdCalculation>(
    api.GET('/v1/wallet/usd/price/calculate', {
      params: { query: { direction, amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/** POST /v1/wallet/usd/convert with the PIN. */
export function useConvertUsd() {
  const client = useQueryClient();
  return useMutation<UsdConversion, ApiError, { direction: Direction; amount: string; pin: string }>({
    mutationFn: (input) => dataOf<UsdConversion>(api.POST('/v1/wallet/usd/convert', { body: input })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: usdKeys.balance });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** The USD-yield offer and the caller's enrolment. */
export function useUsdYield() {
  return useQuery({
    queryKey: usdKeys.yield,
    queryFn: ({ signal }) => dataOf<UsdYieldOnboarding>(api.GET('/v1/wallet/usd-yield/onboarding', { signal })),
  });
}

/** Opts in (true) or out (false) of USD yield. */
export function useUsdYieldChoice() {
  const client = useQueryClient();
  return useMutation<UsdYieldOnboarding, ApiError, boolean>({
    mutationFn: (optIn) =>
      dataOf<UsdYieldOnboarding>(
        optIn ? api.POST('/v1/wallet/usd-yield/optin') : api.POST('/v1/wallet/usd-yield/optout'),
      ),
    onSuccess: (offer) => client.setQueryData(usdKeys.yield, offer),
  });
}

/** Prices a deposit into or withdrawal from a funded bucket; nothing moves. */
export function calculateFunded(
  bucket: FundedBucket,
  direction: LeverageDirection,
  amount: string,
): Promise<LeverageCalculation> {
  return dataOf<LeverageCalculation>(
    api.GET(bucket === 'leverage' ? '/v1/wallet/leverage-wallet/calculate' : '/v1/wallet/intraday-wallet/calculate', {
      params: { query: { direction, amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/** Moves dollars between the paln bucket and a funded bucket, with the PIN. */
export function useFundedTransfer(bucket: FundedBucket) {
  const client = useQueryClient();
  return useMutation<LeverageWallet, ApiError, { direction: LeverageDirection; amount: string; pin: string }>({
    mutationFn: ({ direction, amount, pin }) => {
      const body = { amount, pin };
      const deposit = direction === 'DEPOSIT';
      return dataOf<LeverageWallet>(
        bucket === 'leverage'
          ? api.POST(deposit ? '/v1/wallet/leverage-wallet/deposit' : '/v1/wallet/leverage-wallet/withdraw', { body })
          : api.POST(deposit ? '/v1/wallet/intraday-wallet/deposit' : '/v1/wallet/intraday-wallet/withdraw', { body }),
      );
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: usdKeys.balance }),
  });
}
