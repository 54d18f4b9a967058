import { useMutation } from '@tanstack/react-query';
import type { PinConfirmed } from '@/api/types';
import { api, dataAs, type ApiError } from '@/lib/api-client';

export interface ConfirmSessionPinInput {
  pin: string;
}

/** POST /api/v1/user/pin/verify-pin with the bearer and only the PIN: re-confirms the session (R3.17 PIN modal). */
export function confirmSessionPin(input: ConfirmSessionPinInput): Promise<PinConfirmed> {
  // verify-pin answers PinConfirmed with a bearer and LoggedIn without one; the schema shows only the latter.
  return dataAs<PinConfirmed>(api.POST('/v1/user/pin/verify-pin', { body: input }));
}

export function confirmSessionPinMutationOptions() {
  return { mutationKey: ['auth', 'confirmSessionPin'], mutationFn: confirmSessionPin } as const;
}

export function useConfirmSessionPin() {
  return useMutation<PinConfirmed, ApiError, ConfirmSessionPinInput>(confirmSessionPinMutationOptions());
}
