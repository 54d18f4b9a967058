import { describe, expect, it } from 'vitest';
import { headerSession } from './header-session';

const venue = { nextOpen: '2026-11-24T14:30:00Z', nextClose: '2026-11-24T21:00:00Z' };

describe('headerSession', () => {
  it('R9.08 without a session of its own, the ticker phase and the venue next open or close', () => {
    expect(headerSession('CLOSED', venue)).toEqual({
      phase: 'CLOSED',
      next: { kind: 'open', atMs: Date.parse('2026-11-24T14:30:00Z') },
    });
    expect(headerSession('REGULAR', venue)).toEqual({
      phase: 'REGULAR',
      next: { kind: 'close', atMs: Date.parse('2026-11-24T21:00:00Z') },
    });
    expect(headerSession('CONTINUOUS', { nextOpen: null, nextClose: null })).toEqual({
      phase: 'CONTINUOUS',
      next: null,
    });
  });

  it('R9.08 a session the server reports for the class wins over the venue clock (the sandbox shifts it)', () => {
    const session = { phase: 'REGULAR', nextPhase: 'POST_MARKET', nextChangeAtMs: 1_795_554_000_000 };
    expect(headerSession('CLOSED', venue, session)).toEqual({
      phase: 'REGULAR',
      next: { kind: 'phase', phase: 'POST_MARKET', atMs: 1_795_554_000_000 },
    });
    expect(headerSession('CLOSED', venue, { phase: 'CLOSED', nextPhase: null, nextChangeAtMs: null })).toEqual({
      phase: 'CLOSED',
      next: null,
    });
    // Until it arrives the header says nothing rather than the venue's phase.
    expect(headerSession('CLOSED', venue, null)).toEqual({ phase: 'UNKNOWN', next: null });
  });
});
