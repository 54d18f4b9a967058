import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendAnalyticsBatch } from '@/api/analytics';
import type { AnalyticsBatch } from '@/api/types';
import { server } from '@/testing/msw';
import { analytics, createAnalytics, installAnalyticsLifecycle, track } from './analytics';

function captureBatches() {
  const batches: AnalyticsBatch[] = [];
  const headers: Headers[] = [];
  server.use(
    http.post('*/api/v1/analytics/events', async ({ request }) => {
      const body = (await request.json()) as AnalyticsBatch;
      batches.push(body);
      headers.push(request.headers);
      return HttpResponse.json({ data: { accepted: body.events.length } });
    }),
  );
  return { batches, headers };
}

beforeEach(() => analytics.reset());
afterEach(() => {
  analytics.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('analytics', () => {
  it('R1.15 click events are batched and reach the server after 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
    window.history.replaceState(null, '', '/trade/BTC-IDR');
    const { batches, headers } = captureBatches();
    track('create_alert_clicked', { symbol: 'BTC-IDR' });
    track('load_chart_layout_clicked');
    track('buy_review', { amount: 100000 });
    track('sell_review', { pro: false });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]?.events.map((event) => event.name)).toEqual([
      'create_alert_clicked',
      'load_chart_layout_clicked',
      'buy_review',
      'sell_review',
    ]);
    expect(batches[0]?.events[0]).toEqual({
      name: 'create_alert_clicked',
      properties: { symbol: 'BTC-IDR' },
      path: '/trade/BTC-IDR',
      occurredAt: '2026-11-22T10:00:00.000Z',
    });
    expect(headers[0]?.get('x-platform')).toBe('desktop-web');
    expect(analytics.pending()).toBe(0);
  });

  it('R1.15 20 waiting events are sent at once, without waiting for the timer', async () => {
    const { batches } = captureBatches();
    for (let i = 0; i < 20; i += 1) track('buy_review', { i });
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]?.events).toHaveLength(20);
  });

  it('R1.15 when the page is hidden the queue goes out with sendBeacon', () => {
    const beacon = vi.fn((_url: string | URL, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const uninstall = installAnalyticsLifecycle(window);
    track('sell_review');
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]?.[0]).toBe('/api/v1/analytics/events');
    expect(beacon.mock.calls[0]?.[1]).toBeInstanceOf(Blob);
    expect(analytics.pending()).toBe(0);
  });

  it('R1.15 falls back to a keepalive request when sendBeacon refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const { batches } = captureBatches();
    track('create_alert_clicked');
    analytics.flushOnHide();
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]?.events[0]?.name).toBe('create_alert_clicked');
  });

  it('R1.15 refuses event names the server would reject', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(track('Create Alert')).toBe(false);
    expect(track('1st_click')).toBe(false);
    expect(track('a'.repeat(65))).toBe(false);
    expect(track('ok_name_1')).toBe(true);
  });

  it('R1.15 keeps the events of a batch the server could not take, and drops a rejected one', async () => {
    let status = 503;
    const received: AnalyticsBatch[] = [];
    server.use(
      http.post('*/api/v1/analytics/events', async ({ request }) => {
        received.push((await request.json()) as AnalyticsBatch);
        return status === 200
          ? HttpResponse.json({ data: { accepted: 1 } })
          : HttpResponse.json({ error_code: 'e', error_message: 'm' }, { status });
      }),
    );
    const instance = createAnalytics({
      send: sendAnalyticsBatch,
      beacon: () => false,
      path: () => '/',
      now: () => new Date(),
      flushIntervalMs: 60_000,
    });
    instance.track('buy_review');
    await instance.flush();
    expect(instance.pending()).toBe(1);
    status = 400;
    await instance.flush();
    expect(instance.pending()).toBe(0);
    expect(received).toHaveLength(2);
    instance.reset();
  });
});
