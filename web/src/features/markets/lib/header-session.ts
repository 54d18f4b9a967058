import type { VenueStatus } from '../api/types';
import { isOpenPhase, knownPhase, type Phase } from './phases';

/**
 * A session an asset class's own service reports (the US-stock description's `session`): the
 * phase now and the next change. The server may shift it from the venue's clock (the sandbox's
 * `us_stocks.sandbox_regular_session`), so where a class reports one, the page shows that one.
 */
export interface ReportedSession {
  phase: string;
  nextPhase?: string | null;
  nextChangeAtMs?: number | null;
}

/** What the header says of the session: the phase, and what comes next and when. */
export interface HeaderSession {
  phase: Phase;
  next: { kind: 'open' | 'close'; atMs: number } | { kind: 'phase'; phase: Phase; atMs: number } | null;
}

/**
 * The session the header shows. `reported` undefined: the class has none of its own, so the live
 * ticker's phase and the venue's next open (while closed) or close (while open); `reported` null:
 * the class's session has not arrived yet (unknown rather than the venue's, which may disagree).
 */
export function headerSession(
  tickerPhase: string | undefined,
  venue: Pick<VenueStatus, 'nextOpen' | 'nextClose'> | undefined,
  reported?: ReportedSession | null,
): HeaderSession {
  if (reported === null) return { phase: 'UNKNOWN', next: null };
  if (reported) {
    const phase = knownPhase(reported.phase);
    const next =
      reported.nextPhase && reported.nextChangeAtMs != null
        ? { kind: 'phase' as const, phase: knownPhase(reported.nextPhase), atMs: reported.nextChangeAtMs }
        : null;
    return { phase, next };
  }
  const phase = knownPhase(tickerPhase);
  const at = isOpenPhase(phase) ? venue?.nextClose : venue?.nextOpen;
  return { phase, next: at ? { kind: isOpenPhase(phase) ? 'close' : 'open', atMs: Date.parse(at) } : null };
}
