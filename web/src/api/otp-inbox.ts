import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { InboxMessage } from '@/api/types';
import { apiClient } from '@/lib/api-client';

/** GET /api/dev/otp-inbox (sandbox mode only): the SMS the sandbox "sent" to a phone, newest first. */
export function getOtpInbox(phone: string, signal?: AbortSignal): Promise<InboxMessage[]> {
  return apiClient.get<InboxMessage[]>(apiPaths.otpInbox, { query: { phone }, signal, retries: 0 });
}

export function otpInboxQueryOptions(phone: string) {
  return queryOptions({
    queryKey: ['dev', 'otp-inbox', phone],
    queryFn: ({ signal }) => getOtpInbox(phone, signal),
    staleTime: 0,
  });
}

export function useOtpInbox(phone: string, options: { enabled: boolean }) {
  return useQuery({ ...otpInboxQueryOptions(phone), enabled: options.enabled });
}
