import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { server } from '@/testing/msw';
import { RouteError } from './route-error';

function Boom(): never {
  throw new Error('render failed');
}

describe('route errors', () => {
  it('R8.10 a route that fails to render shows the error screen and logs the error to the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const messages: string[] = [];
    server.use(
      http.post('*/api/v1/client-logs', async ({ request }) => {
        const body = (await request.json()) as { entries: Array<{ message: string }> };
        messages.push(...body.entries.map((entry) => entry.message));
        return HttpResponse.json({ data: { accepted: body.entries.length } });
      }),
    );
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteError /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Terjadi kesalahan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
    await waitFor(() => expect(messages).toContain('Error: render failed'), { timeout: 3000 });
  });
});
