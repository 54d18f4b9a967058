import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sendClientLogs } from '@/api/client-logs';
import type { ClientLogBatch } from '@/api/types';
import { server } from '@/testing/msw';
import { createClientLogger, installGlobalErrorHandlers } from './error-reporting';

function captureLogs() {
  const batches: ClientLogBatch[] = [];
  server.use(
    http.post('*/api/v1/client-logs', async ({ request }) => {
      const body = (await request.json()) as ClientLogBatch;
      batches.push(body);
      return HttpResponse.json({ data: { accepted: body.entries.length } });
    }),
  );
  return batches;
}

function testLogger(nowMs: () => number = () => Date.now()) {
  return createClientLogger({ send: sendClientLogs, now: nowMs, url: () => window.location.href, flushDelayMs: 5 });
}

describe('client error logging', () => {
  it('R8.10 an uncaught exception is logged to the server', async () => {
    const batches = captureLogs();
    const logger = testLogger();
    const uninstall = installGlobalErrorHandlers(window, logger);
    const error = new Error('kaboom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'Uncaught Error: kaboom' }));
    uninstall();
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]?.entries[0]).toMatchObject({
      kind: 'error',
      message: 'Error: kaboom',
      url: 'http://localhost:3000/',
    });
    expect(batches[0]?.entries[0]?.stack).toContain('kaboom');
    expect(batches[0]?.entries[0]?.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('R8.10 an unhandled promise rejection is logged to the server', async () => {
    const batches = captureLogs();
    const logger = testLogger();
    const uninstall = installGlobalErrorHandlers(window, logger);
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    Object.defineProperty(event, 'reason', { value: 'request failed' });
    window.dispatchEvent(event);
    uninstall();
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]?.entries[0]).toMatchObject({
      kind: 'unhandledrejection',
      message: 'request failed',
      stack: null,
    });
  });

  it('R8.10 is rate-limited: the same message once a minute, at most 10 entries a minute', () => {
    let now = 0;
    const sent: ClientLogBatch[] = [];
    const logger = createClientLogger({
      send: async (batch) => sent.push(batch),
      now: () => now,
      url: () => '/',
      flushDelayMs: 1_000_000,
    });
    expect(logger.report('error', 'same', null)).toBe(true);
    expect(logger.report('error', 'same', null)).toBe(false);
    for (let i = 0; i < 9; i += 1) expect(logger.report('error', `m${i}`, null)).toBe(true);
    expect(logger.report('error', 'one too many', null)).toBe(false);
    now = 60_000;
    expect(logger.report('error', 'same', null)).toBe(true);
    logger.flush();
    expect(sent.flatMap((batch) => batch.entries)).toHaveLength(11);
    logger.reset();
  });
});
