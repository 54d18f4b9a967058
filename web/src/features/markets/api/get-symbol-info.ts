import { api, dataAs } from '@/lib/api-client';
import { SymbolCache } from '../lib/symbol-cache';
import type { SymbolInfo } from './types';

/** GET markets/symbol-info: the R3.13 info of any class with its trading flags. */
export function getSymbolInfo(symbol: string): Promise<SymbolInfo> {
  // SymbolInfo flattens one of several per-class shapes; the generated type keeps only the shared fields.
  return dataAs<SymbolInfo>(api.GET('/v1/markets/symbol-info', { params: { query: { symbol } } }));
}

/** GET markets/asset/{class}/{symbol}/{assetId}: the asset behind an asset page (404 when they do not match). */
export function getAssetInfo(key: string): Promise<SymbolInfo> {
  const [segment = '', symbol = '', assetId = ''] = key.split('/');
  return dataAs<SymbolInfo>(
    api.GET('/v1/markets/asset/{class}/{symbol}/{asset_id}', {
      params: { path: { class: segment, symbol, asset_id: Number(assetId) } },
    }),
  );
}

/** The tab's symbol cache for the trade page (keyed by symbol), R4.14. */
export const symbolCache = new SymbolCache({ load: getSymbolInfo });
/** The same for asset pages, keyed by `segment/symbol/assetId`. */
export const assetCache = new SymbolCache({ load: getAssetInfo });
