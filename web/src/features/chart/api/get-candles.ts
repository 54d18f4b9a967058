import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, dataOf } from '@/lib/api-client';
import type { ChartRange, Resolution } from '../lib/resolutions';

export type CandlesView = components['schemas']['CandlesView'];
export type PriceChange = components['schemas']['PriceChangeView'];

/** Candles asked for by resolution alone: the latest this many. */
export const CANDLES_PER_LOAD = 500;

/** What the chart shows: a range (the server picks the resolution unless one is given) or the latest candles. */
export interface CandleRequest {
  symbol: string;
  resolution: Resolution | null;
  range: ChartRange | null;
}

/** GET markets/candles (R9.07, R4.12). */
export function candlesQueryOptions(request: CandleRequest) {
  return queryOptions({
    queryKey: ['chart', 'candles', request.symbol, request.resolution, request.range],
    queryFn: ({ signal }) =>
      dataOf<CandlesView>(
        api.GET('/v1/markets/candles', {
          params: {
            query: {
              symbol: request.symbol,
              resolution: request.resolution ?? undefined,
              range: request.range ?? undefined,
              limit: request.range ? undefined : CANDLES_PER_LOAD,
            },
          },
          signal,
        }),
      ),
    // Live frames keep the last candle current; a reload starts from the server's history again.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCandles(request: CandleRequest) {
  return useQuery(candlesQueryOptions(request));
}

/**
 * The candles of a resolution that end just before `beforeMs` (scrolling back in history). The
 * call's `to` is in Unix seconds; a candle starting at or after `beforeMs` is already on the chart.
 */
export async function getCandlesBefore(
  symbol: string,
  resolution: Resolution,
  beforeMs: number,
): Promise<CandlesView['candles']> {
  const to = Math.floor(beforeMs / 1000) - 1;
  if (to <= 0) return [];
  const view = await dataOf<CandlesView>(
    api.GET('/v1/markets/candles', { params: { query: { symbol, resolution, to, limit: CANDLES_PER_LOAD } } }),
  );
  return view.candles.filter((candle) => candle.time < beforeMs);
}

/** GET markets/price-change: the change over a range, 2 decimals (R2.12). */
export function usePriceChange(symbol: string, range: ChartRange) {
  return useQuery({
    queryKey: ['chart', 'price-change', symbol, range],
    queryFn: ({ signal }) =>
      dataOf<PriceChange>(api.GET('/v1/markets/price-change', { params: { query: { symbol, range } }, signal })),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}
