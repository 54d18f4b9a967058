import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ReviewPinForm, type ReviewPlacement } from './review-pin-form';
import { ReviewRefused } from './review-refused';

interface Priced {
  amount: string;
  fee: string;
}

interface HarnessProps {
  placement?: ReviewPlacement;
  onReview?: (amount: string) => Priced | null | Promise<Priced | null>;
  onSubmit?: (review: Priced, pin: string) => Promise<string | void>;
  dialog?: boolean;
}

/** A one-field form as a screen would write it: the amount is priced, shown, then confirmed. */
function Harness({
  placement = 'inline',
  onReview = (amount) => ({ amount, fee: '1' }),
  onSubmit = async (review) => `Sent ${review.amount}`,
  dialog = false,
}: HarnessProps) {
  const [amount, setAmount] = useState('');
  return (
    <ReviewPinForm<Priced>
      reviewLabel="Review"
      canReview={amount !== ''}
      reviewFor={[amount]}
      onReview={() => onReview(amount)}
      review={{
        placement,
        title: 'Summary',
        confirmLabel: 'Confirm with PIN',
        editLabel: 'Edit',
        content: (review) => <p>{`Send ${review.amount}, fee ${review.fee}`}</p>,
      }}
      pinTitle="Enter PIN"
      pinText={(review) => `Confirm ${review.amount}`}
      onSubmit={onSubmit}
      dialog={dialog ? { open: true, title: 'Transfer', onClose: () => undefined } : undefined}
    >
      <label>
        Amount
        <input value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
    </ReviewPinForm>
  );
}

describe('ReviewPinForm', () => {
  it('prices the form, shows the review, sends the reviewed figures with the PIN and shows the result', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (review: Priced) => `Sent ${review.amount}`);
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByRole('region', { name: 'Summary' });
    expect(within(review).getByText('Send 50, fee 1')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Confirm with PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter PIN' });
    expect(within(dialog).getByText('Confirm 50')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Sent 50')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ amount: '50', fee: '1' }, '135792');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter PIN' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('drops a review as soon as the input it priced changes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('shows a refusal from the form or the server, and the generic text for anything else', async () => {
    const user = userEvent.setup();
    const onReview = vi
      .fn<(amount: string) => Promise<Priced | null>>()
      .mockRejectedValueOnce(new ReviewRefused('Too much.'))
      .mockRejectedValueOnce(new ApiError({ code: 'limit', message: 'Above the limit.', status: 400 }))
      .mockRejectedValueOnce(new TypeError('fetch failed'));
    render(<Harness onReview={onReview} />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Too much.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Above the limit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Terjadi kesalahan')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('stays on the form when pricing returns nothing (the form says why itself)', async () => {
    const user = userEvent.setup();
    render(<Harness onReview={() => null} />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the PIN dialog open with the error when the submit is refused', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn<(review: Priced, pin: string) => Promise<string | void>>()
      .mockRejectedValue(new ApiError({ code: 'pin_wrong', message: 'Wrong PIN.', status: 400 }));
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm with PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '111111');
    expect(await within(dialog).findByText('Wrong PIN.')).toBeInTheDocument();
    // Cancelling the PIN goes back to the review, not to an empty form.
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it('replace: the review takes the form’s place under its heading, and Edit brings the form back', async () => {
    const user = userEvent.setup();
    render(<Harness placement="replace" />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('50');
  });

  it('dialog: the review opens in a dialog named by its title', async () => {
    const user = userEvent.setup();
    render(<Harness placement="dialog" />);
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByRole('dialog', { name: 'Summary' });
    await user.click(within(review).getByRole('button', { name: 'Confirm with PIN' }));
    expect(await screen.findByRole('dialog', { name: 'Enter PIN' })).toBeInTheDocument();
  });

  it('none, in a form dialog: the form’s button leads straight to the PIN', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    render(<Harness placement="none" dialog onSubmit={onSubmit} />);
    const form = screen.getByRole('dialog', { name: 'Transfer' });
    await user.type(within(form).getByLabelText('Amount'), '7');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    const pin = await screen.findByRole('dialog', { name: 'Enter PIN' });
    await user.type(within(pin).getByLabelText('PIN'), '135792');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: '7', fee: '1' }, '135792'));
  });
});
