import { paths } from '@/config/paths';
import type { Topup } from '../api/types';

/** `8808 1234 5678 9012`: easier to read out and type into a banking app. */
export function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The sandbox payer's page for this top-up (its e-wallet deep links lead there too). */
export function sandboxPayPath(topup: Topup): string {
  const query = new URLSearchParams({ channel: topup.paymentChannel.toLowerCase(), topup: topup.id });
  return `${paths.sandboxPay}/${encodeURIComponent(topup.instructions.gatewayRef)}?${query.toString()}`;
}
