import { describe, expect, it } from 'vitest';
import type { TradePrint } from '../api/types';
import { addTrade, isTradePrint } from './trades';

const print = (time: number, price = '100', side: 'BUY' | 'SELL' = 'BUY'): TradePrint => ({
  symbol: 'BTC-IDR',
  price,
  quantity: '0.5',
  side,
  time,
});

describe('recent trades', () => {
  it('keeps the newest first and at most the maximum', () => {
    let list: TradePrint[] = [];
    for (let t = 1; t <= 5; t += 1) list = addTrade(list, print(t), 3);
    expect(list.map((p) => p.time)).toEqual([5, 4, 3]);
  });

  it('keeps a replayed print once and orders a late one by its time', () => {
    let list = addTrade([], print(2));
    list = addTrade(list, print(2));
    list = addTrade(list, print(1, '99', 'SELL'));
    expect(list.map((p) => p.time)).toEqual([2, 1]);
  });

  it('accepts only well-formed prints of its own symbol', () => {
    expect(isTradePrint(print(1), 'BTC-IDR')).toBe(true);
    expect(isTradePrint(print(1), 'ETH-IDR')).toBe(false);
    expect(isTradePrint({ ...print(1), side: 'HOLD' }, 'BTC-IDR')).toBe(false);
    expect(isTradePrint({ ...print(1), price: 100 }, 'BTC-IDR')).toBe(false);
    expect(isTradePrint(null, 'BTC-IDR')).toBe(false);
  });
});
