import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, testAppConfig } from '@/testing/msw';
import { renderApp } from '@/testing/render';

describe('the sandbox badge', () => {
  it('shows "Sandbox" in the header in sandbox mode, with what it means', async () => {
    renderApp('/');
    const badge = await screen.findByTestId('sandbox-badge');
    expect(badge).toHaveTextContent('Sandbox');
    expect(badge).toHaveAccessibleName('Mode sandbox: dana dan pasar disimulasikan, bukan uang sungguhan.');
    expect(screen.getByRole('banner')).toContainElement(badge);
  });

  it('is absent in production', async () => {
    server.use(
      http.get('*/api/v1/app/config', () =>
        HttpResponse.json({ data: { ...testAppConfig, mode: 'production', sandbox: false } }),
      ),
    );
    renderApp('/');
    // The footer's version line appears once the configuration is known.
    await screen.findByText(/Versi 0\.1\.0/);
    await waitFor(() => expect(screen.queryByTestId('sandbox-badge')).not.toBeInTheDocument());
  });
});
