import { describe, expect, it } from 'vitest';
import { isOpenPhase, knownPhase, venueOf } from './phases';

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
