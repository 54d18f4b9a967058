import type { SliceSet } from './slice';

/** The chart the user is looking at (R3.02); the charting issue extends this. */
export interface ChartState {
  activeChartId: string | null;
  activeChartName: string | null;
  symbol: string | null;
  resolution: string | null;
}

export const initialChartState: ChartState = {
  activeChartId: null,
  activeChartName: null,
  symbol: null,
  resolution: null,
};

export interface ChartSlice {
  chart: ChartState;
  updateChart: (patch: Partial<ChartState>) => void;
  resetChart: () => void;
}

export const createChartSlice = (set: SliceSet<ChartSlice>): ChartSlice => ({
  chart: initialChartState,
  updateChart: (patch) => set((state) => ({ chart: { ...state.chart, ...patch } })),
  resetChart: () => set({ chart: initialChartState }),
});
