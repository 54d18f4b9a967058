import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCurrency,
  formatNumber,
  formatPercent,
  limitDecimalInput,
  parsePrice,
  parsePriceText,
} from './format';

describe('numbers', () => {
  it('R9.10 English uses comma thousands and dot decimals; Indonesian the reverse', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 'id')).toBe('1.234.567,89');
    expect(formatNumber(1000, 'id')).toBe('1.000');
    expect(formatNumber(-1234.5, 'id', { minimumFractionDigits: 2 })).toBe('-1.234,50');
    expect(formatNumber('0.123456789', 'en', { maximumFractionDigits: 8 })).toBe('0.12345679');
  });

  it('R5.01 can cut digits instead of rounding them', () => {
    expect(formatNumber(1.999, 'en', { maximumFractionDigits: 2, rounding: 'trunc' })).toBe('1.99');
    expect(formatNumber('0.29', 'id', { maximumFractionDigits: 2, rounding: 'trunc' })).toBe('0,29');
  });
});

describe('currencies', () => {
  it('R9.09 prefixes Rp, $ and ₮ in both locales', () => {
    expect(formatCurrency(1500000, 'IDR', 'id')).toBe('Rp1.500.000');
    expect(formatCurrency(1500000, 'IDR', 'en')).toBe('Rp1,500,000');
    expect(formatCurrency(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'USD', 'id')).toBe('$1.234,50');
    expect(formatCurrency(12.3, 'USDT', 'en')).toBe('₮12.30');
    expect(formatCurrency(-2500, 'IDR', 'id')).toBe('-Rp2.500');
    expect(formatCurrency(0.15, 'IDR', 'id')).toBe('Rp0,15');
    expect(formatCurrency('-0.001', 'USD', 'en')).toBe('$0.00');
  });
});

describe('compact units', () => {
  it('R9.11 uses rb/jt/M/T in Indonesian', () => {
    expect(formatCompact(1500, 'id')).toBe('1,5 rb');
    expect(formatCompact(2_750_000, 'id')).toBe('2,75 jt');
    expect(formatCompact(3_000_000_000, 'id')).toBe('3 M');
    expect(formatCompact(4.2e12, 'id')).toBe('4,2 T');
    expect(formatCompact(950, 'id')).toBe('950');
  });

  it('R9.11 uses K/M/B/T in English', () => {
    expect(formatCompact(1500, 'en')).toBe('1.5K');
    expect(formatCompact(2_750_000, 'en')).toBe('2.75M');
    expect(formatCompact(3_000_000_000, 'en')).toBe('3B');
    expect(formatCompact(4.2e12, 'en')).toBe('4.2T');
    expect(formatCompact(-1_234_567, 'en')).toBe('-1.23M');
  });

  it('R9.11 never shows a value larger than it is', () => {
    expect(formatCompact(999_999, 'en')).toBe('999.99K');
    expect(formatCompact(1_999_999, 'id')).toBe('1,99 jt');
  });
});

describe('percentages', () => {
  it('R9.05 shows 2 decimals in the locale format', () => {
    expect(formatPercent(12.345, 'en')).toBe('12.35%');
    expect(formatPercent(12.345, 'id')).toBe('12,35%');
    expect(formatPercent(3, 'en', { signed: true })).toBe('+3.00%');
    expect(formatPercent(-0.5, 'id', { signed: true })).toBe('-0,50%');
    expect(formatPercent(0, 'en', { signed: true })).toBe('0.00%');
  });
});

describe('price parsing', () => {
  it('R5.10 removes Rp and the dots of Indonesian thousands', () => {
    expect(parsePriceText('Rp1.234.567', 'id')).toBe('1234567');
    expect(parsePriceText('Rp 1.234.567,89', 'id')).toBe('1234567.89');
    expect(parsePrice('rp12.500', 'id')).toBe(12500);
  });

  it('R5.10 removes Rp and the commas of English thousands', () => {
    expect(parsePriceText('Rp1,234,567', 'en')).toBe('1234567');
    expect(parsePriceText('Rp1,234,567.89', 'en')).toBe('1234567.89');
    expect(parsePrice('$1,000.5', 'en')).toBe(1000.5);
  });

  it('R5.10 gives null for text that is not a price', () => {
    expect(parsePrice('abc', 'en')).toBeNull();
    expect(parsePrice('', 'id')).toBeNull();
    expect(parsePrice('1,2,3.4.5', 'en')).toBeNull();
  });
});

describe('truncation', () => {
  it('R5.01 limits typed input to numbers with the asset precision', () => {
    expect(limitDecimalInput('12.34567', 4, 'en')).toBe('12.3456');
    expect(limitDecimalInput('1,234.5', 2, 'en')).toBe('1234.5');
    expect(limitDecimalInput('1.234,5678', 2, 'id')).toBe('1234,56');
    expect(limitDecimalInput('0.5', 2, 'id')).toBe('0,5');
    expect(limitDecimalInput('12abc', 2, 'en')).toBe('12');
    expect(limitDecimalInput('7.9', 0, 'en')).toBe('7');
    expect(limitDecimalInput('.5', 2, 'en')).toBe('0.5');
  });
});
