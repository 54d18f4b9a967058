import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export type SandboxPayerAction = 'pay' | 'abandon';

export interface SandboxPaymentInput {
  reference: string;
  action: SandboxPayerAction;
}

/**
 * Sandbox mode only: POST /api/sandbox/payments/{reference}/{pay|abandon} plays the payer; the sandbox
 * gateway then delivers its signed webhook. Answers 204.
 */
export function sandboxPayment({ reference, action }: SandboxPaymentInput): Promise<void> {
  return dataOf<void>(api.POST('/sandbox/payments/{reference}/{action}', { params: { path: { reference, action } } }));
}

export function useSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, SandboxPaymentInput>({
    mutationKey: ['wallet', 'sandboxPayment'],
    mutationFn: sandboxPayment,
    // The webhook has run by the time the call answers: every wallet view is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
