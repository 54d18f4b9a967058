import { useMutation } from '@tanstack/react-query';
import type { PhoneValidation } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface ValidatePhoneInput {
  phone: string;
}

/** POST /api/v4/user/login/validate/phone (R7.03): whether the number is registered and may log in. */
export function validatePhone(input: ValidatePhoneInput): Promise<PhoneValidation> {
  return dataOf<PhoneValidation>(api.POST('/v4/user/login/validate/phone', { body: input }));
}

export function validatePhoneMutationOptions() {
  return { mutationKey: ['auth', 'validatePhone'], mutationFn: validatePhone } as const;
}

export function useValidatePhone() {
  return useMutation<PhoneValidation, ApiError, ValidatePhoneInput>(validatePhoneMutationOptions());
}
