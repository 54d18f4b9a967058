/** The studies the indicator menu offers: overlays on the price pane, and oscillators below it. */
export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL', 'SAR'] as const;
export const SUB_INDICATORS = ['MACD', 'RSI', 'KDJ', 'OBV'] as const;
export type IndicatorName = (typeof MAIN_INDICATORS)[number] | (typeof SUB_INDICATORS)[number];
export const INDICATORS: readonly IndicatorName[] = [...MAIN_INDICATORS, ...SUB_INDICATORS];

/** The price pane's id in the chart library. */
export const CANDLE_PANE_ID = 'candle_pane';

export function isMainIndicator(name: IndicatorName): boolean {
  return (MAIN_INDICATORS as readonly string[]).includes(name);
}

/** Turns an indicator on or off, keeping the menu's order. */
export function toggleIndicator(active: readonly IndicatorName[], name: IndicatorName): IndicatorName[] {
  const next = active.includes(name) ? active.filter((n) => n !== name) : [...active, name];
  return INDICATORS.filter((n) => next.includes(n));
}
