/** Indonesian account numbers run from 6 (some regional banks) to 20 digits (virtual-style numbers). */
export const ACCOUNT_NUMBER_DIGITS = { min: 6, max: 20 } as const;

/** Digits only, at most the longest account number. */
export function accountNumberInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_DIGITS.max);
}
