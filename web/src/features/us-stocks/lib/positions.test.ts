import { describe, expect, it } from 'vitest';
import { position } from '../testing/fixtures';
import { closePositionBody, extendedCloseAllowed, heldPositions, ocoQuantityOf, sortPositions } from './positions';

describe('US positions', () => {
  it('R2.14 closing sells the whole bucket at market, on the endpoint of its leverage (R4.15)', () => {
    expect(closePositionBody(position(), 'market', '')).toEqual({
      stockId: 'AAPL',
      orderType: 'MARKET',
      quantity: '1.5',
      timeInForce: 'GOOD_TILL_CANCEL',
      tradingHours: 'REGULAR_HOURS',
    });
    expect(closePositionBody(position({ bucket: 'INTRADAY', leverage: 4, quantity: '1' }), 'market', '')).toEqual({
      stockId: 'AAPL',
      orderType: 'MARKET',
      quantity: '1',
      leverage: 4,
      isIntradayLeverage: true,
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    });
  });

  it('R2.14 an extended-hours close is a limit of whole shares, never for intraday', () => {
    expect(closePositionBody(position({ quantity: '3' }), 'extendedLimit', '271.5')).toMatchObject({
      orderType: 'LIMIT',
      unitPrice: '271.5',
      tradingHours: 'INCLUDE_EXTENDED_HOURS',
    });
    expect(extendedCloseAllowed(position({ quantity: '3' }))).toBe(true);
    expect(extendedCloseAllowed(position({ quantity: '3.000000' }))).toBe(true);
    expect(extendedCloseAllowed(position({ quantity: '1.5' }))).toBe(false);
    expect(extendedCloseAllowed(position({ bucket: 'INTRADAY', quantity: '3' }))).toBe(false);
  });

  it('R5.12 the OCO quantity offered is the position floored to whole shares', () => {
    expect(ocoQuantityOf(position({ quantity: '2.75' }))).toBe('2');
    expect(ocoQuantityOf(position({ quantity: '0.5' }))).toBe('0');
  });

  it('lists only shares still held, normal before 2x before 4x', () => {
    const list = [
      position({ bucket: 'INTRADAY', stockId: 'AAPL' }),
      position({ bucket: 'PALN', stockId: 'TSLA' }),
      position({ bucket: 'LEVERAGE', stockId: 'AAPL', quantity: '0' }),
      position({ bucket: 'PALN', stockId: 'AAPL' }),
    ];
    expect(sortPositions(heldPositions(list)).map((p) => `${p.bucket}:${p.stockId}`)).toEqual([
      'PALN:AAPL',
      'PALN:TSLA',
      'INTRADAY:AAPL',
    ]);
  });
});
