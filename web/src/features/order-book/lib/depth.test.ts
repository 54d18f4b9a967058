import { describe, expect, it } from 'vitest';
import { BOOK_DEPTH_PER_SIDE, toDepthView } from './depth';

const level = (price: string, quantity: string) => ({ price, quantity, cumulativePercentage: '0' });

describe('order book depth', () => {
  it('R5.08 R9.05 keeps the best 10 bids, highest price first, and the best 10 asks, lowest first', () => {
    const bids = Array.from({ length: 14 }, (_, i) => level(String(1000 - i * 3), '1'));
    const asks = Array.from({ length: 12 }, (_, i) => level(String(1012 + i * 2), '1')).reverse();
    const view = toDepthView({ bids: [...bids].reverse(), asks });
    expect(BOOK_DEPTH_PER_SIDE).toBe(10);
    expect(view.bids).toHaveLength(10);
    expect(view.asks).toHaveLength(10);
    expect(view.bids.map((r) => r.price).slice(0, 3)).toEqual(['1000', '997', '994']);
    expect(view.asks.map((r) => r.price).slice(0, 3)).toEqual(['1012', '1014', '1016']);
    expect(view.spread).toBe('12');
  });

  it('R5.08 gives each level the cumulative percentage of the shown total, reaching exactly 100', () => {
    const view = toDepthView({
      bids: [level('99', '0.1'), level('98', '0.2'), level('97', '0.7')],
      asks: [level('101', '0.00000001'), level('102', '0.00000003')],
    });
    expect(view.bids.map((r) => r.cumulativeQuantity)).toEqual(['0.1', '0.3', '1']);
    expect(view.bids.map((r) => r.cumulativePercentage)).toEqual([10, 30, 100]);
    expect(view.totalBidQuantity).toBe('1');
    expect(view.asks.map((r) => r.cumulativePercentage)).toEqual([25, 100]);
    expect(view.totalAskQuantity).toBe('0.00000004');
  });

  it('compares prices as decimals, not as text', () => {
    const view = toDepthView({
      bids: [level('9.5', '1'), level('10.25', '1')],
      asks: [level('0.12890', '1'), level('0.1289', '2'), level('0.13', '1')],
    });
    expect(view.bids[0]?.price).toBe('10.25');
    expect(view.asks.map((r) => r.price)).toEqual(['0.12890', '0.1289', '0.13']);
  });

  it('handles an empty side', () => {
    const view = toDepthView({ bids: [], asks: [level('5', '2')] });
    expect(view.bids).toEqual([]);
    expect(view.totalBidQuantity).toBe('0');
    expect(view.spread).toBeNull();
  });
});
