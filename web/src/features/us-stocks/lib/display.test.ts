import { describe, expect, it } from 'vitest';
import type { AmendRequestView, UsOrderView } from '../api/types';
import { amendOutcome, canAmend, formatChangeTime, statusWordOf } from './display';

const order = (patch: Partial<UsOrderView>): UsOrderView =>
  ({
    orderId: 'o1',
    stockId: 'AAPL',
    orderType: 'LIMIT',
    isOpen: true,
    system: false,
    status: 'PENDING',
    statusWord: 'working',
    ...patch,
  }) as UsOrderView;

describe('US order display', () => {
  it('R4.02 pending is working, success and partial are filled, cancelled is canceled, failed is rejected', () => {
    expect(statusWordOf({ status: 'PENDING' })).toBe('working');
    expect(statusWordOf({ status: 'PARTIALLY_FILLED' })).toBe('filled');
    expect(statusWordOf({ status: 'SUCCESS' })).toBe('filled');
    expect(statusWordOf({ status: 'CANCELLED' })).toBe('canceled');
    expect(statusWordOf({ status: 'FAILED' })).toBe('rejected');
    expect(statusWordOf({ status: 'PENDING', statusWord: 'filled' })).toBe('filled');
  });

  it('R4.04 pending covers waiting and sent; success counts as accepted; failed as rejected', () => {
    expect(amendOutcome({ status: 'pending' })).toBe('pending');
    expect(amendOutcome({ status: 'amend_requested' })).toBe('pending');
    expect(amendOutcome({ status: 'accepted' })).toBe('accepted');
    expect(amendOutcome({ status: 'success' })).toBe('accepted');
    expect(amendOutcome({ status: 'rejected' })).toBe('rejected');
    expect(amendOutcome({ status: 'failed' })).toBe('rejected');
  });

  it('R4.04 only open limit/stop orders of the user, one amend request at a time', () => {
    expect(canAmend(order({}))).toBe(true);
    expect(canAmend(order({ orderType: 'MARKET' }))).toBe(false);
    expect(canAmend(order({ system: true }))).toBe(false);
    expect(canAmend(order({ isOpen: false }))).toBe(false);
    const pending: AmendRequestView = {
      id: 'a',
      orderId: 'o1',
      status: 'pending',
      exchangeState: 'SENT_TO_EXCHANGE',
      createdAtMs: 1,
      updatedAtMs: 1,
    };
    expect(canAmend(order({ amendRequest: pending }))).toBe(false);
    expect(canAmend(order({ amendRequest: { ...pending, status: 'rejected' } }))).toBe(true);
  });

  it('names the session change time in Jakarta time', () => {
    // 2026-11-24 14:30 UTC is 21:30 in Jakarta.
    expect(formatChangeTime(Date.UTC(2026, 10, 24, 14, 30), 'en')).toBe('Tue 21:30 WIB');
    expect(formatChangeTime(Date.UTC(2026, 10, 24, 14, 30), 'id')).toMatch(/^Sel.*21\.30 WIB$/);
  });
});
