import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { haltText } from './halt';

const defaults = { title: 'Trading Halted', description: 'default' };

describe('trading halted status', () => {
  it('R4.13 shows the reason title and description of a halted asset', () => {
    const flags = {
      tradingHalted: true,
      tradingHaltReason: { title: 'Suspensi', description: 'Dihentikan oleh regulator.' },
    };
    expect(haltText(flags, defaults)).toEqual({ title: 'Suspensi', description: 'Dihentikan oleh regulator.' });
  });

  it('R4.13 falls back to the default text when no reason is given', () => {
    expect(haltText({ tradingHalted: true, tradingHaltReason: null }, defaults)).toEqual(defaults);
    expect(haltText({ tradingHalted: true, tradingHaltReason: { title: ' ', description: '' } }, defaults)).toEqual(
      defaults,
    );
  });

  it('R4.13 shows nothing while trading is not halted', () => {
    expect(
      haltText({ tradingHalted: false, tradingHaltReason: { title: 'x', description: 'y' } }, defaults),
    ).toBeNull();
    expect(haltText(null, defaults)).toBeNull();
  });

  it('R4.13 R1.01 has the default text of SPEC.md in English and Indonesian', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('chart.haltedTitle')).toBe('Trading Halted');
    expect(i18n.t('chart.haltedDefault')).toBe(
      'Buying and selling this asset is temporarily unavailable due to regulatory actions, price fluctuations, news, or technical issues.',
    );
    await i18n.changeLanguage('id');
    expect(i18n.t('chart.haltedTitle')).toBe('Perdagangan Dihentikan');
  });
});
