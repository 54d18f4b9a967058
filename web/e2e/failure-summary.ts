import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the server's warning lines a failed run prints. */
const SERVER_LINES = 25;
/** How many lines of each failure's message. */
const ERROR_LINES = 6;
/** How many of the page's alerts and dialogs at the failure. */
const ALERT_LINES = 4;

const stripAnsi = stripVTControlCharacters;

/**
 * Ends a failed run with what a reader of its last lines needs: the server's latest warnings and
 * errors (its log goes to a file, see playwright.config.ts), then each failed test with the first
 * lines of its error. CI keeps only the tail of the output, where the list reporter's details are gone.
 */
export default class FailureSummary implements Reporter {
  private readonly failures: { title: string; message: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const message = stripAnsi(result.error?.message ?? result.status)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, ERROR_LINES)
      .join('\n    ');
    // The page's alerts and open dialogs at the failure (from the page snapshot Playwright attaches).
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path && existsSync(a.path));
    const seen = context?.path
      ? readFileSync(context.path, 'utf8')
          .split('\n')
          .filter((line) => /- (alert|dialog)\b/.test(line))
          .slice(0, ALERT_LINES)
          .map((line) => `page: ${line.trim()}`)
      : [];
    const title = `${test.parent.project()?.name ?? ''} › ${test.titlePath().slice(2).join(' › ')}`;
    this.failures.push({ title, message: [message, ...seen].join('\n    ') });
  }

  onEnd(result: FullResult): void {
    if (result.status === 'passed' || this.failures.length === 0) return;
    const log = process.env.E2E_SERVER_LOG;
    if (log && existsSync(log)) {
      const lines = readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => /\b(WARN|ERROR)\b/.test(line));
      console.log(`\nServer warnings and errors (last ${SERVER_LINES} of ${lines.length}, ${log}):`);
      for (const line of lines.slice(-SERVER_LINES)) console.log(`  ${stripAnsi(line).slice(0, 300)}`);
    }
    console.log('\nFailed tests:');
    for (const failure of this.failures) console.log(`  ${failure.title}\n    ${failure.message}`);
  }
}
