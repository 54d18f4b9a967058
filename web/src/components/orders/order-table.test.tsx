import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderTable, type OrderTableRow } from './order-table';

interface Order {
  id: string;
}

function row(id: string, patch: Partial<OrderTableRow<Order>> = {}): OrderTableRow<Order> {
  return {
    order: { id },
    id,
    createdAtMs: Date.UTC(2026, 10, 24, 8, 0),
    instrument: 'BTC-IDR',
    side: 'SELL',
    type: 'Trailing stop · 5%',
    price: 'Rp949.050.000',
    quantity: '0,001',
    filled: '0',
    status: { label: 'placed', color: 'info' },
    amendLabel: `Ubah order ${id}`,
    cancelLabel: `Batalkan order ${id}`,
    ...patch,
  };
}

function renderTable(props: Partial<Parameters<typeof OrderTable<Order>>[0]> = {}) {
  const onAmend = vi.fn();
  const onCancel = vi.fn();
  const onPage = vi.fn();
  render(
    <OrderTable<Order>
      label="Order terbuka"
      instrumentHeader="Pasangan"
      rows={[row('o1'), row('o2', { amendLabel: null, cancelLabel: null })]}
      kind="open"
      loading={false}
      onAmend={onAmend}
      onCancel={onCancel}
      cancelling={false}
      page={1}
      total={2}
      onPage={onPage}
      {...props}
    />,
  );
  return { onAmend, onCancel, onPage };
}

describe('OrderTable', () => {
  it('R7.05 shows each order with its side and type, and hands the order to amend and cancel', async () => {
    const { onAmend, onCancel } = renderTable();
    const table = screen.getByRole('table', { name: 'Order terbuka' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Jual Trailing stop · 5%');
    expect(first).toHaveTextContent('Rp949.050.000');
    await userEvent.click(within(first).getByRole('button', { name: 'Ubah order o1' }));
    expect(onAmend).toHaveBeenCalledWith({ id: 'o1' });
    await userEvent.click(within(first).getByRole('button', { name: 'Batalkan order o1' }));
    expect(onCancel).toHaveBeenCalledWith({ id: 'o1' });
    // An order without labels offers neither action.
    expect(within(within(table).getAllByRole('row')[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('R7.05 the history has no actions column and says when it is empty, on one page', () => {
    renderTable({ kind: 'closed', rows: [], total: 0, label: 'Riwayat order' });
    const table = screen.getByRole('table', { name: 'Riwayat order' });
    expect(within(table).queryByRole('columnheader', { name: 'Aksi' })).not.toBeInTheDocument();
    expect(table).toHaveTextContent('Belum ada order.');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('R7.05 a list of more than 30 orders pages', async () => {
    const { onPage } = renderTable({ total: 31 });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Halaman order' })).getByRole('button', { name: 'Ke halaman 2' }),
    );
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
