import { PIN_LENGTH } from '@/config/constants';

/**
 * The server's rules for a new PIN (R1.13), checked before the call so the user learns at once:
 * six digits, not all the same and not a run up or down (111111, 123456, 654321).
 */
export type PinRuleError = 'incomplete' | 'tooSimple';

export function newPinError(pin: string): PinRuleError | null {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return 'incomplete';
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  const sameStep = steps.every((step) => step === steps[0]);
  return sameStep && Math.abs(steps[0]!) <= 1 ? 'tooSimple' : null;
}
