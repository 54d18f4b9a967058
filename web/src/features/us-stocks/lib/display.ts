import type { Locale } from '@/types';
import type { AmendRequestView, UsOrderView } from '../api/types';

/** The session phases of the description call. */
export const PHASES = ['PRE_MARKET', 'REGULAR', 'POST_MARKET', 'CLOSED'] as const;
export type Phase = (typeof PHASES)[number];

export function knownPhase(phase: string | null | undefined): Phase {
  return PHASES.includes(phase as Phase) ? (phase as Phase) : 'CLOSED';
}

/**
 * When the session changes, in the user's language and their own clock (Jakarta time, where the
 * product's users live), with the zone named so nobody mistakes it for New York time:
 * `Sel 21.30 WIB` (id), `Tue 21:30 WIB` (en).
 */
export function formatChangeTime(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Jakarta',
  })
    .format(ms)
    .concat(' WIB');
}

/** R4.02: the US words (working, filled, canceled, rejected); the server sends them, a view without one falls back. */
export type StatusWord = UsOrderView['statusWord'];

export function statusWordOf(order: Pick<UsOrderView, 'status'> & { statusWord?: StatusWord | null }): StatusWord {
  if (order.statusWord) return order.statusWord;
  switch (order.status) {
    case 'SUCCESS':
    case 'PARTIALLY_FILLED':
      return 'filled';
    case 'CANCELLED':
      return 'canceled';
    case 'FAILED':
      return 'rejected';
    default:
      return 'working';
  }
}

export const STATUS_COLOR: Record<StatusWord, 'info' | 'success' | 'default' | 'error'> = {
  working: 'info',
  filled: 'success',
  canceled: 'default',
  rejected: 'error',
};

/** R4.03: the exchange states the list can show. */
export const EXCHANGE_STATES = [
  'PENDING',
  'WAITING_TO_BE_SENT',
  'SENT_TO_EXCHANGE',
  'ACCEPTED_FROM_EXCHANGE',
  'REJECTED_FROM_EXCHANGE',
  'FAILED',
  'AMEND_REQUESTED',
  'SUCCESS',
] as const;

/**
 * R4.04: what an amend request's status means to the user. `pending` also covers waiting to be sent
 * and sent to the exchange; `success` is an accepted change.
 */
export type AmendOutcome = 'pending' | 'accepted' | 'rejected';

export function amendOutcome(request: Pick<AmendRequestView, 'status'>): AmendOutcome {
  switch (request.status.toLowerCase()) {
    case 'accepted':
    case 'success':
      return 'accepted';
    case 'rejected':
    case 'failed':
      return 'rejected';
    default:
      return 'pending';
  }
}

/** Limit, stop and stop-limit orders can be amended, one request at a time, not those the server placed. */
export function canAmend(order: UsOrderView): boolean {
  const amendable = ['LIMIT', 'STOP', 'STOP_LIMIT'].includes(order.orderType);
  const waiting = order.amendRequest ? amendOutcome(order.amendRequest) === 'pending' : false;
  return order.isOpen && amendable && !order.system && !waiting;
}
