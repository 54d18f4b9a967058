import { describe, expect, it } from 'vitest';
import { getCookie } from './cookies';
import { consumeReturnPath, peekReturnPath, rememberReturnPath, sanitizeReturnPath } from './return-path';

describe('return path', () => {
  it('R2.04 login returns to the remembered path, once', () => {
    rememberReturnPath('/portfolio?tab=futures#top');
    expect(peekReturnPath()).toBe('/portfolio?tab=futures#top');
    expect(consumeReturnPath()).toBe('/portfolio?tab=futures#top');
    expect(getCookie('returnPath')).toBeNull();
    expect(consumeReturnPath()).toBe('/');
  });

  it('R2.04 defaults to the root when nothing is remembered', () => {
    expect(consumeReturnPath()).toBe('/');
  });

  it('R2.04 accepts only same-origin relative paths', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'portfolio',
      '/\tx',
      '',
    ]) {
      expect(sanitizeReturnPath(bad), bad).toBeNull();
    }
    document.cookie = 'returnPath=' + encodeURIComponent('//evil.example/') + '; Path=/';
    expect(consumeReturnPath()).toBe('/');
    expect(sanitizeReturnPath('/en/balance/topup')).toBe('/en/balance/topup');
  });
});
