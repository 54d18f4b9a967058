import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, worstInteraction } from './lab-metrics';

describe('lab figures', () => {
  it('CLS is the largest session window: shifts 1 s apart or 5 s into a window start a new one', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    // One window: 0.05 + 0.03 (0.5 s apart); then a gap of 2 s starts another window worth 0.04.
    expect(
      cumulativeLayoutShift([
        { startTime: 100, value: 0.05 },
        { startTime: 600, value: 0.03 },
        { startTime: 2600, value: 0.04 },
      ]),
    ).toBeCloseTo(0.08);
    // Shifts every 0.9 s never leave a gap, but a window ends after 5 s: 6 × 0.02, then 0.02 again.
    const steady = Array.from({ length: 7 }, (_, i) => ({ startTime: 1000 + i * 900, value: 0.02 }));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.12);
    // Order of arrival does not matter.
    expect(cumulativeLayoutShift([...steady].reverse())).toBeCloseTo(0.12);
  });

  it('an interaction lasts as long as its longest event, and the slowest interaction is the figure', () => {
    expect(worstInteraction([])).toBeNull();
    expect(
      worstInteraction([
        { interactionId: 1, duration: 24 },
        { interactionId: 1, duration: 40 },
        { interactionId: 2, duration: 32 },
      ]),
    ).toBe(40);
  });
});
