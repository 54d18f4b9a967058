import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatMoney,
  formatSignedMoney,
  gainColor,
  direction,
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

describe('exact money text', () => {
  // 2^53 sen is Rp90.071.992.547.409,92: past it a float cannot hold every sen.
  const LARGE = '90071992547409.93';

  it('R9.09 formats rupiah past 2^53 sen without a float', () => {
    expect(formatMoney('9007199254740993', 'IDR', 'balance', 'en')).toBe('Rp9,007,199,254,740,993');
    expect(formatMoney(LARGE, 'USD', 'balance', 'en')).toBe('$90,071,992,547,409.93');
    expect(formatSignedMoney(LARGE, 'USD', 'balance', 'en')).toBe('+$90,071,992,547,409.93');
    expect(formatSignedMoney(`-${LARGE}`, 'USD', 'balance', 'en')).toBe('-$90,071,992,547,409.93');
    expect(formatSignedMoney('0', 'IDR', 'balance', 'en')).toBe('Rp0');
  });

  it('a gain or loss is coloured by its exact sign', () => {
    expect(gainColor('0.0000000001')).toBe('success.main');
    expect(gainColor('-0.0000000001')).toBe('error.main');
    expect(gainColor('0.000')).toBeUndefined();
    expect(gainColor(null)).toBeUndefined();
  });

  it('R9.11 compacts decimal text exactly', () => {
    expect(formatCompact('999999.999', 'en')).toBe('999.99K');
    expect(formatCompact('9007199254740993', 'en')).toBe('9,007.19T');
    expect(formatCompact('0.3', 'en')).toBe('0.3');
  });

  it('direction reads the exact sign', () => {
    expect(direction('0.0000000000000000001')).toBe('up');
    expect(direction('-0')).toBe('flat');
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

  it('R9.05 rounds the server\'s percent text exactly (as a float 1.005 is 1.00499…)', () => {
    expect(formatPercent('1.005', 'en')).toBe('1.01%');
    expect(formatPercent('-0.001', 'en', { signed: true })).toBe('-0.00%');
    expect(formatPercent('0.001', 'en', { signed: true })).toBe('0.00%');
  });
});

describe('price parsing', () => {
  it('R5.10 removes Rp and the dots of Indonesian thousands', () => {
    expect(parsePriceText('Rp1.234.567', 'id')).toBe('1234567');
    expect(parsePriceText('Rp 1.234.567,89', 'id')).toBe('1234567.89');
    expect(parsePrice('rp12.500', 'id')?.toFixed()).toBe('12500');
  });

  it('R5.10 removes Rp and the commas of English thousands', () => {
    expect(parsePriceText('Rp1,234,567', 'en')).toBe('1234567');
    expect(parsePriceText('Rp1,234,567.89', 'en')).toBe('1234567.89');
    expect(parsePrice('$1,000.5', 'en')?.toFixed()).toBe('1000.5');
  });

  it('R5.10 prices are exact decimals, never floats', () => {
    // As floats 0.1 + 0.2 is 0.30000000000000004 and 2^53 + 1 is 2^53.
    const sum = parsePrice('Rp0,1', 'id')!.plus(parsePrice('Rp0,2', 'id')!);
    expect(sum.toFixed()).toBe('0.3');
    expect(parsePrice('Rp9.007.199.254.740.993', 'id')?.toFixed()).toBe('9007199254740993');
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
