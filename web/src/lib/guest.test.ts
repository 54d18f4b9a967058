import { describe, expect, it } from 'vitest';
import { isGuestPage } from './guest';

describe('isGuestPage', () => {
  it('R6.01 guest explore, asset and markets pages are guest pages for a visitor who is not logged in', () => {
    for (const path of [
      '/trade/USDT-IDR',
      '/en/trade/BTC-IDR',
      '/asset/crypto/BTC/1',
      '/markets',
      '/pwa/trade/BTC-IDR',
    ]) {
      expect(isGuestPage(path, false), path).toBe(true);
      expect(isGuestPage(path, true), path).toBe(false);
    }
  });

  it('R6.01 login and signup are always guest pages; account pages never', () => {
    expect(isGuestPage('/login', true)).toBe(true);
    expect(isGuestPage('/en/signup', false)).toBe(true);
    expect(isGuestPage('/portfolio', false)).toBe(false);
    expect(isGuestPage('/account/profile', false)).toBe(false);
    expect(isGuestPage('/trader', false)).toBe(false);
  });
});
