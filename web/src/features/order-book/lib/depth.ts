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

/** Decimal text as a scaled integer (exact; quantities can have 10 decimals). */
function toScaled(text: string, scale: number): bigint {
  const [intPart = '0', fracPart = ''] = text.trim().replace(/^\+/, '').split('.');
  const negative = intPart.startsWith('-');
  const digits = `${intPart.replace('-', '')}${fracPart.padEnd(scale, '0').slice(0, scale)}`;
  const value = BigInt(digits || '0');
  return negative ? -value : value;
}

function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const fracPart = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
}

function scaleOf(texts: string[]): number {
  return texts.reduce((max, text) => {
    const dot = text.indexOf('.');
    return Math.max(max, dot < 0 ? 0 : text.length - dot - 1);
  }, 0);
}

function compareDecimal(a: string, b: string): number {
  const scale = scaleOf([a, b]);
  const diff = toScaled(a, scale) - toScaled(b, scale);
  return diff === 0n ? 0 : diff > 0n ? 1 : -1;
}

function side(levels: OrderBookDoc['bids'], bestFirst: (a: string, b: string) => number) {
  const shown = [...levels].sort((a, b) => bestFirst(a.price, b.price)).slice(0, BOOK_DEPTH_PER_SIDE);
  const scale = scaleOf(shown.map((level) => level.quantity));
  const total = shown.reduce((sum, level) => sum + toScaled(level.quantity, scale), 0n);
  let running = 0n;
  const rows = shown.map((level) => {
    running += toScaled(level.quantity, scale);
    // Basis points by integer division, so 100 % is exact at the last level.
    const basisPoints = total > 0n ? Number((running * 10_000n) / total) : 0;
    return {
      price: level.price,
      quantity: level.quantity,
      cumulativeQuantity: fromScaled(running, scale),
      cumulativePercentage: basisPoints / 100,
    };
  });
  return { rows, total: fromScaled(total, scale) };
}

/**
 * R5.08: the best 10 bids (highest price first) and the best 10 asks (lowest first), each with the
 * cumulative quantity and its percentage of the side's shown total. Computed here rather than read
 * from the frame so that the widget is right whatever order or depth a frame arrives in.
 */
export function toDepthView(book: Pick<OrderBookDoc, 'bids' | 'asks'>): DepthView {
  const bids = side(book.bids, (a, b) => compareDecimal(b, a));
  const asks = side(book.asks, (a, b) => compareDecimal(a, b));
  const bestBid = bids.rows[0]?.price;
  const bestAsk = asks.rows[0]?.price;
  let spread: string | null = null;
  if (bestBid !== undefined && bestAsk !== undefined) {
    const scale = scaleOf([bestBid, bestAsk]);
    spread = fromScaled(toScaled(bestAsk, scale) - toScaled(bestBid, scale), scale);
  }
  return { bids: bids.rows, asks: asks.rows, totalBidQuantity: bids.total, totalAskQuantity: asks.total, spread };
}
