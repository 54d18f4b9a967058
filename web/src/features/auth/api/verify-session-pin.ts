import { recordPinVerified } from '@/lib/pin-session';
import { confirmSessionPin } from './confirm-pin';

/** Checks the PIN against the session (verify-pin with the bearer) and records the PIN timestamp. */
export async function verifySessionPin(pin: string): Promise<void> {
  const answer = await confirmSessionPin({ pin });
  recordPinVerified(answer.verifiedAtMs || Date.now());
}
