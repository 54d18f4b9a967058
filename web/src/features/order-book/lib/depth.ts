import { compareText, decimalOrZero, roundDown, toText } from '@/lib/decimal';
import type { OrderBookDoc } from '../api/get-order-book';

/** R5.08 / R9.05: levels shown a side. */
export const BOOK_DEPTH_PER_SIDE = 10;

export interface DepthRow {
  price: string;
  quantity: string;
  /** This level and every better one, as decimal text. */
  cumulativeQuantity: string;
  /** cumulativeQuantity in percent of the side's shown total, 2 decimals (0–100). */
  cumulativePercentage: number;
}

export interface DepthView {
  bids: DepthRow[];
  asks: DepthRow[];
  totalBidQuantity: string;
  totalAskQuantity: string;
  /** Best ask − best bid, decimal text; null when a side is empty. */
  spread: string | null;
}

function side(levels: OrderBookDoc['bids'], bestFirst: (a: string, b: string) => number) {
  const shown = [...levels].sort((a, b) => bestFirst(a.price, b.price)).slice(0, BOOK_DEPTH_PER_SIDE);
  const total = shown.reduce((sum, level) => sum.plus(decimalOrZero(level.quantity)), decimalOrZero('0'));
  let running = decimalOrZero('0');
  const rows = shown.map((level) => {
    running = running.plus(decimalOrZero(level.quantity));
    // Cut to 2 decimals, so 100 % is exact at the last level and never exceeded before it; a float only
    // as a display-only ratio (the depth bar's width), computed exactly first.
    const percent = total.gt(0) ? Number(toText(roundDown(running.times(100).div(total), 2))) : 0;
    return {
      price: level.price,
      quantity: level.quantity,
      cumulativeQuantity: toText(running),
      cumulativePercentage: percent,
    };
  });
  return { rows, total: toText(total) };
}

/**
 * R5.08: the best 10 bids (highest price first) and the best 10 asks (lowest first), each with the
 * cumulative quantity and its percentage of the side's shown total. Computed here rather than read
 * from the frame so that the widget is right whatever order or depth a frame arrives in.
 */
export function toDepthView(book: Pick<OrderBookDoc, 'bids' | 'asks'>): DepthView {
  const bids = side(book.bids, (a, b) => compareText(b, a));
  const asks = side(book.asks, (a, b) => compareText(a, b));
  const bestBid = bids.rows[0]?.price;
  const bestAsk = asks.rows[0]?.price;
  let spread: string | null = null;
  if (bestBid !== undefined && bestAsk !== undefined) {
    spread = toText(decimalOrZero(bestAsk).minus(decimalOrZero(bestBid)));
  }
  return { bids: bids.rows, asks: asks.rows, totalBidQuantity: bids.total, totalAskQuantity: asks.total, spread };
}
