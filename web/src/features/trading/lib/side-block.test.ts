import { describe, expect, it } from 'vitest';
import { sideBlock, type PanelFlags } from './side-block';

const open: PanelFlags = {
  enableBuy: true,
  enableSell: true,
  enableBuyForProMode: true,
  enableSellForProMode: true,
  tradingHalted: false,
};

describe('sideBlock', () => {
  it('R4.13 a halted pair blocks both sides with the reason', () => {
    const flags = { ...open, tradingHalted: true, tradingHaltReason: { title: 'Halted', description: 'Why' } };
    expect(sideBlock('BUY', 'Disabled', false, flags)).toEqual({ kind: 'halted', title: 'Halted', description: 'Why' });
    expect(sideBlock('SELL', 'None', true, flags)?.kind).toBe('halted');
  });

  it('R6.02 a side open only in pro mode tells a normal user so', () => {
    const flags = { ...open, enableBuy: false };
    expect(sideBlock('BUY', 'BuyDisabled', false, flags)).toEqual({ kind: 'proOnly' });
    expect(sideBlock('SELL', 'BuyDisabled', false, flags)).toBeNull();
  });

  it('R6.02 a pro user blocked by the pro flag sees the side closed', () => {
    const flags = { ...open, enableSellForProMode: false };
    expect(sideBlock('SELL', 'SellDisabled', true, flags)).toEqual({ kind: 'closed' });
  });

  it('R4.11 follows the server availability when flags are unknown', () => {
    expect(sideBlock('BUY', 'Disabled', false, null)).toEqual({ kind: 'closed' });
    expect(sideBlock('BUY', 'None', false, null)).toBeNull();
  });
});
