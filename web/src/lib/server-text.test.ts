import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_CHARS_MAX, sanitizeServerText } from './server-text';

describe('sanitizeServerText', () => {
  it('R7.12 turns controls and reordering marks into single spaces and keeps the rest', () => {
    expect(sanitizeServerText('Saldo\u0000tidak\n\ncukup\u202e (Rp\u00a01.000)\u001b[0m')).toBe(
      'Saldo tidak cukup (Rp\u00a01.000) [0m',
    );
    expect(sanitizeServerText('<b>tebal</b> 🚀')).toBe('<b>tebal</b> 🚀');
  });

  it('R7.12 cuts a long message short, counting characters rather than UTF-16 units', () => {
    const long = sanitizeServerText('🚀'.repeat(SERVER_MESSAGE_CHARS_MAX + 50));
    expect(Array.from(long)).toHaveLength(SERVER_MESSAGE_CHARS_MAX + 1);
    expect(long.endsWith('🚀…')).toBe(true);
    expect(sanitizeServerText('a'.repeat(SERVER_MESSAGE_CHARS_MAX))).toBe('a'.repeat(SERVER_MESSAGE_CHARS_MAX));
  });
});
