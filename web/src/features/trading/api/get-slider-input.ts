import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { tradingKey } from './keys';
import type { Side, SliderInput } from './types';

/** GET /v1/crypto/slider-input (R3.07): the power, fees, steps and precisions of one side. */
export function getSliderInput(symbol: string, side: Side, signal?: AbortSignal): Promise<SliderInput> {
  return dataOf<SliderInput>(api.GET('/v1/crypto/slider-input', { params: { query: { symbol, side } }, signal }));
}

export function sliderInputQuery(symbol: string, side: Side, enabled = true) {
  return queryOptions({
    queryKey: [...tradingKey, 'sliderInput', symbol, side],
    queryFn: ({ signal }) => getSliderInput(symbol, side, signal),
    enabled,
    staleTime: 5_000,
  });
}

export function useSliderInput(symbol: string, side: Side, enabled = true) {
  return useQuery(sliderInputQuery(symbol, side, enabled));
}
