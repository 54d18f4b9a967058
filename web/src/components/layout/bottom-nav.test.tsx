import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useClaimBottomBar } from './bottom-bar';
import { BottomBarProvider } from './bottom-bar-provider';
import { BottomNav } from './bottom-nav';

function Claimer({ active }: { active: boolean }) {
  useClaimBottomBar(active);
  return null;
}

function renderNav(path: string, claim = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <BottomBarProvider>
        <Claimer active={claim} />
        <BottomNav />
      </BottomBarProvider>
    </MemoryRouter>,
  );
}

describe('the bottom tab bar', () => {
  it('offers the five destinations and marks the current place with aria-current', () => {
    renderNav('/portfolio');
    const nav = screen.getByRole('navigation', { name: 'Navigasi bawah' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Beranda', 'Pasar', 'Portofolio', 'Saldo', 'Akun']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/markets',
      '/portfolio',
      '/balance',
      '/account',
    ]);
    expect(within(nav).getByRole('link', { name: 'Portofolio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Beranda' })).not.toHaveAttribute('aria-current');
  });

  it('marks Home only on the home page itself, and Account on its sub-pages', () => {
    renderNav('/account/profile');
    const nav = screen.getByRole('navigation', { name: 'Navigasi bawah' });
    expect(within(nav).getByRole('link', { name: 'Akun' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Beranda' })).not.toHaveAttribute('aria-current');
  });

  it('steps aside while a page claims the bottom edge', () => {
    renderNav('/trade/BTC-IDR', true);
    expect(screen.queryByRole('navigation', { name: 'Navigasi bawah' })).not.toBeInTheDocument();
  });
});
