import type { Side } from '../api/types';

/** The trading flags of a pair the panel needs (R3.05), as the symbol info carries them. */
export interface PanelFlags {
  enableBuy: boolean;
  enableSell: boolean;
  enableBuyForProMode: boolean;
  enableSellForProMode: boolean;
  tradingHalted: boolean;
  tradingHaltReason?: { title: string; description: string } | null;
}

/** Why the panel refuses a side, or null when it may trade. */
export type SideBlock =
  { kind: 'halted'; title: string | null; description: string | null } | { kind: 'proOnly' } | { kind: 'closed' };

/**
 * R4.13: a halted pair blocks both sides, with the operator's reason. R6.02/R4.11: otherwise the
 * server's buySellAvailability for the caller's mode decides; when the side is closed in normal mode
 * but open in pro mode, the user is told it is for pro traders only, else that it is closed.
 */
export function sideBlock(
  side: Side,
  availability: string,
  proMode: boolean,
  flags: PanelFlags | null | undefined,
): SideBlock | null {
  if (flags?.tradingHalted) {
    return {
      kind: 'halted',
      title: flags.tradingHaltReason?.title ?? null,
      description: flags.tradingHaltReason?.description ?? null,
    };
  }
  const blocked =
    availability === 'Disabled' ||
    (side === 'BUY' && availability === 'BuyDisabled') ||
    (side === 'SELL' && availability === 'SellDisabled');
  if (!blocked) return null;
  if (!proMode && flags) {
    const normal = side === 'BUY' ? flags.enableBuy : flags.enableSell;
    const pro = side === 'BUY' ? flags.enableBuyForProMode : flags.enableSellForProMode;
    if (!normal && pro) return { kind: 'proOnly' };
  }
  return { kind: 'closed' };
}
