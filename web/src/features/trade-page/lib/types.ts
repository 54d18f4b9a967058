import type { ReactNode } from 'react';

/** Buy or sell, as the order panels of every class name them. */
export type TradeSide = 'BUY' | 'SELL';

/** One panel of the page: a side panel (book, recent trades, facts) or a bottom tab (orders…). */
export interface TradePanel {
  /** Stable id, used for the tab and panel ids. */
  id: string;
  /** The tab's visible name (and the panel's accessible name). */
  label: string;
  content: ReactNode;
  /**
   * Height reserved for the panel beside the chart on wide screens, in px, so content that arrives
   * later (a book, the first trades) never moves the page (CLS). Omit for panels that size themselves.
   */
  heightPx?: number;
}

/** How the page renders a class's order panel: in the side column, or in the phone's bottom sheet. */
export interface OrderPanelSlot {
  /** The panel itself; `side` preselects Buy or Sell, `onDone` closes the sheet after an order. */
  render: (options: { side: TradeSide; onDone?: () => void }) => ReactNode;
  /** The sheet's title (e.g. "Trade BTC-IDR"); also names the dialog. */
  title: string;
  /**
   * Guests cannot trade: the phone's Buy and Sell lead to log-in and back to this page (R2.04)
   * instead of opening the sheet.
   */
  guest: boolean;
  /** The class's words for the phone's two buttons (futures: Long and Short); Buy and Sell otherwise. */
  sideLabels?: Record<TradeSide, string>;
}
