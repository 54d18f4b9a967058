import { describe, expect, it } from 'vitest';
import { formatTrail, initialTrigger, trailBody, trailProblem } from './trail';

describe('trailing stops', () => {
  it('R4.10 a trail is above zero, a percentage below 100, a distance below the price', () => {
    expect(trailProblem('percent', '')).toBe('trailMissing');
    expect(trailProblem('percent', '0')).toBe('trailMissing');
    expect(trailProblem('percent', '5')).toBeNull();
    expect(trailProblem('percent', '99.99')).toBeNull();
    expect(trailProblem('percent', '100')).toBe('trailPercentRange');
    expect(trailProblem('amount', '1000000')).toBeNull();
    expect(trailProblem('amount', '1000000', '999000000')).toBeNull();
    expect(trailProblem('amount', '999000000', '999000000')).toBe('trailTooWide');
  });

  it('R4.10 the stop starts its trail below the bid, a percentage rounded to the price unit', () => {
    expect(initialTrigger('amount', '1000000', '999000000', 0)).toBe('998000000');
    expect(initialTrigger('percent', '5', '999000000', 0)).toBe('949050000');
    expect(initialTrigger('percent', '2.5', '255.31', 2)).toBe('248.93');
    expect(initialTrigger('percent', '5', null, 0)).toBeNull();
    expect(initialTrigger('percent', '100', '999000000', 0)).toBeNull();
  });

  it('R4.10 the request carries exactly one of the distance or the percentage', () => {
    expect(trailBody('percent', ' 5 ')).toEqual({ trailPercent: '5' });
    expect(trailBody('amount', '1000000')).toEqual({ trailAmount: '1000000' });
  });

  it('R4.10 a trailing order shows its distance in the user language', () => {
    expect(formatTrail({ trailPercent: '2.5' }, 'IDR', 'id')).toBe('2,5%');
    expect(formatTrail({ trailAmount: '1000000' }, 'IDR', 'id')).toBe('Rp1.000.000');
    expect(formatTrail({ trailAmount: '1.5' }, 'USD', 'en')).toBe('$1.5');
    expect(formatTrail({}, 'IDR', 'id')).toBeNull();
  });
});
