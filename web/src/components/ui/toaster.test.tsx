import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
});

describe('Toaster', () => {
  it('R8.08 shows a new toast at once beside the one on screen; each closes on its own', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Saldo tidak cukup');
      toast.success('Order terkirim');
    });
    // The stack's code loads with the first toast.
    await screen.findAllByRole('alert');
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Saldo tidak cukup', 'Order terkirim']);
    await userEvent.click(within(alerts[0]!).getByRole('button', { name: 'Tutup' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Order terkirim']);
  });

  it('R7.12 shows a message with markup in it as the characters it holds', async () => {
    render(<Toaster />);
    act(() => toast.error('<img src=x onerror="alert(1)"><b>Saldo</b>'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('<img src=x onerror="alert(1)"><b>Saldo</b>');
    expect(alert.querySelector('img, b')).toBeNull();
  });

  it('goes by itself after a few seconds, but not while the pointer rests on it', async () => {
    render(<Toaster />);
    act(() => toast.info('Harga diperbarui'));
    await screen.findByRole('alert');
    // The same message again mounts a new toast, whose timer is now a fake one.
    vi.useFakeTimers();
    act(() => toast.info('Harga diperbarui'));
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Harga diperbarui');
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps only the latest few toasts of a burst, and the same message once, as the newest', () => {
    act(() => {
      for (let i = 0; i < 10; i++) toast.error(`error ${i}`);
      toast.error('error 8');
    });
    expect(useToasts.getState().toasts.map((item) => item.message)).toEqual(['error 7', 'error 9', 'error 8']);
  });
});
