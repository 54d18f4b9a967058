import type { components } from '@/api/schema';

export type MarginWallet = components['schemas']['MarginWallet'];
export type WithdrawalEstimate = components['schemas']['WithdrawalEstimate'];
/** Which way margin moves: spot USDT → margin wallet, or back. */
export type MarginDirection = 'DEPOSIT' | 'WITHDRAWAL';
