/**
 * R2.11: campaign flags in the query string. Each is true only when its value is exactly the text
 * `true` (not `TRUE`, `1` or an empty value).
 */
export const QUERY_FLAG_NAMES = ['registerUtc', 'registerRamadan', 'registerTopUp', 'loginSalesforce'] as const;
export type QueryFlagName = (typeof QUERY_FLAG_NAMES)[number];
export type QueryFlags = Record<QueryFlagName, boolean>;

export function readQueryFlags(search: string): QueryFlags {
  const params = new URLSearchParams(search);
  return Object.fromEntries(QUERY_FLAG_NAMES.map((name) => [name, params.get(name) === 'true'])) as QueryFlags;
}
