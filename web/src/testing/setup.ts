import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { addTranslation, initI18n } from '@/i18n';
import en from '@/i18n/en.json';
import id from '@/i18n/id.json';
import { setNavigator } from '@/lib/navigation';
import { server } from './msw';
import { resetAppState } from './reset';

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
