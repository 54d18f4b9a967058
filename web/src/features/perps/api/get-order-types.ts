import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataAs } from '@/lib/api-client';
import { perpsKeys } from './keys';
import type { PerpOrderTypeOption } from './types';

/** GET /v1/perps/order-types: each type and whether it takes a price and a trigger. */
export function getOrderTypes(signal?: AbortSignal): Promise<PerpOrderTypeOption[]> {
  // dataAs: the document's `OrderTypeView` is the crypto one (see PerpOrder).
  return dataAs<PerpOrderTypeOption[]>(api.GET('/v1/perps/order-types', { signal }));
}

export function orderTypesQuery(enabled = true) {
  return queryOptions({
    queryKey: perpsKeys.orderTypes,
    queryFn: ({ signal }) => getOrderTypes(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function usePerpOrderTypes(enabled = true) {
  return useQuery(orderTypesQuery(enabled));
}
