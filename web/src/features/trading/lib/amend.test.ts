import { describe, expect, it } from 'vitest';
import type { OrderView } from '../api/types';
import { amendChanges } from './amend';

const order = {
  orderId: 'o1',
  quantity: '0.5',
  limitPrice: '900000000',
  stopPrice: null,
} as OrderView;

describe('amend', () => {
  it('R2.14 sends only what changed, and nothing when nothing did', () => {
    expect(amendChanges(order, { quantity: '0.5', limitPrice: '900000000', stopPrice: '' })).toBeNull();
    expect(amendChanges(order, { quantity: '0.4', limitPrice: '900000000', stopPrice: '5' })).toEqual({
      orderId: 'o1',
      quantity: '0.4',
    });
    expect(amendChanges(order, { quantity: '0.5', limitPrice: '910000000', stopPrice: '' })).toEqual({
      orderId: 'o1',
      limitPrice: '910000000',
    });
    expect(amendChanges(order, { quantity: '0', limitPrice: '', stopPrice: '' })).toBeNull();
  });
});
