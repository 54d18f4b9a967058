import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BottomBarProvider } from '@/components/layout/bottom-bar-provider';
import { BottomNav } from '@/components/layout/bottom-nav';
import { ThemeProvider } from '@mui/material/styles';
import { getCookie } from '@/lib/cookies';
import { muiThemes } from '@/lib/theme';
import type { OrderPanelSlot, TradePanel } from '../lib/types';
import { TradePage } from './trade-page';

/** jsdom has no matchMedia: answer "phone" (< 640 px) or "wide" for the layout's media query. */
function setScreen(kind: 'phone' | 'wide') {
  window.matchMedia = ((query: string) => ({
    matches: kind === 'phone' && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** jsdom has no PointerEvent either; a mouse event with a pointer id is enough for the swipe. */
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

const panels: TradePanel[] = [
  { id: 'book', label: 'Buku order', heightPx: 500, content: <p>book rows</p> },
  { id: 'trades', label: 'Transaksi terkini', content: <p>trade prints</p> },
];

function orderPanel(guest = false): OrderPanelSlot {
  return {
    title: 'Transaksi BTC-IDR',
    guest,
    render: ({ side, onDone }) => (
      <div>
        <p>form side {side}</p>
        <input aria-label="Jumlah" />
        <button type="button" onClick={onDone}>
          Pasang
        </button>
      </div>
    ),
  };
}

function renderPage(page: ReactNode) {
  return render(
    <ThemeProvider theme={muiThemes.dark}>
      <MemoryRouter initialEntries={['/trade/BTC-IDR?x=1']}>
        <BottomBarProvider>
          <Routes>
            <Route path="/trade/:pair" element={page} />
            <Route path="/login" element={<h1>Masuk page</h1>} />
          </Routes>
          <BottomNav />
        </BottomBarProvider>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const page = (slot: OrderPanelSlot | null) => (
  <TradePage
    header={<h1>BTC-IDR</h1>}
    chart={<p>chart canvas</p>}
    panels={panels}
    orderPanel={slot}
    bottomTabs={[{ id: 'open', label: 'Order terbuka', content: <p>open orders</p> }]}
  />
);

describe('TradePage on phones', () => {
  beforeEach(() => setScreen('phone'));
  afterEach(() => setScreen('wide'));

  it('shows the chart, book and trades as tabs and Buy/Sell in place of the tab bar', async () => {
    const user = userEvent.setup();
    renderPage(page(orderPanel()));
    const tabs = screen.getByRole('tablist', { name: 'Tampilan pasar' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Grafik', 'Buku order', 'Transaksi terkini']);
    expect(screen.getByText('chart canvas')).toBeVisible();
    await user.click(within(tabs).getByRole('tab', { name: 'Buku order' }));
    expect(screen.getByRole('tabpanel', { name: 'Buku order' })).toHaveTextContent('book rows');
    expect(screen.getByRole('group', { name: 'Beli atau jual' })).toBeInTheDocument();
    // The page holds the bottom edge: the tab bar steps aside.
    expect(screen.queryByRole('navigation', { name: 'Navigasi bawah' })).not.toBeInTheDocument();
  });

  it('Sell opens a modal sheet on the sell side; Escape closes it and focus goes back to Sell', async () => {
    const user = userEvent.setup();
    renderPage(page(orderPanel()));
    const sell = screen.getByRole('button', { name: 'Jual' });
    await user.click(sell);
    const sheet = await screen.findByRole('dialog', { name: 'Transaksi BTC-IDR' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(within(sheet).getByText('form side SELL')).toBeInTheDocument();
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(sell).toHaveFocus());
  });

  it('closes the sheet after an order and on a swipe down of its grab area, but not on a short drag', async () => {
    const user = userEvent.setup();
    const original = window.PointerEvent;
    window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
    try {
      renderPage(page(orderPanel()));
      await user.click(screen.getByRole('button', { name: 'Beli' }));
      const sheet = await screen.findByRole('dialog', { name: 'Transaksi BTC-IDR' });
      await user.click(within(sheet).getByRole('button', { name: 'Pasang' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Beli' }));
      const grab = within(await screen.findByRole('dialog')).getByTestId('sheet-grab');
      act(() => {
        fireEvent.pointerDown(grab, { clientY: 100, pointerId: 1 });
        fireEvent.pointerMove(grab, { clientY: 110, pointerId: 1 });
      });
      // A short, slow drag springs back.
      await new Promise((resolve) => setTimeout(resolve, 60));
      act(() => {
        fireEvent.pointerUp(grab, { clientY: 110, pointerId: 1 });
      });
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      act(() => {
        fireEvent.pointerDown(grab, { clientY: 100, pointerId: 2 });
        fireEvent.pointerMove(grab, { clientY: 260, pointerId: 2 });
        fireEvent.pointerUp(grab, { clientY: 260, pointerId: 2 });
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      window.PointerEvent = original;
    }
  });

  it('R2.04 a guest who presses Buy goes to log-in with this page remembered', async () => {
    const user = userEvent.setup();
    renderPage(page(orderPanel(true)));
    await user.click(screen.getByRole('button', { name: 'Beli' }));
    expect(await screen.findByRole('heading', { name: 'Masuk page' })).toBeInTheDocument();
    expect(getCookie('returnPath')).toBe('/trade/BTC-IDR?x=1');
  });

  it('keeps the tab bar for an instrument that cannot be traded here', () => {
    renderPage(page(null));
    expect(screen.queryByRole('group', { name: 'Beli atau jual' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigasi bawah' })).toBeInTheDocument();
  });
});

describe('TradePage on wide screens', () => {
  beforeEach(() => setScreen('wide'));

  it('shows the chart, the side panels, the order panel and the bottom tabs at once, without a sheet', () => {
    renderPage(page(orderPanel()));
    expect(screen.getByText('chart canvas')).toBeVisible();
    expect(screen.getByText('book rows')).toBeVisible();
    expect(screen.getByText('trade prints')).toBeVisible();
    expect(screen.getByText('form side BUY')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Aktivitas trading' })).toHaveTextContent('open orders');
    expect(screen.queryByRole('group', { name: 'Beli atau jual' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Tampilan pasar' })).not.toBeInTheDocument();
  });
});
