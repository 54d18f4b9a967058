import { describe, expect, it } from 'vitest';
import { NOT_APP_PAGES } from './routes';

const leftToNetwork = (path: string) => NOT_APP_PAGES.some((pattern) => pattern.test(path));

describe('the service worker', () => {
  it('never answers the API, the live socket, metrics, health or the API docs', () => {
    for (const path of ['/api', '/api/v1/app/config', '/ws', '/metrics', '/healthz', '/docs', '/docs/openapi.json']) {
      expect(leftToNetwork(path), path).toBe(true);
    }
  });

  it('stands in with the shell for app pages only', () => {
    for (const path of ['/', '/markets', '/trade/BTC-IDR', '/en/portfolio', '/pwa/balance', '/apikeys', '/docsearch']) {
      expect(leftToNetwork(path), path).toBe(false);
    }
  });
});
