import type { PinConfirmed } from '@/api/types';
import { api, dataAs } from '@/lib/api-client';
import { recordPinVerified } from '@/lib/pin-session';

/**
 * Checks the PIN against the session (verify-pin with the bearer and only the PIN) and records the
 * PIN timestamp. Used before money movements: orders, cash-outs, new bank accounts.
 */
export async function verifySessionPin(pin: string): Promise<void> {
  // verify-pin answers PinConfirmed with a bearer and LoggedIn without one; the schema shows only the latter.
  const answer = await dataAs<PinConfirmed>(api.POST('/v1/user/pin/verify-pin', { body: { pin } }));
  recordPinVerified(answer.verifiedAtMs || Date.now());
}
