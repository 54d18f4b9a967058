import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AppConfig } from '@/api/types';

export const testAppConfig: AppConfig = {
  lightThemeAllowed: true,
  engagementScriptUrl: null,
  marketingLinks: {
    products: 'https://example.com/products',
    fees: 'https://example.com/fees',
    blog: 'https://example.com/blog',
    academy: 'https://example.com/academy',
    terms: 'https://example.com/terms',
    support: 'https://example.com/support',
  },
  sandbox: true,
  mode: 'sandbox',
  version: '0.1.0',
};

/** Defaults every test gets; a test overrides with server.use(...). */
export const handlers = [
  http.get('*/api/v1/app/config', () => HttpResponse.json({ data: testAppConfig })),
  http.post('*/api/v1/analytics/events', async ({ request }) => {
    const body = (await request.json()) as { events: unknown[] };
    return HttpResponse.json({ data: { accepted: body.events.length } });
  }),
  http.post('*/api/v1/user/save-metadata', async ({ request }) => {
    const body = (await request.json()) as { metadata: Record<string, string | null> };
    return HttpResponse.json({ data: { metadata: body.metadata } });
  }),
  http.post('*/api/v1/user/clevertap/profile', async ({ request }) => {
    const body = (await request.json()) as { profile: Record<string, unknown> };
    return HttpResponse.json({ data: { properties: Object.keys(body.profile).length } });
  }),
  http.post('*/api/v1/client-logs', async ({ request }) => {
    const body = (await request.json()) as { entries: unknown[] };
    return HttpResponse.json({ data: { accepted: body.entries.length } });
  }),
];

export const server = setupServer(...handlers);
