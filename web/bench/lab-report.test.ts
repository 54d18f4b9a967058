import { describe, expect, it } from 'vitest';
import { labMarkdown, passes, type Figure } from './lab-report';

const lcp = (value: number | null): Figure => ({ figure: 'LCP, first visit, /', value, unit: 'ms', goal: 2500 });

describe('the lab report', () => {
  it('passes a figure at or under its goal, and one where nothing measurable happened', () => {
    expect(passes(lcp(2500))).toBe(true);
    expect(passes(lcp(2501))).toBe(false);
    expect(passes(lcp(null))).toBe(true);
  });

  it('writes the figures and the route sizes before and now as markdown tables', () => {
    const markdown = labMarkdown({
      measuredAt: new Date('2026-11-24T10:00:00Z'),
      cores: 2,
      contentEncoding: 'br',
      figures: [
        lcp(3120.4),
        { figure: 'CLS, first visit, /', value: 0.0123, unit: 'score', goal: 0.1 },
        { figure: 'input', value: null, unit: 'ms', goal: 200, note: 'every interaction under 16 ms' },
      ],
      sizes: [{ module: 'src/app/routes/home.tsx', gzip: 222_617, brotli: 192_512, budgetKiB: 220 }],
    });
    expect(markdown).toContain('Measured 2026-11-24 on 2 cores');
    expect(markdown).toContain('content-encoding `br`');
    expect(markdown).toContain('| LCP, first visit, / | 3120 ms | ≤ 2500 ms | no |');
    expect(markdown).toContain('| CLS, first visit, / | 0.012 | ≤ 0.100 | yes |');
    expect(markdown).toContain('| input | none (every interaction under 16 ms) | ≤ 200 ms | yes |');
    expect(markdown).toContain('| home.tsx | 320.5 KiB | 271.7 KiB | 217.4 KiB | 188.0 KiB | 220 KiB |');
  });
});
