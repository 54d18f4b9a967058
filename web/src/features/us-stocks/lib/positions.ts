import { parseDecimal, roundDown, signOf, toText } from '@/lib/decimal';
import type { UsOrderBody, UsPosition } from '../api/types';
import { emptyUsDraft, leverageOf, normalizeDraft, toUsOrderBody } from './order-form';

export type CloseMode = 'market' | 'extendedLimit';

/**
 * The sell that closes a whole position of one bucket: at market (regular session), or a limit that
 * may fill in extended hours (whole shares only, so not for 4x intraday or fractional positions).
 */
export function closePositionBody(position: UsPosition, mode: CloseMode, limitPrice: string): UsOrderBody {
  const leverage = leverageOf(position.bucket);
  const draft = normalizeDraft({
    ...emptyUsDraft('SELL', leverage),
    orderType: mode === 'market' ? 'MARKET' : 'LIMIT',
    quantity: position.quantity,
    unitPrice: mode === 'market' ? '' : limitPrice,
    tradingHours: mode === 'market' ? 'REGULAR_HOURS' : 'INCLUDE_EXTENDED_HOURS',
  });
  return toUsOrderBody(position.stockId, draft);
}

/** Extended hours take whole shares and no intraday orders. */
export function extendedCloseAllowed(position: UsPosition): boolean {
  return position.bucket !== 'INTRADAY' && /^\d+(\.0+)?$/.test(position.quantity);
}

/** R5.12: the OCO quantity offered is the position floored to whole shares (stops take whole shares). */
export function ocoQuantityOf(position: UsPosition): string {
  const held = parseDecimal(position.quantity);
  return held ? toText(roundDown(held, 0)) : '';
}

const BUCKET_ORDER = ['PALN', 'LEVERAGE', 'INTRADAY'];

/** Shares still held: the positions call also lists closed ones (kept for their realised profit). */
export function heldPositions(positions: readonly UsPosition[]): UsPosition[] {
  return positions.filter((position) => signOf(position.quantity) > 0);
}

/** Positions ordered normal, 2x, 4x intraday, then by ticker. */
export function sortPositions(positions: readonly UsPosition[]): UsPosition[] {
  return [...positions].sort(
    (a, b) => BUCKET_ORDER.indexOf(a.bucket) - BUCKET_ORDER.indexOf(b.bucket) || a.stockId.localeCompare(b.stockId),
  );
}
