import { decimalOrZero, positive, roundDown, toText } from '@/lib/decimal';

/** R5.03: plus adds one step; minus takes one away and is ignored below the step. */
export function stepValue(value: string | null, step: string, direction: 'plus' | 'minus', precision: number): string {
  const current = decimalOrZero(value);
  const stepSize = positive(step);
  if (!stepSize) return toText(current);
  if (direction === 'minus') {
    if (current.lt(stepSize)) return toText(current);
    return toText(roundDown(current.minus(stepSize), precision));
  }
  return toText(roundDown(current.plus(stepSize), precision));
}
