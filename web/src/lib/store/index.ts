import { create } from 'zustand';
import { type AuthSlice, createAuthSlice } from './auth-slice';
import { type ChartSlice, createChartSlice } from './chart-slice';
import { createMiscSlice, type MiscSlice } from './misc-slice';
import { createTradingSlice, type TradingSlice } from './trading-slice';

/** Client state: the auth, trading, misc and chart slices of SPEC.md. Server state lives in TanStack Query. */
export type AppState = AuthSlice & TradingSlice & MiscSlice & ChartSlice;

export const useAppStore = create<AppState>()((set) => ({
  ...createAuthSlice(set),
  ...createTradingSlice(set),
  ...createMiscSlice(set),
  ...createChartSlice(set),
}));

export type { AuthState, OtpModalType, UserDetails } from './auth-slice';
export type { ChartState } from './chart-slice';
export type { CoachmarkTour, MiscState } from './misc-slice';
export type { TradingState } from './trading-slice';
export { initialAuthState } from './auth-slice';
export { initialChartState } from './chart-slice';
export { initialMiscState } from './misc-slice';
export { initialTradingState } from './trading-slice';
