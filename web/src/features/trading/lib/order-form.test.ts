import { describe, expect, it } from 'vitest';
import type { SliderInput } from '../api/types';
import {
  applySlider,
  draftProblem,
  draftReady,
  emptyDraft,
  kindsFor,
  orderTotals,
  sliderPosition,
  switchSide,
  toOrderRequest,
} from './order-form';
import { sellProceeds } from './order-math';

const BUY_INPUT: SliderInput = {
  amount: '0',
  quantity: '0',
  power: '1004100',
  conversionValue: null,
  taxationFeePercentage: '0.21',
  transactionFeePercentage: '0.2',
  stepConfig: { quantity: '0.00000001', amount: '1000' },
  quantityPrecision: 8,
  amountPrecision: 0,
};
const SELL_INPUT: SliderInput = { ...BUY_INPUT, power: '0.5' };
const PRICES = { bestBid: '999000000', bestAsk: '1000000000', lastPrice: '999500000' };

describe('order form', () => {
  it('R5.04 R5.06 the slider sizes a buy by amount from the rupiah power', () => {
    const draft = applySlider({ ...emptyDraft('BUY'), inputType: 'amount' }, 50, BUY_INPUT, PRICES);
    expect(draft.amount).toBe('502050');
    expect(orderTotals(draft, BUY_INPUT, PRICES)).toEqual({ value: '502050', total: '502050' });
  });

  it('R5.02 R5.06 the slider sizes a buy by quantity net of fees at the best ask', () => {
    const draft = applySlider(emptyDraft('BUY'), 100, BUY_INPUT, PRICES);
    // 1004100 / 1.0041 = 1000000 → 0.001 BTC at 1,000,000,000
    expect(draft.quantity).toBe('0.001');
    expect(orderTotals(draft, BUY_INPUT, PRICES)).toEqual({ value: '1000000', total: '1004100' });
    expect(sliderPosition(draft, BUY_INPUT, PRICES)).toBe(100);
  });

  it('R5.04 the slider sizes a sell from the coins held', () => {
    const draft = applySlider(emptyDraft('SELL'), 25, SELL_INPUT, PRICES);
    expect(draft.quantity).toBe('0.125');
    expect(sliderPosition(draft, SELL_INPUT, PRICES)).toBe(25);
    // 0.125 × 999,000,000 = 124,875,000 less 0.41 %
    expect(orderTotals(draft, SELL_INPUT, PRICES).total).toBe(sellProceeds('124875000', SELL_INPUT, 0));
    expect(orderTotals(draft, SELL_INPUT, PRICES).total).toBe('124363012');
  });

  it('R5.05 more than the power is a problem; a limit order needs its price', () => {
    const tooMuch = { ...emptyDraft('SELL'), quantity: '0.6' };
    expect(draftProblem(tooMuch, SELL_INPUT, PRICES)).toBe('insufficientPower');
    expect(draftReady(tooMuch, SELL_INPUT, PRICES)).toBe(false);
    const limit = { ...emptyDraft('BUY'), orderType: 'LIMIT' as const, quantity: '0.0001' };
    expect(draftReady(limit, BUY_INPUT, PRICES)).toBe(false);
    expect(draftReady({ ...limit, limitPrice: '900000000' }, BUY_INPUT, PRICES)).toBe(true);
  });

  it('sends only the fields the order type uses', () => {
    expect(
      toOrderRequest('BTC-IDR', { ...emptyDraft('BUY'), inputType: 'amount', amount: '50000', quantity: '1' }),
    ).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'MARKET',
      inputType: 'amount',
      amount: '50000',
    });
    expect(
      toOrderRequest('BTC-IDR', {
        ...emptyDraft('SELL'),
        orderType: 'STOP_LIMIT',
        inputType: 'amount',
        quantity: '0.1',
        limitPrice: '1',
        stopPrice: '2',
      }),
    ).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'STOP_LIMIT',
      inputType: 'quantity',
      quantity: '0.1',
      limitPrice: '1',
      stopPrice: '2',
    });
  });

  describe('trailing stop', () => {
    const trailing = { ...emptyDraft('SELL'), orderType: 'TRAILING_STOP' as const, quantity: '0.1' };

    it('R4.10 is offered to sells only, wherever the server offers stops', () => {
      const offered = new Set(['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO']);
      expect(kindsFor('SELL', offered)).toEqual(['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP']);
      expect(kindsFor('BUY', offered)).toEqual(['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT']);
      expect(kindsFor('SELL', new Set(['MARKET', 'LIMIT']))).toEqual(['MARKET', 'LIMIT']);
      // Turning to buy leaves a sell-only type for a market order; stops stay stops.
      expect(switchSide({ ...trailing, trail: '5' }, 'BUY')).toEqual({ ...emptyDraft('BUY'), orderType: 'MARKET' });
      expect(switchSide({ ...emptyDraft('SELL'), orderType: 'STOP' }, 'BUY').orderType).toBe('STOP');
    });

    it('R4.10 needs a trail above zero: a percentage below 100, a distance below the best bid', () => {
      expect(draftReady(trailing, SELL_INPUT, PRICES)).toBe(false);
      // An empty or zero trail is not ready, but not flagged either (nothing wrong typed yet).
      expect(draftProblem(trailing, SELL_INPUT, PRICES)).toBeNull();
      expect(draftReady({ ...trailing, trail: '0' }, SELL_INPUT, PRICES)).toBe(false);
      expect(draftReady({ ...trailing, trail: '5' }, SELL_INPUT, PRICES)).toBe(true);
      expect(draftProblem({ ...trailing, trail: '100' }, SELL_INPUT, PRICES)).toBe('trailPercentRange');
      expect(draftReady({ ...trailing, trail: '100' }, SELL_INPUT, PRICES)).toBe(false);
      const byAmount = { ...trailing, trailBy: 'amount' as const };
      expect(draftReady({ ...byAmount, trail: '1000000' }, SELL_INPUT, PRICES)).toBe(true);
      expect(draftProblem({ ...byAmount, trail: '999000000' }, SELL_INPUT, PRICES)).toBe('trailTooWide');
      expect(draftReady({ ...byAmount, trail: '999000000' }, SELL_INPUT, PRICES)).toBe(false);
    });

    it('R4.10 R5.05 more coins than held is still a problem, valued at the first trigger', () => {
      const tooMuch = { ...trailing, quantity: '0.6', trail: '5' };
      expect(draftProblem(tooMuch, SELL_INPUT, PRICES)).toBe('insufficientPower');
      // 0.1 × (999,000,000 − 5 %) = 94,905,000 before fees.
      expect(orderTotals({ ...trailing, trail: '5' }, SELL_INPUT, PRICES).value).toBe('94905000');
    });

    it('R4.10 sends the quantity and exactly one of the trail percentage or amount, no trigger', () => {
      expect(toOrderRequest('BTC-IDR', { ...trailing, trail: '5', stopPrice: '1' })).toEqual({
        symbol: 'BTC-IDR',
        orderType: 'TRAILING_STOP',
        inputType: 'quantity',
        quantity: '0.1',
        trailPercent: '5',
      });
      expect(toOrderRequest('BTC-IDR', { ...trailing, trailBy: 'amount', trail: '1000000' })).toEqual({
        symbol: 'BTC-IDR',
        orderType: 'TRAILING_STOP',
        inputType: 'quantity',
        quantity: '0.1',
        trailAmount: '1000000',
      });
    });
  });
});
