import { describe, expect, it } from 'vitest';
import { orderView } from '../testing/fixtures';
import { amendBody } from './amend';

describe('US amend body', () => {
  it('R7.13 sends the stockId and only the fields that changed', () => {
    const order = orderView({ quantity: '2', unitPrice: '280.00', stopPrice: null });
    expect(amendBody(order, { quantity: '2', unitPrice: '280', stopPrice: '' })).toBeNull();
    expect(amendBody(order, { quantity: '2', unitPrice: '285.5', stopPrice: '' })).toEqual({
      stockId: 'AAPL',
      unitPrice: '285.5',
    });
    expect(amendBody(order, { quantity: '3', unitPrice: '280.00', stopPrice: '279' })).toEqual({
      stockId: 'AAPL',
      quantity: '3',
    });
  });

  it('a stop-limit can change its trigger and its limit together', () => {
    const order = orderView({ orderType: 'STOP_LIMIT', unitPrice: '250.00', stopPrice: '251.00' });
    expect(amendBody(order, { quantity: '1', unitPrice: '248', stopPrice: '249' })).toEqual({
      stockId: 'AAPL',
      unitPrice: '248',
      stopPrice: '249',
    });
  });
});
