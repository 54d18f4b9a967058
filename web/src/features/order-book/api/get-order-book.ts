import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, dataOf } from '@/lib/api-client';
import { useLiveChannel, useOnLiveReconnect } from '@/lib/live/use-live-channel';

/** R3.04: bids and asks with price, quantity and cumulative percentage, the side totals, the symbol. */
export type OrderBookDoc = components['schemas']['OrderBookDoc'];

/** Which book: crypto IDR pairs and USDT perpetuals have one. */
export type BookKind = 'crypto' | 'perps';

export function orderBookQueryOptions(kind: BookKind, symbol: string) {
  return queryOptions({
    queryKey: ['order-book', kind, symbol],
    queryFn: ({ signal }) =>
      dataOf<OrderBookDoc>(
        kind === 'crypto'
          ? api.GET('/v1/crypto/order-book', { params: { query: { symbol } }, signal })
          : api.GET('/v1/perps/order-book', { params: { query: { symbol } }, signal }),
      ),
    // Kept current by `orderbook:SYMBOL`; the call only gives the first state.
    staleTime: Infinity,
  });
}

/** The book of a symbol: the first state from the API, then every `orderbook:SYMBOL` frame. */
export function useOrderBook(kind: BookKind, symbol: string) {
  const queryClient = useQueryClient();
  const options = orderBookQueryOptions(kind, symbol);
  useLiveChannel<OrderBookDoc>(`orderbook:${symbol}`, (frame) => {
    if (frame.type === 'orderbook') queryClient.setQueryData(options.queryKey, frame.data);
  });
  const query = useQuery(options);
  // The resubscription brings the current book; reading it also covers a channel that stays quiet.
  useOnLiveReconnect(() => void query.refetch());
  return query;
}
