import { describe, expect, it } from 'vitest';
import type { MarketTimes } from '../api/types';
import { isOpenPhase, knownPhase, venueOf } from './phases';
import { sessionSpans } from './sessions';

describe('market sessions', () => {
  it('R9.08 follows New York for US stocks and indices, Jakarta sessions for IDSS, 24/7 for crypto and perps', () => {
    expect(venueOf('CRYPTO')).toBe('ALWAYS');
    expect(venueOf('PERP')).toBe('ALWAYS');
    expect(venueOf('US_STOCK')).toBe('US_EXTENDED');
    expect(venueOf('US_INDEX')).toBe('US_REGULAR');
    expect(venueOf('IDSS')).toBe('IDSS');
    expect(venueOf('MUTUAL_FUND')).toBe('FUND_NAV');
    expect(venueOf('GOLD')).toBe('WEEKDAYS');
  });

  it('reads the session phases and treats an unknown one as closed', () => {
    expect(knownPhase('PRE_MARKET')).toBe('PRE_MARKET');
    expect(isOpenPhase(knownPhase('SESSION2'))).toBe(true);
    expect(knownPhase('LUNCH_BREAK')).toBe('UNKNOWN');
    expect(isOpenPhase(knownPhase('LUNCH_BREAK'))).toBe(false);
    expect(isOpenPhase(knownPhase('CLOSED'))).toBe(false);
  });
});

describe('market times', () => {
  it('R3.14 R9.08 lists the two IDSS sessions of a day in Jakarta time', () => {
    const times: Pick<MarketTimes, 'sessions'> = {
      sessions: [
        { phase: 'SESSION1', open: '2026-11-23T02:00:00Z', close: '2026-11-23T05:00:00Z' },
        { phase: 'SESSION2', open: '2026-11-23T06:30:00Z', close: '2026-11-23T08:49:00Z' },
      ],
    };
    expect(sessionSpans(times, 'id')).toEqual([
      { phase: 'SESSION1', span: '09.00–12.00' },
      { phase: 'SESSION2', span: '13.30–15.49' },
    ]);
    expect(sessionSpans(times, 'en')[1]).toEqual({ phase: 'SESSION2', span: '13:30–15:49' });
    // A 24/7 market's day is one session without hours.
    const always: Pick<MarketTimes, 'sessions'> = {
      sessions: [{ phase: 'CONTINUOUS', open: '2026-11-22T17:00:00Z', close: '2026-11-23T17:00:00Z' }],
    };
    expect(sessionSpans(always, 'id')).toEqual([{ phase: 'CONTINUOUS', span: null }]);
  });
});
