import { describe, expect, it } from 'vitest';
import type { AssetHolding } from '../api/types';
import { revalue, totals } from './valuation';

const btc: AssetHolding = {
  symbol: 'BTC-IDR',
  asset: 'BTC',
  assetType: 'CRYPTO',
  quantity: '0.00123456',
  averagePrice: '1000000000.00',
  investedAmount: '1234560.00',
  currentPrice: '1000000000',
  currentValue: '1234560.00',
  unrealisedProfit: '0.00',
  unrealisedProfitPercentage: '0.00',
  realisedProfit: '15000.00',
};

describe('portfolio valuation', () => {
  it('R2.15 revalues a holding at a live price exactly, without floats', () => {
    // 0.00123456 × 1100000000.5 = 1358016.00061728, truncated to rupiah cents.
    const live = revalue(btc, '1100000000.5');
    expect(live.currentValue).toBe('1358016.00');
    expect(live.unrealisedProfit).toBe('123456.00');
    expect(live.unrealisedProfitPercentage).toBe('10.00');
    expect(live.currentPrice).toBe('1100000000.5');
    expect(live.realisedProfit).toBe('15000.00');
  });

  it('R2.15 a loss is negative, with a rounded percentage', () => {
    const live = revalue(btc, '900000000');
    expect(live.unrealisedProfit).toBe('-123456.00');
    expect(live.unrealisedProfitPercentage).toBe('-10.00');
    expect(revalue({ ...btc, investedAmount: '3.00', quantity: '1' }, '4').unrealisedProfitPercentage).toBe('33.33');
  });

  it('keeps the server figures without a usable live price', () => {
    expect(revalue(btc, null)).toBe(btc);
    expect(revalue(btc, 'abc')).toBe(btc);
    expect(revalue(btc, '0')).toBe(btc);
  });

  it('no percentage when nothing was invested', () => {
    expect(revalue({ ...btc, investedAmount: '0.00' }, '5').unrealisedProfitPercentage).toBeNull();
  });

  it('sums the holdings, treating an unpriced one as worth zero', () => {
    const eth = { ...btc, symbol: 'ETH-IDR', asset: 'ETH', investedAmount: '100.50', currentValue: null };
    expect(totals([btc, eth])).toEqual({ invested: '1234660.50', value: '1234560.00', profit: '-100.50' });
    expect(totals([])).toEqual({ invested: '0.00', value: '0.00', profit: '0.00' });
  });
});
