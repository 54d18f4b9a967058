import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { addTranslation, initI18n } from '@/i18n';
import en from '@/i18n/en.json';
import id from '@/i18n/id.json';
import { setNavigator } from '@/lib/navigation';
import { server } from './msw';
import { resetAppState } from './reset';

// Browsers have the pointer events' handler properties and jsdom does not; Preact (the app's React,
// vite.config.ts) listens to `pointerdown` only where `onpointerdown` exists, else to `PointerDown`.
for (const type of [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'pointerover',
  'pointerout',
  'pointerenter',
  'pointerleave',
  'gotpointercapture',
  'lostpointercapture',
]) {
  if (!(`on${type}` in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, `on${type}`, { value: null, writable: true, configurable: true });
  }
}

initI18n('id');
// The app loads a language on demand; tests have both at once.
addTranslation('id', id);
addTranslation('en', en);
// Lazy routes load slowly on a busy machine (two test workers beside a Rust build).
configure({ asyncUtilTimeout: 4_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetAppState();
  window.history.replaceState(null, '', '/');
});
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  setNavigator(null);
  const { i18n } = await import('@/i18n');
  if (i18n.language !== 'id') await i18n.changeLanguage('id');
});
afterAll(() => server.close());
