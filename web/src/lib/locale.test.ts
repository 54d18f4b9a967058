import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale, switchLocalePath } from './locale';

describe('locale paths', () => {
  it('R1.01 Indonesian paths are bare and English paths carry /en', () => {
    expect(localeFromPath('/portfolio')).toBe('id');
    expect(localeFromPath('/en/portfolio')).toBe('en');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/entry')).toBe('id');
    expect(stripLocale('/en/portfolio')).toBe('/portfolio');
    expect(stripLocale('/en')).toBe('/');
    expect(localizePath('/portfolio', 'en')).toBe('/en/portfolio');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?a=1', 'en')).toBe('/en?a=1');
    expect(localizePath('/portfolio', 'id')).toBe('/portfolio');
  });

  it('R1.01 switching language keeps the page, query and hash', () => {
    expect(switchLocalePath({ pathname: '/trade/BTC-IDR', search: '?x=1', hash: '#b' }, 'en')).toBe(
      '/en/trade/BTC-IDR?x=1#b',
    );
    expect(switchLocalePath({ pathname: '/en/trade/BTC-IDR', search: '', hash: '' }, 'id')).toBe('/trade/BTC-IDR');
    expect(switchLocalePath({ pathname: '/en', search: '', hash: '' }, 'id')).toBe('/');
  });
});
