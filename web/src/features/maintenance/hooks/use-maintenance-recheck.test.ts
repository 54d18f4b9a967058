import { describe, expect, it } from 'vitest';
import { recheckDelaySecs } from './use-maintenance-recheck';

describe('maintenance re-check delay', () => {
  it('R8.02 waits Retry-After seconds, at least 5 and at most 60', () => {
    expect(recheckDelaySecs(null)).toBe(5);
    expect(recheckDelaySecs(1)).toBe(5);
    expect(recheckDelaySecs(30)).toBe(30);
    expect(recheckDelaySecs(3600)).toBe(60);
  });
});
