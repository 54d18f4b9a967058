import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** One crypto holding of the spot tab (R2.15): quantities and rupiah amounts as decimal strings. */
export type AssetHolding = Schemas['AssetHolding'];
/** The IDR wallet balance shown on top (R3.09). */
export type CashBalance = Schemas['WalletBalance'];
