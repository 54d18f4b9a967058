import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readPinTimestamp } from '@/lib/pin-session';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { verifySessionPin } from '@/api/session-pin';
import { PinEntryDialog } from './pin-entry-dialog';

describe('PinEntryDialog', () => {
  it('R1.13 submits six digits once and closes through the caller', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<PinEntryDialog open title="Konfirmasi order" onSubmit={onSubmit} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('PIN'), '135792');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith('135792');
  });

  it('shows a wrong PIN and clears the cells', async () => {
    logIn();
    server.use(
      http.post('*/api/v1/user/pin/verify-pin', () => apiError(400, 'pin_wrong', 'PIN salah. Sisa percobaan: 4.')),
    );
    const onClose = vi.fn();
    render(<PinEntryDialog open title="Konfirmasi order" onSubmit={verifySessionPin} onClose={onClose} />);
    const input = screen.getByLabelText('PIN');
    await userEvent.type(input, '111111');
    expect(await screen.findByText('PIN salah. Sisa percobaan: 4.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('records the PIN timestamp when the session PIN is right', async () => {
    logIn();
    server.use(http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: 1234 } })));
    await verifySessionPin('135792');
    expect(readPinTimestamp()).toBe(1234);
  });
});
