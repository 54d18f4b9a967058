import { describe, expect, it } from 'vitest';
import {
  compareText,
  decimalOrZero,
  decimalsOf,
  floorToMultiple,
  parseDecimal,
  percentOf,
  positive,
  roundDown,
  roundHalfUp,
  roundUp,
  signOf,
  toPlainDecimal,
  toText,
  truncateDecimals,
} from './decimal';

const d = (text: string) => parseDecimal(text)!;

describe('parsing', () => {
  it('accepts plain decimal text only', () => {
    expect(toText(d('-12.50'))).toBe('-12.5');
    expect(toText(d('+3'))).toBe('3');
    expect(toText(d(' .5 '))).toBe('0.5');
    expect(parseDecimal('1e5')).toBeNull();
    expect(parseDecimal('1.2.3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(toText(decimalOrZero('abc'))).toBe('0');
  });

  it('positive is null for zero, negatives and garbage', () => {
    expect(positive('0')).toBeNull();
    expect(positive('-1')).toBeNull();
    expect(positive('x')).toBeNull();
    expect(toText(positive('0.001')!)).toBe('0.001');
  });

  it('counts the decimals the server wrote', () => {
    expect(decimalsOf('0.12890')).toBe(5);
    expect(decimalsOf('1514937166')).toBe(0);
  });
});

describe('arithmetic without floats', () => {
  it('adds what a float would get wrong', () => {
    expect(toText(d('0.1').plus(d('0.2')))).toBe('0.3');
    expect(toText(d('99827.35').times(d('3')), 2)).toBe('299482.05');
  });

  it('R5.01 rounds down by cutting, never up', () => {
    expect(toText(roundDown(d('1.999'), 2))).toBe('1.99');
    expect(toText(roundDown(d('-1.999'), 2))).toBe('-1.99');
    expect(toText(roundDown(d('5'), 2), 2)).toBe('5.00');
  });

  it('rounds costs up and percentages half away from zero', () => {
    expect(toText(roundUp(d('1.001'), 2))).toBe('1.01');
    expect(toText(roundHalfUp(d('2.345'), 2))).toBe('2.35');
    expect(toText(roundHalfUp(d('-2.345'), 2))).toBe('-2.35');
  });

  it('floors to a multiple of a step', () => {
    expect(toText(floorToMultiple(d('1.27'), d('0.05')))).toBe('1.25');
  });

  it('takes a percentage exactly, null over zero', () => {
    expect(toText(percentOf(d('1'), d('3'), 2)!)).toBe('33.33');
    expect(toText(percentOf(d('-2'), d('3'), 2)!)).toBe('-66.67');
    expect(percentOf(d('1'), d('0'), 2)).toBeNull();
  });

  it('compares decimal text', () => {
    expect(compareText('10.5', '9.99')).toBe(1);
    expect(compareText('0.10', '0.1')).toBe(0);
    expect(compareText('-1', '0')).toBe(-1);
  });
});

describe('truncation of text and numbers', () => {
  it('R5.01 truncates to the precision, never rounds', () => {
    expect(truncateDecimals(1.999, 2)).toBe('1.99');
    expect(truncateDecimals('0.123456789', 8)).toBe('0.12345678');
    expect(truncateDecimals(-1.999, 2)).toBe('-1.99');
    expect(truncateDecimals(5, 2)).toBe('5');
    expect(truncateDecimals(1e-7, 8)).toBe('0.0000001');
    expect(truncateDecimals(1e-7, 6)).toBe('0');
    expect(truncateDecimals(0.1 + 0.2, 2)).toBe('0.3');
    expect(toPlainDecimal(1.5e21)).toBe('1500000000000000000000');
  });
});

describe('exact where floats are not', () => {
  it('sums money text exactly (0.1 + 0.2 is 0.30000000000000004 as floats)', () => {
    expect(toText(d('0.1').plus(d('0.2')))).toBe('0.3');
    expect(compareText('0.3', toText(d('0.1').plus(d('0.2'))))).toBe(0);
  });

  it('keeps every sen of rupiah past 2^53 sen', () => {
    // 2^53 sen + 1 sen: as a float the last sen is lost.
    const total = d('90071992547409.92').plus(d('0.01'));
    expect(toText(total)).toBe('90071992547409.93');
    expect(compareText('9007199254740993', '9007199254740992')).toBe(1);
  });

  it('signOf reads the sign of text without a float', () => {
    expect(signOf('0.0000000000000000000000001')).toBe(1);
    expect(signOf('-90071992547409.93')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('abc')).toBe(0);
    expect(signOf(undefined)).toBe(0);
    expect(signOf(-2)).toBe(-1);
  });
});
