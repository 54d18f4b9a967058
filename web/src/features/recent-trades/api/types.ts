/**
 * One print of the public `trades:SYMBOL` channel on `/ws` (the server's `TradePrint`, markets/feed.rs).
 * It is a WebSocket frame, not an HTTP answer, so the OpenAPI document does not describe it.
 */
export interface TradePrint {
  symbol: string;
  /** Traded price, a decimal string in the quote currency. */
  price: string;
  /** Traded quantity, a decimal string. */
  quantity: string;
  /** Aggressor side: BUY on an uptick, SELL on a downtick. */
  side: 'BUY' | 'SELL';
  /** Unix ms. */
  time: number;
}
