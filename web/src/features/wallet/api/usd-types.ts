import type { components } from '@/api/schema';

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
