import { useState } from 'react';
import type { OrderListKind } from './types';

/**
 * The page of an order list being shown (R7.05, 30 a page) and how often to read it again. Open
 * orders change as the market fills them: while the user's live `orders` channel is up its frames
 * refresh them; without it they are polled every `refreshMs`. Closed orders change only through the
 * user's own actions, which refresh them.
 */
export function useOrderPage(kind: OrderListKind, live: boolean, refreshMs: number) {
  const [page, setPage] = useState(1);
  const refetchInterval: number | false = kind === 'open' && !live ? refreshMs : false;
  return { page, setPage, refetchInterval };
}
