import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type * as Navigation from '@/lib/navigation';
import { logIn, meHandler, tagsHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

const leaveTo = vi.hoisted(() => vi.fn());
vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo,
}));

const REDIRECT = 'https://help.example.id/s/login?salesforceIdentifier=sf_abc';

describe('support log-in', { timeout: 20_000 }, () => {
  it('R3.16 R2.11 loginSalesforce=true sends a logged-in user to the support site with the identifier', async () => {
    logIn();
    server.use(
      meHandler,
      tagsHandler,
      http.get('*/api/v1/user/salesforce/web-info', () =>
        HttpResponse.json({
          data: {
            salesforceIdentifier: 'sf_abc',
            supportUrl: 'https://help.example.id/s/login',
            redirectUrl: REDIRECT,
          },
        }),
      ),
    );
    renderApp('/login?loginSalesforce=true');
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(REDIRECT));
  });

  it('R2.11 any other value than the text true is a normal log-in page visit', async () => {
    leaveTo.mockClear();
    logIn();
    server.use(meHandler, tagsHandler);
    const { router } = renderApp('/login?loginSalesforce=TRUE');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findAllByRole('link')).not.toHaveLength(0);
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
