import { describe, expect, it } from 'vitest';
import { SWIPE_CLOSE_DISTANCE_PX, sheetOffset, swipeDismisses } from './swipe';

describe('the bottom sheet swipe', () => {
  it('closes after a long enough drag down, however slow', () => {
    expect(swipeDismisses(SWIPE_CLOSE_DISTANCE_PX, 2_000)).toBe(true);
    expect(swipeDismisses(SWIPE_CLOSE_DISTANCE_PX - 1, 2_000)).toBe(false);
  });

  it('closes after a quick flick, but not after a twitch', () => {
    expect(swipeDismisses(40, 50)).toBe(true);
    expect(swipeDismisses(10, 5)).toBe(false);
    expect(swipeDismisses(40, 0)).toBe(false);
  });

  it('never closes on a drag up, and the sheet only follows downwards', () => {
    expect(swipeDismisses(-200, 100)).toBe(false);
    expect(sheetOffset(-30)).toBe(0);
    expect(sheetOffset(30)).toBe(30);
  });
});
