/** The session phases the server reports (ticker `phase`, venue `phase`). */
export const PHASES = ['CONTINUOUS', 'REGULAR', 'PRE_MARKET', 'POST_MARKET', 'SESSION1', 'SESSION2', 'CLOSED'] as const;
export type Phase = (typeof PHASES)[number] | 'UNKNOWN';

/** A phase the UI has words for; anything new reads as unknown rather than as a raw code. */
export function knownPhase(value: string | null | undefined): Phase {
  return (PHASES as readonly string[]).includes(value ?? '') ? (value as Phase) : 'UNKNOWN';
}

/** Whether the market is trading in this phase. */
export function isOpenPhase(phase: Phase): boolean {
  return phase !== 'CLOSED' && phase !== 'UNKNOWN';
}

/** The venue whose sessions an asset class follows (the server's `VenueStatus.venue`). */
export function venueOf(assetClass: string): string {
  switch (assetClass) {
    case 'CRYPTO':
    case 'PERP':
      return 'ALWAYS';
    case 'US_STOCK':
      return 'US_EXTENDED';
    case 'US_INDEX':
      return 'US_REGULAR';
    case 'IDSS':
      return 'IDSS';
    case 'MUTUAL_FUND':
      return 'FUND_NAV';
    default:
      return 'WEEKDAYS';
  }
}
