import { describe, expect, it } from 'vitest';
import { isPwaPath, pwaThemeFlag, stripPwa } from './pwa';

describe('PWA prefix', () => {
  it('R2.03 recognises PWA routes in both locales', () => {
    expect(isPwaPath('/pwa')).toBe(true);
    expect(isPwaPath('/pwa/portfolio')).toBe(true);
    expect(isPwaPath('/en/pwa/portfolio')).toBe(true);
    expect(isPwaPath('/pwastuff')).toBe(false);
    expect(isPwaPath('/portfolio')).toBe(false);
    expect(stripPwa('/pwa/portfolio')).toBe('/portfolio');
    expect(stripPwa('/pwa')).toBe('/');
  });

  it('R2.03 reads the theme flag: only light or dark', () => {
    expect(pwaThemeFlag('?theme=light')).toBe('light');
    expect(pwaThemeFlag('?theme=dark')).toBe('dark');
    expect(pwaThemeFlag('?theme=Light')).toBeNull();
    expect(pwaThemeFlag('')).toBeNull();
  });
});
