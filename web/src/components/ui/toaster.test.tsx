import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, useToasts } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => useToasts.setState({ queue: [] }));

describe('Toaster', () => {
  it('R8.08 shows an error toast and the next one after it is closed', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Saldo tidak cukup');
      toast.success('Order terkirim');
    });
    // The snackbar's code loads with the first toast.
    expect(await screen.findByRole('alert')).toHaveTextContent('Saldo tidak cukup');
    await userEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order terkirim');
  });

  it('keeps only the latest few toasts of a burst', () => {
    act(() => {
      for (let i = 0; i < 10; i++) toast.error(`error ${i}`);
    });
    expect(useToasts.getState().queue.map((item) => item.message)).toEqual(['error 7', 'error 8', 'error 9']);
  });
});
