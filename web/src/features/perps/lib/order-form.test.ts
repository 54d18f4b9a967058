import { describe, expect, it } from 'vitest';
import { instrument } from '../testing/fixtures';
import {
  clampLeverage,
  draftProblem,
  emptyPerpDraft,
  fieldsFor,
  leverageMarks,
  toOrderBody,
  type PerpDraft,
} from './order-form';

const rules = instrument();
const draft = (patch: Partial<PerpDraft>): PerpDraft => ({ ...emptyPerpDraft('BUY'), quantity: '0.001', ...patch });

describe('futures order form', () => {
  it('each order type asks for what it needs: a limit its price, a stop its trigger, a stop-limit both', () => {
    expect(fieldsFor('MARKET')).toEqual({ price: false, stopPrice: false });
    expect(fieldsFor('LIMIT')).toEqual({ price: true, stopPrice: false });
    expect(fieldsFor('STOP_MARKET')).toEqual({ price: false, stopPrice: true });
    expect(fieldsFor('STOP_LIMIT')).toEqual({ price: true, stopPrice: true });
    expect(draftProblem(draft({ orderType: 'LIMIT' }), rules)).toBe('priceMissing');
    expect(draftProblem(draft({ orderType: 'STOP_MARKET' }), rules)).toBe('stopMissing');
    expect(draftProblem(draft({ orderType: 'STOP_LIMIT', stopPrice: '89000' }), rules)).toBe('priceMissing');
    expect(draftProblem(draft({ orderType: 'STOP_LIMIT', stopPrice: '89000', price: '88990.5' }), rules)).toBeNull();
  });

  it('R5.03 the quantity is on the contract step and the prices on its tick', () => {
    expect(draftProblem(draft({ quantity: '' }), rules)).toBe('quantityMissing');
    expect(draftProblem(draft({ quantity: '0' }), rules)).toBe('quantityMissing');
    expect(draftProblem(draft({ quantity: '0.0015' }), rules)).toBe('quantityStep');
    expect(draftProblem(draft({ quantity: '0.002' }), rules)).toBeNull();
    expect(draftProblem(draft({ orderType: 'LIMIT', price: '90000.05' }), rules)).toBe('priceTick');
    expect(draftProblem(draft({ orderType: 'STOP_MARKET', stopPrice: '90000.01' }), rules)).toBe('stopTick');
    expect(draftProblem(draft({ orderType: 'LIMIT', price: '90000.1' }), rules)).toBeNull();
  });

  it('an order is worth the contract minimum at its price (the mark for a market order); reduce-only is exempt', () => {
    const cheap = instrument({ markPrice: '4000.0' });
    expect(draftProblem(draft({}), cheap)).toBe('belowMinNotional'); // 0.001 × 4000 = ₮4
    expect(draftProblem(draft({ quantity: '0.002' }), cheap)).toBeNull(); // ₮8
    expect(draftProblem(draft({ orderType: 'LIMIT', price: '4000' }), rules)).toBe('belowMinNotional');
    expect(draftProblem(draft({ reduceOnly: true }), cheap)).toBeNull();
  });

  it('the request carries only the fields of its type, and reduce-only when chosen', () => {
    const filled = { quantity: ' 0.010 ', price: '60000.0', stopPrice: '58000.0' };
    expect(toOrderBody('BTCUSDT-PERP', draft({ ...filled }))).toEqual({
      symbol: 'BTCUSDT-PERP',
      orderType: 'MARKET',
      quantity: '0.010',
    });
    expect(toOrderBody('BTCUSDT-PERP', draft({ ...filled, orderType: 'LIMIT' }))).toEqual({
      symbol: 'BTCUSDT-PERP',
      orderType: 'LIMIT',
      quantity: '0.010',
      price: '60000.0',
    });
    expect(toOrderBody('BTCUSDT-PERP', draft({ ...filled, orderType: 'STOP_LIMIT', reduceOnly: true }))).toEqual({
      symbol: 'BTCUSDT-PERP',
      orderType: 'STOP_LIMIT',
      quantity: '0.010',
      price: '60000.0',
      stopPrice: '58000.0',
      reduceOnly: true,
    });
  });

  it('R3.11 the leverage slider runs from 1x to the contract maximum, never above the wallet 20x', () => {
    expect(clampLeverage(10, 20)).toBe(10);
    expect(clampLeverage(0, 20)).toBe(1);
    expect(clampLeverage(-3, 20)).toBe(1);
    expect(clampLeverage(7.6, 20)).toBe(8);
    expect(clampLeverage(25, 20)).toBe(20);
    expect(clampLeverage(50, 100)).toBe(20);
    expect(clampLeverage(15, 8)).toBe(8);
    expect(clampLeverage(Number.NaN, 20)).toBe(1);
    expect(leverageMarks(20)).toEqual([1, 5, 10, 15, 20]);
    expect(leverageMarks(8)).toEqual([1, 5, 8]);
    expect(leverageMarks(100)).toEqual([1, 5, 10, 15, 20]);
  });

  it('issue 13: a take-profit and a stop-loss go with the order on their sides of its price, never with reduce-only', () => {
    const long = draft({ protect: true, orderType: 'LIMIT', price: '88000' });
    expect(draftProblem({ ...long, takeProfit: '87000' }, rules)).toBe('takeProfitSide');
    expect(draftProblem({ ...long, takeProfit: '95000.05' }, rules)).toBe('takeProfitTick');
    expect(draftProblem({ ...long, stopLoss: '89000' }, rules)).toBe('stopLossSide');
    expect(draftProblem({ ...long, takeProfit: '95000', stopLoss: '85000' }, rules)).toBeNull();
    const short = draft({ side: 'SELL', protect: true });
    expect(draftProblem({ ...short, takeProfit: '95000' }, rules)).toBe('takeProfitSide');
    expect(draftProblem({ ...short, stopLoss: '85000' }, rules)).toBe('stopLossSide');
    expect(toOrderBody('BTCUSDT-PERP', { ...long, takeProfit: ' 95000 ', stopLoss: '' })).toMatchObject({
      takeProfit: '95000',
    });
    expect(toOrderBody('BTCUSDT-PERP', { ...long, takeProfit: '95000' })).not.toHaveProperty('stopLoss');
    // Unticked, or reduce-only: nothing is sent and nothing is checked.
    expect(toOrderBody('BTCUSDT-PERP', { ...long, protect: false, takeProfit: '95000' })).not.toHaveProperty(
      'takeProfit',
    );
    const reducing = { ...long, reduceOnly: true, takeProfit: '1' };
    expect(draftProblem(reducing, rules)).toBeNull();
    expect(toOrderBody('BTCUSDT-PERP', reducing)).not.toHaveProperty('takeProfit');
  });
});
