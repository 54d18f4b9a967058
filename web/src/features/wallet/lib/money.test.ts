import { describe, expect, it } from 'vitest';
import { addRupiah, amountFromInput, amountProblem, limitAmountInput, topupFee, wholeRupiah } from './money';

describe('wallet money', () => {
  it('adds and subtracts rupiah exactly, as the API writes them', () => {
    expect(addRupiah('150000', '0.5')).toBe('150000.50');
    expect(addRupiah('0.01', '0.06', { subtract: true })).toBe('-0.05');
    expect(addRupiah('0.01', '0.06', { subtract: true, floorAtZero: true })).toBe('0.00');
    // Larger than a float can hold exactly.
    expect(addRupiah('90071992547409931.07', '0')).toBe('90071992547409931.07');
    expect(wholeRupiah('150000.99')).toBe('150000');
  });

  it('computes the same fee as the server: flat plus the percentage rounded up to the sen', () => {
    expect(topupFee('100000', '4000.00', '0.00')).toBe('4000.00');
    expect(topupFee('100000', '0.00', '1.50')).toBe('1500.00');
    expect(topupFee('100001', '0.00', '1.50')).toBe('1500.02');
    expect(topupFee('10001', '0.00', '0.70')).toBe('70.01');
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
