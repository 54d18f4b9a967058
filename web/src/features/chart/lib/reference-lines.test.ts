import type { Chart } from 'klinecharts';
import { describe, expect, it, vi } from 'vitest';
import { drawReferenceLines, type ChartLine } from './reference-lines';

function fakeChart() {
  const createOverlay = vi.fn(() => 'id');
  const removeOverlay = vi.fn(() => true);
  return { chart: { createOverlay, removeOverlay } as unknown as Chart, createOverlay, removeOverlay };
}

const mark: ChartLine = { id: 'mark', label: 'Mark', price: '97123.4', color: '#f90' };

describe('drawReferenceLines', () => {
  it('issue 13: draws the mark price as one locked line at the newest candle, replacing the last one', () => {
    const { chart, createOverlay, removeOverlay } = fakeChart();
    drawReferenceLines(chart, [mark], 1_700_000_000_000);
    expect(removeOverlay).toHaveBeenCalledWith({ groupId: 'reference-lines' });
    expect(createOverlay).toHaveBeenCalledTimes(1);
    expect(createOverlay).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'referenceLine',
        id: 'reference-lines:mark',
        lock: true,
        points: [{ timestamp: 1_700_000_000_000, value: 97123.4 }],
        extendData: { label: 'Mark', color: '#f90' },
      }),
    );
  });

  it('draws nothing for an unknown or unusable level, or before any candle, but still clears the old line', () => {
    const { chart, createOverlay, removeOverlay } = fakeChart();
    drawReferenceLines(
      chart,
      [
        { ...mark, price: null },
        { ...mark, id: 'x', price: 'abc' },
        { ...mark, id: 'z', price: '0' },
      ],
      1,
    );
    drawReferenceLines(chart, [mark], null);
    expect(createOverlay).not.toHaveBeenCalled();
    expect(removeOverlay).toHaveBeenCalledTimes(2);
  });
});
