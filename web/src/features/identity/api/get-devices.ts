import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_PAGE_SIZE } from '@/config/constants';
import type { Device, Page } from '@/api/types';
import { api, bodyOf } from '@/lib/api-client';

export type DeviceFilter = 'ACTIVE' | 'INACTIVE';

/** GET /api/v1/user/devices (R7.04): ACTIVE or INACTIVE (fraud-flagged) devices, 10 a page (R9.06). */
export function getDevices(filter: DeviceFilter, page: number, signal?: AbortSignal): Promise<Page<Device>> {
  return bodyOf<Page<Device>>(
    api.GET('/v1/user/devices', { params: { query: { filter, page, size: DEVICE_PAGE_SIZE } }, signal }),
  );
}

export const devicesQueryKey = ['user', 'devices'] as const;

export function devicesQueryOptions(filter: DeviceFilter, page: number) {
  return queryOptions({
    queryKey: [...devicesQueryKey, filter, page],
    queryFn: ({ signal }) => getDevices(filter, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDevices(filter: DeviceFilter, page: number) {
  return useQuery(devicesQueryOptions(filter, page));
}
