import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, bodyAs } from '@/lib/api-client';
import type { AssetClass, SymbolPage } from './types';

/** Rows per page of the markets list; with the movers it stays under the 50 live channels a connection may hold. */
export const MARKET_ROWS_PER_PAGE = 30;

/** GET markets/symbols: one class, searched by symbol or name. */
export function getSymbols(
  assetClass: AssetClass,
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<SymbolPage> {
  return bodyAs<SymbolPage>(
    // SymbolInfo flattens one of several per-class shapes; the generated type keeps only the shared fields.

    api.GET('/v1/markets/symbols', {
      params: { query: { class: assetClass, search: search.trim(), page, size: MARKET_ROWS_PER_PAGE } },
      signal,
    }),
  );
}

export function symbolsQueryOptions(assetClass: AssetClass, search: string, page: number) {
  return queryOptions({
    queryKey: ['markets', 'symbols', assetClass, search.trim(), page],
    queryFn: ({ signal }) => getSymbols(assetClass, search, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSymbols(assetClass: AssetClass, search: string, page: number) {
  return useQuery(symbolsQueryOptions(assetClass, search, page));
}
