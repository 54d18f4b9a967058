import type { components } from '@/api/schema';

/**
 * The wallet's API types, from `schema.d.ts`:
 * all of them are generated from the server's OpenAPI document.
 */
type Schemas = components['schemas'];

/** GET /api/v1/wallet/balance (R3.09); decimal strings in rupiah. */
export type WalletBalance = Schemas['WalletBalance'];
export type TopupMethod = Schemas['TopupMethod'];
/** A top-up channel's code, one of the server's fixed list. */
export type PaymentChannel = TopupMethod['paymentChannel'];
export type ChannelKind = Schemas['ChannelKind'];
export type InputVariables = Schemas['InputVariables'];
export type GopayLimit = Schemas['GopayLimit'];
export type CreateTopupInput = Schemas['CreateTopup'];
export type Topup = Schemas['Topup'];
export type Instructions = Schemas['Instructions'];
export type Transition = Schemas['Transition'];
export type WalletTransaction = Schemas['WalletTransaction'];
export type WalletHistoryPage = Schemas['WalletHistoryPage'];

/** The states a top-up passes through; PENDING is the only one that still changes by itself. */
export type TopupStatus = 'PENDING' | 'PAID' | 'EXPIRED' | 'FAILED';

export type TransactionKind = Schemas['TransactionKind'];
export type WalletKind = Schemas['WalletKind'];
export type HistoryFilters = Schemas['HistoryFilters'];
export type FilterOption = Schemas['FilterOption'];
export type VoucherGrant = Schemas['VoucherGrant'];

/** What a cash-out goes through: reviewed by an operator above the auto-approval limit, then disbursed. */
export type CashoutStatus = Schemas['CashoutStatus'];
/** A bank account as the cash-out calls echo it. */
export type CashoutBankAccount = Schemas['BankAccount'];
/** GET /api/v1/wallet/cashout/input-variables */
export type CashoutInputVariables = Schemas['CashoutInputVariables'];
/** GET /api/v1/wallet/auto-approval-status?amount= */
export type AutoApprovalStatus = Schemas['AutoApprovalStatus'];
export type CashoutReviewInput = Schemas['ReviewCashout'];
/** POST /api/v1/wallet/cashout/review: what the user will get, before the PIN. */
export type CashoutReview = Schemas['CashoutReview'];
export type CreateCashoutInput = Schemas['CreateCashout'];
/** POST /api/v1/wallet/cashout and GET /api/v1/wallet/cashout/{id}. */
export type Cashout = Schemas['Cashout'];
/** details-with-state-transition: exactly one of topup, cashout and voucher, with every state. */
export type TransactionDetails = Schemas['TransactionDetails'];
