import { describe, expect, it } from 'vitest';
import { stepValue } from './steps';

describe('stepValue', () => {
  it('R5.03 plus adds a step, minus takes one away and is ignored below the step', () => {
    expect(stepValue('1.5', '0.1', 'plus', 8)).toBe('1.6');
    expect(stepValue('1.5', '0.1', 'minus', 8)).toBe('1.4');
    expect(stepValue('0.05', '0.1', 'minus', 8)).toBe('0.05');
    expect(stepValue(null, '10000', 'plus', 0)).toBe('10000');
    expect(stepValue('', '10000', 'minus', 0)).toBe('0');
  });
});
