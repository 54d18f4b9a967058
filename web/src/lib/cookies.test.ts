import { describe, expect, it } from 'vitest';
import {
  getCookie,
  isUsableToken,
  persistLanguage,
  persistTheme,
  readInitialCookies,
  themeFromCookie,
} from './cookies';

describe('initial cookies', () => {
  it('R2.10 R1.02 theme is dark by default and light only when allowed', () => {
    expect(readInitialCookies('').theme).toBe('dark');
    expect(readInitialCookies('theme=light').theme).toBe('light');
    expect(readInitialCookies('theme=light', false).theme).toBe('dark');
    expect(readInitialCookies('theme=purple').theme).toBe('dark');
    expect(themeFromCookie('dark', true)).toBe('dark');
  });

  it('R2.10 uses the login token only when it is longer than 12 characters', () => {
    expect(readInitialCookies('token=abcdefghijkl').accessToken).toBeNull(); // 12
    expect(readInitialCookies('token=abcdefghijklm').accessToken).toBe('abcdefghijklm'); // 13
    expect(readInitialCookies('token=undefined').accessToken).toBeNull();
    expect(readInitialCookies('').accessToken).toBeNull();
  });

  it('R5.09 measures the decoded token: percent-encoding does not count towards the 12', () => {
    // "%20%20%20%20%20ab" is 17 characters encoded, 7 decoded.
    expect(isUsableToken('%20%20%20%20%20ab')).toBe(false);
    expect(isUsableToken('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(true);
    expect(isUsableToken(null)).toBe(false);
  });

  it('R2.10 reads the return path cookie', () => {
    expect(readInitialCookies('a=1; returnPath=%2Fportfolio%3Ftab%3Dspot; b=2').returnPath).toBe('/portfolio?tab=spot');
    expect(readInitialCookies('').returnPath).toBeNull();
  });
});

describe('preference cookies', () => {
  it('R1.02 R1.01 theme and language are written as cookies the server can read', () => {
    persistTheme('light');
    persistLanguage('en');
    expect(getCookie('theme')).toBe('light');
    expect(getCookie('lang')).toBe('en');
  });
});
