import { describe, expect, it } from 'vitest';
import { newPinError } from './pin-rules';

describe('new PIN rules', () => {
  it('R1.13 a new PIN is six digits, not repeated and not consecutive', () => {
    expect(newPinError('13579')).toBe('incomplete');
    expect(newPinError('13579a')).toBe('incomplete');
    expect(newPinError('111111')).toBe('tooSimple');
    expect(newPinError('123456')).toBe('tooSimple');
    expect(newPinError('654321')).toBe('tooSimple');
    expect(newPinError('135792')).toBeNull();
    expect(newPinError('246802')).toBeNull();
  });
});
