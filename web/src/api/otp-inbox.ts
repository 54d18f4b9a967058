import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@/api/types';
import { api, dataOf, withPolicy } from '@/lib/api-client';

/** Whose sandbox inbox: a phone (SMS) or an e-mail address. */
export type OtpInboxTarget = { phone: string } | { email: string };

/**
 * GET /api/dev/otp-inbox (sandbox mode only): the SMS or e-mails the sandbox "sent" to a phone or
 * an address, newest first.
 */
export function getOtpInbox(target: OtpInboxTarget, signal?: AbortSignal): Promise<InboxMessage[]> {
  return dataOf<InboxMessage[]>(
    api.GET('/dev/otp-inbox', { params: { query: { ...target } }, signal, fetch: withPolicy({ retries: 0 }) }),
  );
}

export function otpInboxQueryOptions(target: OtpInboxTarget) {
  return queryOptions({
    queryKey: ['dev', 'otp-inbox', target],
    queryFn: ({ signal }) => getOtpInbox(target, signal),
    staleTime: 0,
  });
}

export function useOtpInbox(target: OtpInboxTarget, options: { enabled: boolean }) {
  return useQuery({ ...otpInboxQueryOptions(target), enabled: options.enabled });
}
