import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatMoney,
  formatPrice,
  formatQuantity,
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

describe('money', () => {
  it('R9.09 prefixes Rp, $ and ₮ in both locales', () => {
    expect(formatMoney(1500000, 'IDR', 'balance', 'id')).toBe('Rp1.500.000');
    expect(formatMoney(1500000, 'IDR', 'balance', 'en')).toBe('Rp1,500,000');
    expect(formatMoney(1234.5, 'USD', 'amount', 'en')).toBe('$1,234.50');
    expect(formatMoney(12.3, 'USDT', 'balance', 'en')).toBe('₮12.30');
    expect(formatMoney(-2500, 'IDR', 'amount', 'id')).toBe('-Rp2.500');
    expect(formatMoney('-0.001', 'USD', 'balance', 'en')).toBe('$0.00');
  });

  it('R9.10 Indonesian groups with dots and writes decimals after a comma; English the reverse', () => {
    expect(formatMoney('1234567.891', 'USD', 'balance', 'id')).toBe('$1.234.567,89');
    expect(formatMoney('1234567.891', 'USD', 'balance', 'en')).toBe('$1,234,567.89');
    expect(formatMoney('1234567', 'IDR', 'total', 'id')).toBe('Rp1.234.567');
    expect(formatMoney('1234567', 'IDR', 'total', 'en')).toBe('Rp1,234,567');
  });

  it('R9.09 rupiah has the same decimals in every context: no Rp99.827,3 beside Rp99.827,35', () => {
    for (const context of ['balance', 'amount', 'fee', 'total'] as const) {
      expect(formatMoney('99827.3', 'IDR', context, 'id')).toMatch(/^Rp99\.82[78]$/);
      expect(formatMoney('99827.35', 'IDR', context, 'id')).toMatch(/^Rp99\.82[78]$/);
      expect(formatMoney('5', 'USD', context, 'id')).toBe('$5,00');
    }
  });

  it('R9.09 R5.01 holdings and amounts are cut, fees and totals rounded up', () => {
    expect(formatMoney('99827.99', 'IDR', 'balance', 'id')).toBe('Rp99.827');
    expect(formatMoney('99827.99', 'IDR', 'amount', 'en')).toBe('Rp99,827');
    expect(formatMoney('1500.02', 'IDR', 'fee', 'id')).toBe('Rp1.501');
    expect(formatMoney('101500.02', 'IDR', 'total', 'en')).toBe('Rp101,501');
    expect(formatMoney('10.005', 'USDT', 'balance', 'en')).toBe('₮10.00');
    expect(formatMoney('10.001', 'USD', 'fee', 'id')).toBe('$10,01');
  });
});

describe('prices and quantities', () => {
  it('R9.09 R9.10 a price keeps the decimals the server sent, in both languages', () => {
    expect(formatPrice('1514937166', 'IDR', 'id')).toBe('Rp1.514.937.166');
    expect(formatPrice('0.12890', 'USDT', 'en')).toBe('₮0.12890');
    expect(formatPrice('263.08', 'USD', 'id')).toBe('$263,08');
    expect(formatPrice('-1234.5', null, 'en')).toBe('-1,234.5');
  });

  it('R5.01 R9.10 a quantity keeps the asset precision, cut and never rounded', () => {
    expect(formatQuantity('0.00123456789', 'id')).toBe('0,0012345678');
    expect(formatQuantity('1234.5', 'en')).toBe('1,234.5');
    expect(formatQuantity('0.001', 'id')).toBe('0,001');
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
