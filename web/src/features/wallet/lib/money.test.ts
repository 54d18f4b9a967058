import { describe, expect, it } from 'vitest';
import { amountFromInput, amountProblem, limitAmountInput, senToDecimal, toSen, topupFeeSen } from './money';

describe('wallet money', () => {
  it('parses and prints rupiah exactly in sen', () => {
    expect(toSen('150000')).toBe(15_000_000n);
    expect(toSen('150000.5')).toBe(15_000_050n);
    expect(toSen('0.01')).toBe(1n);
    expect(toSen('1.005')).toBeNull();
    expect(toSen('-1')).toBeNull();
    expect(toSen('abc')).toBeNull();
    expect(senToDecimal(15_000_050n)).toBe('150000.50');
    expect(senToDecimal(-5n)).toBe('-0.05');
    // Larger than a float can hold exactly.
    expect(senToDecimal(toSen('90071992547409931.07')!)).toBe('90071992547409931.07');
  });

  it('computes the same fee as the server: flat plus the percentage rounded up to the sen', () => {
    expect(senToDecimal(topupFeeSen(toSen('100000')!, '4000.00', '0.00'))).toBe('4000.00');
    expect(senToDecimal(topupFeeSen(toSen('100000')!, '0.00', '1.50'))).toBe('1500.00');
    expect(senToDecimal(topupFeeSen(toSen('100001')!, '0.00', '1.50'))).toBe('1500.02');
    expect(senToDecimal(topupFeeSen(toSen('10001')!, '0.00', '0.70'))).toBe('70.01');
  });

  it('R5.01 amount input keeps whole rupiah and cuts decimals instead of rounding', () => {
    expect(limitAmountInput('150.000,99', 'id')).toBe('150000,');
    expect(amountFromInput('150.000,99', 'id')).toBe('150000');
    expect(limitAmountInput('150,000.99', 'en')).toBe('150000.');
    expect(amountFromInput('150000.', 'en')).toBe('150000');
    expect(amountFromInput('99999.9', 'en')).toBe('99999');
    expect(limitAmountInput('Rp 12a3', 'id')).toBe('123');
    expect(limitAmountInput('000250', 'id')).toBe('250');
    expect(limitAmountInput(',5', 'id')).toBe('0,');
    // Indonesian grouping dots typed one by one are skipped; the decimal comma ends the amount.
    expect(limitAmountInput('150.', 'id')).toBe('150');
    expect(limitAmountInput('150.0', 'id')).toBe('1500');
    expect(limitAmountInput('1500,5', 'id')).toBe('1500,');
  });

  it('names what is wrong with an amount', () => {
    const limits = { minimumAmount: '10000.00', maximumAmount: '500000000.00' };
    expect(amountProblem('', limits)).toBe('empty');
    expect(amountProblem('0', limits)).toBe('empty');
    expect(amountProblem('9999', limits)).toBe('belowMinimum');
    expect(amountProblem('500000001', limits)).toBe('aboveMaximum');
    expect(amountProblem('10000', limits)).toBeNull();
    expect(amountProblem('60000', limits, '50000.00')).toBe('aboveAvailable');
    expect(amountProblem('50000', limits, '50000.00')).toBeNull();
  });
});
