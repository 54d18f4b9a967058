import { describe, expect, it } from 'vitest';
import { readQueryFlags } from './query-flags';

describe('query flags', () => {
  it('R2.11 each flag is true only when its value is exactly the text true', () => {
    expect(readQueryFlags('?registerUtc=true&registerRamadan=true&registerTopUp=true&loginSalesforce=true')).toEqual({
      registerUtc: true,
      registerRamadan: true,
      registerTopUp: true,
      loginSalesforce: true,
    });
    expect(readQueryFlags('?registerUtc=TRUE&registerRamadan=1&registerTopUp=&loginSalesforce=yes')).toEqual({
      registerUtc: false,
      registerRamadan: false,
      registerTopUp: false,
      loginSalesforce: false,
    });
    expect(readQueryFlags('')).toEqual({
      registerUtc: false,
      registerRamadan: false,
      registerTopUp: false,
      loginSalesforce: false,
    });
    expect(readQueryFlags('?registerTopUp=true%20').registerTopUp).toBe(false);
  });
});
