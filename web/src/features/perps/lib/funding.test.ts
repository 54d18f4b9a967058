import { describe, expect, it } from 'vitest';
import { fundingCountdown, fundingPayer } from './funding';

describe('funding', () => {
  it('counts down to the next funding instant as hours, minutes and seconds, and stops at zero', () => {
    const next = Date.UTC(2026, 10, 24, 16, 0);
    expect(fundingCountdown(next, next - (7 * 3600 + 5 * 60 + 9) * 1000)).toBe('07:05:09');
    expect(fundingCountdown(next, next - 999)).toBe('00:00:00');
    expect(fundingCountdown(next, next + 5_000)).toBe('00:00:00');
  });

  it('a positive rate makes longs pay, a negative one shorts', () => {
    expect(fundingPayer('0.0100')).toBe('LONGS');
    expect(fundingPayer('-0.0050')).toBe('SHORTS');
    expect(fundingPayer('0.0000')).toBeNull();
  });
});
