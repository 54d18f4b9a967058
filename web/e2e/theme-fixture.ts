import { test as base } from '@playwright/test';

export type AppTheme = 'dark' | 'light';

export interface ThemeOptions {
  /** The app's theme for the test: the `theme` cookie, which the server renders the page from. */
  appTheme: AppTheme;
}

/**
 * `test` with the app's theme as a project option (dark, the app's default, unless a project says
 * otherwise), so a spec's journeys can run once per theme without a copy of the spec.
 */
export const test = base.extend<ThemeOptions>({
  appTheme: ['dark', { option: true }],
  context: async ({ context, appTheme, baseURL }, provide) => {
    await context.addCookies([{ name: 'theme', value: appTheme, url: baseURL! }]);
    await provide(context);
  },
});

export { expect } from '@playwright/test';
