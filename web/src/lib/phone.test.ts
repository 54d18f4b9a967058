import { describe, expect, it } from 'vitest';
import { isPlausiblePhone, normalizePhone } from './phone';

describe('phone numbers', () => {
  it('R1.13 Indonesian numbers in any usual form become +62 E.164', () => {
    expect(normalizePhone('0812 3456 7890')).toBe('+6281234567890');
    expect(normalizePhone('812-3456-7890')).toBe('+6281234567890');
    expect(normalizePhone('+62 812 3456 7890')).toBe('+6281234567890');
    expect(normalizePhone('6281234567890')).toBe('+6281234567890');
    expect(normalizePhone('+65 9123 4567')).toBe('+6591234567');
  });

  it('R1.13 obvious typos are caught before the call', () => {
    expect(isPlausiblePhone('0812 3456 7890')).toBe(true);
    expect(isPlausiblePhone('0812')).toBe(false);
    expect(isPlausiblePhone('0212345678')).toBe(false);
    expect(isPlausiblePhone('+65 9123 4567')).toBe(true);
  });
});
