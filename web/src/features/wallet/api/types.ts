import type { components } from '@/api/schema';

/**
 * The wallet's API types. Top-up and history come from `schema.d.ts` (generated from the server);
 * the cash-out types follow the contract of the money work (issue 5) until its schema is generated.
 */
type Schemas = components['schemas'];

/** GET /api/v1/wallet/balance (R3.09); decimal strings in rupiah. */
export type WalletBalance = Schemas['WalletBalance'];
export type TopupMethod = Schemas['TopupMethod'];
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

/** What a cash-out goes through: reviewed by an operator above the auto-approval limit, then disbursed. */
export type CashoutStatus = 'PENDING_REVIEW' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

/** A bank account as the cash-out calls echo it. */
export interface CashoutBankAccount {
  id: string;
  bankCode: string;
  bankName: string;
  accountNumberMasked: string;
  accountHolderName: string;
}

/** GET /api/v1/wallet/cashout/input-variables */
export interface CashoutInputVariables {
  minimumAmount: string;
  maximumAmount: string;
  fee: string;
  autoApprovalLimit: string;
}

/** GET /api/v1/wallet/auto-approval-status?amount= */
export interface AutoApprovalStatus {
  autoApproval: boolean;
  autoApprovalLimit: string;
}

export interface CashoutReviewInput {
  bankAccountId: string;
  amount: string;
}

/** POST /api/v1/wallet/cashout/review: what the user will get, before the PIN. */
export interface CashoutReview {
  amount: string;
  fee: string;
  netAmount: string;
  availableBalance: string;
  autoApproval: boolean;
  bankAccount: CashoutBankAccount;
}

export interface CreateCashoutInput extends CashoutReviewInput {
  pin: string;
}

/** POST /api/v1/wallet/cashout and GET /api/v1/wallet/cashout/{id}. */
export interface Cashout {
  id: string;
  amount: string;
  fee: string;
  netAmount: string;
  status: CashoutStatus;
  failureReason?: string | null;
  bankAccount: CashoutBankAccount;
  createdAtMs: number;
}

/**
 * details-with-state-transition. Today it carries the top-up; cash-outs join with the money work, so
 * the subject is read from whichever of the two is present.
 */
export interface TransactionDetails {
  topup?: Topup | null;
  cashout?: Cashout | null;
  transitions: Transition[];
}
