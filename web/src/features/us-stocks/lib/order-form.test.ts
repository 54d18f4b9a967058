import { describe, expect, it } from 'vitest';
import {
  draftProblem,
  emptyUsDraft,
  fieldsFor,
  normalizeDraft,
  toUsOrderBody,
  typesForSide,
  wholeSharesOnly,
  type UsDraft,
} from './order-form';

const draft = (patch: Partial<UsDraft>): UsDraft => ({ ...emptyUsDraft('BUY'), ...patch });

describe('US order form fields', () => {
  it('R2.13 a market buy offers quantity or amount and take-profit/stop-loss; a limit asks its price', () => {
    expect(fieldsFor(draft({}))).toMatchObject({ amountInput: true, unitPrice: false, bracket: true });
    expect(fieldsFor(draft({ orderType: 'LIMIT' }))).toMatchObject({ amountInput: false, unitPrice: true });
    expect(fieldsFor(draft({ orderType: 'STOP_LIMIT' }))).toMatchObject({ unitPrice: true, stopPrice: true });
    expect(fieldsFor(draft({ side: 'SELL' }))).toMatchObject({ amountInput: false, bracket: false });
  });

  it('R4.10 trailing stop and OCO are offered to sells only', () => {
    expect(typesForSide('BUY')).toEqual(['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT']);
    expect(typesForSide('SELL')).toEqual(['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP', 'OCO']);
    expect(typesForSide('SELL', ['MARKET', 'OCO'])).toEqual(['MARKET', 'OCO']);
  });

  it('R4.09 extended hours only with a limit order; R4.16 4x hides time in force and trading hours', () => {
    expect(fieldsFor(draft({ orderType: 'LIMIT' })).extendedHours).toBe(true);
    expect(fieldsFor(draft({ orderType: 'STOP' })).extendedHours).toBe(false);
    expect(fieldsFor(draft({ orderType: 'LIMIT', leverage: 4 }))).toMatchObject({
      extendedHours: false,
      timeInForce: false,
      tradingHours: false,
    });
    expect(fieldsFor(draft({ leverage: 2 }))).toMatchObject({ timeInForce: true, tradingHours: true });
  });

  it('switching to a type that does not allow them drops amount input and extended hours', () => {
    const next = normalizeDraft(
      draft({ orderType: 'STOP', inputType: 'amount', tradingHours: 'INCLUDE_EXTENDED_HOURS' }),
    );
    expect(next.inputType).toBe('quantity');
    expect(next.tradingHours).toBe('REGULAR_HOURS');
    expect(normalizeDraft(draft({ side: 'BUY', orderType: 'OCO' })).orderType).toBe('MARKET');
    expect(normalizeDraft(draft({ leverage: 4 })).timeInForce).toBe('GOOD_TILL_MARKET_CLOSE');
  });

  it('fractional shares only for market and limit orders in regular hours', () => {
    expect(wholeSharesOnly(draft({}))).toBe(false);
    expect(wholeSharesOnly(draft({ orderType: 'LIMIT', tradingHours: 'INCLUDE_EXTENDED_HOURS' }))).toBe(true);
    expect(wholeSharesOnly(draft({ orderType: 'STOP' }))).toBe(true);
    expect(draftProblem(draft({ orderType: 'STOP', quantity: '0.5', stopPrice: '200' }))).toBe('wholeShares');
    expect(draftProblem(draft({ quantity: '0.5' }))).toBeNull();
  });

  it('says what is missing before review', () => {
    expect(draftProblem(draft({}))).toBe('quantityMissing');
    expect(draftProblem(draft({ inputType: 'amount' }))).toBe('amountMissing');
    expect(draftProblem(draft({ orderType: 'LIMIT', quantity: '1' }))).toBe('unitPriceMissing');
    expect(draftProblem(draft({ side: 'SELL', orderType: 'TRAILING_STOP', quantity: '1' }))).toBe('trailMissing');
    expect(
      draftProblem(draft({ side: 'SELL', orderType: 'OCO', quantity: '1', takeProfit: '180', stopLoss: '190' })),
    ).toBe('ocoOrder');
    expect(draftProblem(draft({ quantity: '1', takeProfit: '150', stopLoss: '160' }))).toBe('bracketOrder');
  });
});

describe('US order payload (R3.15)', () => {
  it('R4.17 fill by quantity drops the amount; fill by amount drops the quantity', () => {
    const byQuantity = toUsOrderBody('AAPL', draft({ quantity: '0.5', amount: '100' }));
    expect(byQuantity.quantity).toBe('0.5');
    expect(byQuantity).not.toHaveProperty('amount');
    const byAmount = toUsOrderBody('AAPL', draft({ inputType: 'amount', quantity: '0.5', amount: '100' }));
    expect(byAmount.amount).toBe('100');
    expect(byAmount).not.toHaveProperty('quantity');
  });

  it('R4.16 4x drops the trading hours and forces GOOD_TILL_MARKET_CLOSE', () => {
    const body = toUsOrderBody(
      'AAPL',
      draft({
        leverage: 4,
        orderType: 'LIMIT',
        quantity: '2',
        unitPrice: '190',
        tradingHours: 'INCLUDE_EXTENDED_HOURS',
      }),
    );
    expect(body).not.toHaveProperty('tradingHours');
    expect(body).toMatchObject({ leverage: 4, isIntradayLeverage: true, timeInForce: 'GOOD_TILL_MARKET_CLOSE' });
    const oco = toUsOrderBody(
      'AAPL',
      draft({ side: 'SELL', leverage: 4, orderType: 'OCO', quantity: '2', takeProfit: '200', stopLoss: '180' }),
    );
    expect(oco).toMatchObject({
      orderType: 'OCO',
      takeProfit: '200',
      stopLoss: '180',
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    });
    expect(oco).not.toHaveProperty('tradingHours');
  });

  it('R4.09 a limit with extended hours keeps them; a market order is always regular hours', () => {
    expect(
      toUsOrderBody(
        'AAPL',
        draft({ orderType: 'LIMIT', quantity: '1', unitPrice: '190', tradingHours: 'INCLUDE_EXTENDED_HOURS' }),
      ).tradingHours,
    ).toBe('INCLUDE_EXTENDED_HOURS');
    expect(toUsOrderBody('AAPL', draft({ quantity: '1', tradingHours: 'INCLUDE_EXTENDED_HOURS' })).tradingHours).toBe(
      'REGULAR_HOURS',
    );
  });

  it('R4.15 leverage is sent only when set (the endpoint it chooses: us-order-panel.test)', () => {
    expect(toUsOrderBody('AAPL', draft({ quantity: '1' }))).not.toHaveProperty('leverage');
    expect(toUsOrderBody('AAPL', draft({ quantity: '1', leverage: 2 })).leverage).toBe(2);
  });

  it('R4.10 a trailing stop sends its distance by percent or amount; R2.13 a buy carries its exits', () => {
    const trailing = toUsOrderBody(
      'AAPL',
      draft({ side: 'SELL', orderType: 'TRAILING_STOP', quantity: '1', trailBy: 'percent', trail: '5' }),
    );
    expect(trailing).toMatchObject({ orderType: 'TRAILING_STOP', trailPercent: '5' });
    expect(trailing).not.toHaveProperty('trailAmount');
    const bracket = toUsOrderBody('AAPL', draft({ quantity: '1', takeProfit: '220', stopLoss: '170' }));
    expect(bracket).toMatchObject({ takeProfit: '220', stopLoss: '170' });
    expect(toUsOrderBody('AAPL', draft({ quantity: '1' }))).not.toHaveProperty('takeProfit');
  });
});
