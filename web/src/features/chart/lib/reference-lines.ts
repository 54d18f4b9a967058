import { registerOverlay, type Chart } from 'klinecharts';

/** A level drawn across the candles (the futures mark price; later entry or liquidation prices). */
export interface ChartLine {
  /** Stable per line, so a moving level replaces its own line. */
  id: string;
  /** Written on the line's left end before the price ("Mark"). */
  label: string;
  /** The level as the API's decimal text; no line while it is unknown. */
  price: string | null;
  /** CSS colour of the line and its label. */
  color: string;
}

const OVERLAY = 'referenceLine';
const GROUP = 'reference-lines';

interface LineData {
  label: string;
  color: string;
}

// A locked, dashed horizontal line over the whole width with its label and price at the left end.
registerOverlay<LineData>({
  name: OVERLAY,
  totalStep: 2,
  lock: true,
  needDefaultPointFigure: false,
  needDefaultXAxisFigure: false,
  needDefaultYAxisFigure: false,
  createPointFigures: ({ chart, coordinates, bounding, overlay }) => {
    const y = coordinates[0]?.y;
    const data = overlay.extendData;
    if (y === undefined || !data) return [];
    const value = overlay.points[0]?.value ?? 0;
    const precision = chart.getSymbol()?.pricePrecision ?? 2;
    const text = `${data.label} ${chart.getThousandsSeparator().format(value.toFixed(precision))}`;
    return [
      {
        type: 'line',
        ignoreEvent: true,
        attrs: {
          coordinates: [
            { x: 0, y },
            { x: bounding.width, y },
          ],
        },
        styles: { style: 'dashed', dashedValue: [4, 3], color: data.color, size: 1 },
      },
      {
        type: 'text',
        ignoreEvent: true,
        attrs: { x: 4, y: y - 2, text, baseline: 'bottom' },
        styles: { color: data.color, backgroundColor: 'transparent', size: 11, paddingLeft: 0, paddingRight: 0 },
      },
    ];
  },
});

/** Replaces the chart's reference lines by `lines`, anchored at the newest candle `atMs`. */
export function drawReferenceLines(chart: Chart, lines: readonly ChartLine[], atMs: number | null): void {
  chart.removeOverlay({ groupId: GROUP });
  if (atMs === null) return;
  for (const line of lines) {
    // A float only as the chart's y value (drawing); the price itself stays text.
    const value = line.price === null ? NaN : Number(line.price);
    if (!Number.isFinite(value) || value <= 0) continue;
    chart.createOverlay({
      name: OVERLAY,
      id: `${GROUP}:${line.id}`,
      groupId: GROUP,
      lock: true,
      points: [{ timestamp: atMs, value }],
      extendData: { label: line.label, color: line.color },
    });
  }
}
