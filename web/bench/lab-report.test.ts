import { describe, expect, it } from 'vitest';
import { GENERATED_END, GENERATED_START, labMarkdown, passes, spliceLabReport, type Figure } from './lab-report';
import { binaryProfile } from './lab-server';

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
      binary: { path: '/repo/target/debug/brokerage', profile: 'debug' },
      load: { start: [3.456, 2, 1], end: [4, 3, 2.5] },
      contentEncoding: 'br',
      figures: [
        lcp(3120.4),
        { figure: 'CLS, first visit, /', value: 0.0123, unit: 'score', goal: 0.1 },
        { figure: 'input', value: null, unit: 'ms', goal: 200, note: 'every interaction under 16 ms' },
      ],
      sizes: [{ module: 'src/app/routes/home.tsx', gzip: 222_617, brotli: 192_512, budgetKiB: 220 }],
    });
    expect(markdown).toContain('Measured 2026-11-24 on 2 cores against the **debug** server binary');
    expect(markdown).toContain('`/repo/target/debug/brokerage`');
    expect(markdown).toContain('Load average (1 / 5 / 15 min) 3.46 / 2.00 / 1.00 at the start and 4.00 / 3.00 / 2.50');
    expect(markdown).toContain('content-encoding `br`');
    expect(markdown).toContain('| LCP, first visit, / | 3120 ms | ≤ 2500 ms | no |');
    expect(markdown).toContain('| CLS, first visit, / | 0.012 | ≤ 0.100 | yes |');
    expect(markdown).toContain('| input | none (every interaction under 16 ms) | ≤ 200 ms | yes |');
    expect(markdown).toContain('| home.tsx | 320.5 KiB | 271.7 KiB | 217.4 KiB | 188.0 KiB | 220 KiB |');
  });

  it('names the cargo profile of the binary it ran from its folder', () => {
    expect(binaryProfile(['', 'repo', 'target', 'release', 'brokerage'].join('/'))).toBe('release');
    expect(binaryProfile(['', 'repo', 'target', 'debug', 'brokerage'].join('/'))).toBe('debug');
    expect(binaryProfile('/usr/local/bin/brokerage')).toBeNull();
  });

  it('replaces only its own part of the report and keeps what was written by hand', () => {
    const first = spliceLabReport(null, '## Lab\n\nrun 1\n');
    expect(first).toBe(`${GENERATED_START}\n## Lab\n\nrun 1\n${GENERATED_END}\n`);
    const edited = `${first}\n### Before and after\n\nwritten by hand\n`;
    const second = spliceLabReport(edited, '## Lab\n\nrun 2\n');
    expect(second).toBe(
      `${GENERATED_START}\n## Lab\n\nrun 2\n${GENERATED_END}\n\n### Before and after\n\nwritten by hand\n`,
    );
    // A report from before the markers keeps all its text below the new part.
    expect(spliceLabReport('## Old\n\nold text\n', 'new\n')).toBe(
      `${GENERATED_START}\nnew\n${GENERATED_END}\n\n## Old\n\nold text\n`,
    );
  });
});
