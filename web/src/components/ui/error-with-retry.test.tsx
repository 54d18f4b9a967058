import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorWithRetry } from './error-with-retry';

describe('ErrorWithRetry', () => {
  it('R8.09 says what failed and retries on the button', async () => {
    const onRetry = vi.fn().mockResolvedValue(undefined);
    render(
      <ErrorWithRetry
        severity="warning"
        message="Saldo belum bisa dimuat."
        retryLabel="Muat ulang"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Saldo belum bisa dimuat.');
    await userEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
