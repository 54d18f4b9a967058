import { signOf } from '@/lib/decimal';

/**
 * The time left to the next funding instant as `HH:MM:SS` (the exchanges' countdown); zero once it
 * has passed, until the next instant is read.
 */
export function fundingCountdown(nextFundingTimeMs: number, nowMs: number): string {
  const left = Math.max(0, Math.floor((nextFundingTimeMs - nowMs) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

/** Whether a funding rate makes longs pay (positive) or shorts pay (negative). */
export function fundingPayer(ratePercentage: string): 'LONGS' | 'SHORTS' | null {
  const sign = signOf(ratePercentage);
  return sign > 0 ? 'LONGS' : sign < 0 ? 'SHORTS' : null;
}
