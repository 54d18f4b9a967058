/** A drag this far down (px) closes the sheet. */
export const SWIPE_CLOSE_DISTANCE_PX = 80;
/** A quicker flick closes it too: this many px per ms downwards, over at least a short distance. */
export const SWIPE_CLOSE_VELOCITY_PX_PER_MS = 0.5;
const SWIPE_FLICK_MIN_PX = 24;

/** Whether a downward drag of `distancePx` over `durationMs` dismisses the sheet. */
export function swipeDismisses(distancePx: number, durationMs: number): boolean {
  if (distancePx >= SWIPE_CLOSE_DISTANCE_PX) return true;
  if (distancePx < SWIPE_FLICK_MIN_PX || durationMs <= 0) return false;
  return distancePx / durationMs >= SWIPE_CLOSE_VELOCITY_PX_PER_MS;
}

/** How far the sheet follows the finger: down only (dragging up does not lift it off the edge). */
export function sheetOffset(distancePx: number): number {
  return Math.max(0, distancePx);
}
