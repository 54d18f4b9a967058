import { describe, expect, it } from 'vitest';
import type { AssetHolding } from '../api/types';
import { dayChange, totalValue } from './day-change';

const holding = (symbol: string, quantity: string, currentValue: string): AssetHolding => ({
  asset: symbol.split('-')[0]!,
  assetType: 'CRYPTO',
  symbol,
  quantity,
  currentValue,
  investedAmount: '0',
  realisedProfit: '0',
});

describe('the home page figures', () => {
  it('sums quantity times the price change per unit, as a share of the value before it', () => {
    const result = dayChange([holding('BTC-IDR', '0.5', '550.00'), holding('ETH-IDR', '2', '200.00')], {
      'BTC-IDR': '100',
      'ETH-IDR': '-25',
    });
    // 0.5 × 100 − 2 × 25 = 0 → 0 % of 750
    expect(result).toEqual({ amount: '0.00', percent: '0.00' });
    expect(dayChange([holding('BTC-IDR', '1', '110.00')], { 'BTC-IDR': '10' })).toEqual({
      amount: '10.00',
      percent: '10.00',
    });
  });

  it('counts a holding without a known change as unchanged, and nothing held as no change at all', () => {
    expect(dayChange([holding('BTC-IDR', '1', '110.00')], {})).toEqual({ amount: '0.00', percent: '0.00' });
    expect(dayChange([], {})).toBeNull();
  });

  it('totals cash and holdings', () => {
    expect(totalValue('1000.50', [holding('BTC-IDR', '1', '99.50')])).toBe('1100.00');
    expect(totalValue(null, [])).toBe('0.00');
  });
});
