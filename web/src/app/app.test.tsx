import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { useAppStore } from '@/lib/store';
import { server, testAppConfig } from '@/testing/msw';
import { renderApp } from '@/testing/render';

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.className = 'theme-dark';
  document.documentElement.lang = 'id';
});

describe('app shell', () => {
  it('R1.01 the home screen is Indonesian at / and English at /en, with <html lang> in step', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Semua investasi Anda, dalam satu tempat' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('id');
  });

  it('R1.01 the English home screen lives under /en', async () => {
    renderApp('/en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All your investments, in one place' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(useAppStore.getState().misc.language).toBe('en');
  });

  it('R2.06 the footer links to the marketing site as external links from app config', async () => {
    renderApp('/');
    const footerNav = await screen.findByRole('navigation', { name: 'Tautan' });
    const expected = {
      Produk: testAppConfig.marketingLinks.products,
      Biaya: testAppConfig.marketingLinks.fees,
      Blog: testAppConfig.marketingLinks.blog,
      Akademi: testAppConfig.marketingLinks.academy,
      'Syarat dan ketentuan': testAppConfig.marketingLinks.terms,
      Bantuan: testAppConfig.marketingLinks.support,
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = within(footerNav).getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('R1.01 the language switch goes to the /en path and remembers the choice in a cookie', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/?x=1');
    await user.click(await screen.findByRole('button', { name: 'Bahasa: ID' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(router.state.location.search).toBe('?x=1');
    expect(getCookie('lang')).toBe('en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All your investments, in one place' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Language: EN' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Bahasa Indonesia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getCookie('lang')).toBe('id');
  });

  it('R1.02 the theme switch turns the light theme on and keeps it in a cookie', async () => {
    const user = userEvent.setup();
    renderApp('/');
    expect(document.documentElement).toHaveClass('theme-dark');
    await user.click(await screen.findByRole('button', { name: 'Tema' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Terang' }));
    expect(document.documentElement).toHaveClass('theme-light');
    expect(document.documentElement).not.toHaveClass('theme-dark');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(getCookie('theme')).toBe('light');
  });

  it('R2.10 without permission for light the theme stays dark and the switch is hidden', async () => {
    server.use(
      http.get('*/api/v1/app/config', () =>
        HttpResponse.json({ data: { ...testAppConfig, lightThemeAllowed: false } }),
      ),
    );
    useAppStore.getState().setTheme('light');
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Tautan' });
    await waitFor(() => expect(document.documentElement).toHaveClass('theme-dark'));
    expect(screen.queryByRole('button', { name: 'Tema' })).not.toBeInTheDocument();
  });

  it('shows a localised not-found page with a link home for an unknown path', async () => {
    renderApp('/en/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });

  it('R2.03 PWA routes hide the header and footer and take the theme from ?theme=', async () => {
    renderApp('/pwa?theme=light');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Semua investasi Anda, dalam satu tempat' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bahasa/ })).not.toBeInTheDocument();
    expect(document.documentElement).toHaveClass('theme-light');
    // The flag is for this view only: the user's choice is untouched.
    expect(getCookie('theme')).toBeNull();
    expect(useAppStore.getState().misc.theme).toBe('dark');
  });

  it('R2.03 a PWA route without the flag keeps the user theme; unknown PWA paths are not found', async () => {
    useAppStore.getState().setTheme('light');
    renderApp('/pwa/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('theme-light');
  });

  it('R8.02 R4.19 a 503 shows the maintenance screen, which re-checks after Retry-After and returns to the app', async () => {
    // Only the clock is fake: a fake setInterval would also stop testing-library's polling.
    vi.useFakeTimers({ toFake: ['Date'] });
    let maintenance = true;
    let checks = 0;
    server.use(
      http.get('*/api/v1/app/config', () => {
        checks += 1;
        return maintenance
          ? HttpResponse.json(
              { error_code: 'maintenance', error_message: 'Peningkatan sistem terjadwal' },
              { status: 503, headers: { 'Retry-After': '2' } },
            )
          : HttpResponse.json({ data: testAppConfig });
      }),
    );
    renderApp('/');
    // The screens are lazy routes: when the whole suite runs on two busy cores, their first import
    // (transformed on demand) has taken over 5 s, which made this test fail now and then.
    const loaded = { timeout: 15_000 };
    expect(await screen.findByRole('heading', { name: 'Sedang dalam pemeliharaan' }, loaded)).toBeInTheDocument();
    expect(screen.getByText('Peningkatan sistem terjadwal')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Semua investasi Anda, dalam satu tempat' })).not.toBeInTheDocument();
    // Retry-After 2 is raised to the 5 s minimum.
    expect(screen.getByText('Memeriksa lagi dalam 5 detik.')).toBeInTheDocument();
    const checksBefore = checks;
    // The screen looks at the clock every 250 ms: a moment after 4 s have passed, no check yet.
    vi.setSystemTime(Date.now() + 4_000);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(checks).toBe(checksBefore);
    maintenance = false;
    vi.setSystemTime(Date.now() + 1_250);
    expect(
      await screen.findByRole('heading', { name: 'Semua investasi Anda, dalam satu tempat' }, loaded),
    ).toBeInTheDocument();
    expect(checks).toBe(checksBefore + 1);
    expect(useAppStore.getState().misc.underMaintenance).toBe(false);
    // The test's own limit covers both waits for the lazy routes (the default 5 s did not).
  }, 40_000);
});
