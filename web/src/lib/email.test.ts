import { describe, expect, it } from 'vitest';
import { isPlausibleEmail, normalizeEmail } from './email';

describe('e-mail check', () => {
  it('accepts usual addresses in any case and trims them', () => {
    for (const email of [
      'Budi.Santoso@Example.co.id',
      ' siti+invest@mail.example.com ',
      'a_b-c@sub-domain.example.id',
    ]) {
      expect(isPlausibleEmail(email), email).toBe(true);
    }
    expect(normalizeEmail(' Budi@Example.COM ')).toBe('budi@example.com');
  });

  it('refuses what the server refuses', () => {
    for (const email of [
      '',
      'plain',
      '@example.com',
      'budi@',
      'budi@example',
      'budi@@example.com',
      '.budi@example.com',
      'bu..di@example.com',
      'budi@-example.com',
      'budi@example.c',
      'budi@example.123',
      'budi@exa_mple.com',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(isPlausibleEmail(email), email).toBe(false);
    }
  });
});
