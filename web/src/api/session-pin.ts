import { apiPaths } from '@/config/paths';
import type { PinConfirmed } from '@/api/types';
import { apiClient } from '@/lib/api-client';
import { recordPinVerified } from '@/lib/pin-session';

/**
 * Checks the PIN against the session (verify-pin with the bearer and only the PIN) and records the
 * PIN timestamp. Used before money movements: orders, cash-outs, new bank accounts.
 */
export async function verifySessionPin(pin: string): Promise<void> {
  const answer = await apiClient.post<PinConfirmed>(apiPaths.verifyPin, { pin });
  recordPinVerified(answer.verifiedAtMs || Date.now());
}
