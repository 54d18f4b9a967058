import { describe, expect, it } from 'vitest';
import { estimateQueryParams } from './get-estimate';

describe('estimate query', () => {
  it('R5.11 includes only non-empty fields', () => {
    expect(
      estimateQueryParams({ symbol: 'BTC-IDR', side: 'BUY', quantity: '', amount: ' 50000 ', limitPrice: null }),
    ).toEqual({ symbol: 'BTC-IDR', side: 'BUY', amount: '50000' });
  });
});
