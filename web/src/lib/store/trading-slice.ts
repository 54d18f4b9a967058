import type { SliceSet } from './slice';

export type InputType = 'quantity' | 'amount';
export type TimeInForce = 'GOOD_TILL_CANCEL' | 'GOOD_TILL_MARKET_CLOSE';
export type TradingHours = 'REGULAR_HOURS' | 'INCLUDE_EXTENDED_HOURS' | 'INTRADAY';

/** R3.01: order entry. Numbers are kept as the text the user typed (truncated, R5.01). */
export interface TradingState {
  inputType: InputType | null;
  quantity: string | null;
  amount: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  limitPrice: string | null;
  leverage: number | null;
  stopPrice: string | null;
  timeInForce: TimeInForce | null;
  tradingHours: TradingHours | null;
}

/** R3.01: every field null by default. */
export const initialTradingState: TradingState = {
  inputType: null,
  quantity: null,
  amount: null,
  takeProfit: null,
  stopLoss: null,
  limitPrice: null,
  leverage: null,
  stopPrice: null,
  timeInForce: null,
  tradingHours: null,
};

export interface TradingSlice {
  trading: TradingState;
  updateOrderEntry: (patch: Partial<TradingState>) => void;
  resetTrading: () => void;
}

export const createTradingSlice = (set: SliceSet<TradingSlice>): TradingSlice => ({
  trading: initialTradingState,
  updateOrderEntry: (patch) => set((state) => ({ trading: { ...state.trading, ...patch } })),
  resetTrading: () => set({ trading: initialTradingState }),
});
