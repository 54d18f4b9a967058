import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const received: Array<Record<string, unknown>> = [];

vi.mock('@mui/material/Tooltip', () => ({
  default: (props: Record<string, unknown> & { children: ReactNode }) => {
    received.push(props);
    return <>{props.children}</>;
  },
}));

const { InfoTooltip, Tooltip } = await import('./tooltip');

describe('tooltips', () => {
  it('R9.12 a tooltip opens after 100 ms and stays 1500 ms after a touch', () => {
    received.length = 0;
    render(
      <Tooltip title="Harga terakhir">
        <button type="button">Harga</button>
      </Tooltip>,
    );
    expect(received[0]).toMatchObject({ enterDelay: 100, leaveTouchDelay: 1500 });
  });

  it('R9.12 the info tooltip stays 10000 ms after a touch and has an accessible button', () => {
    received.length = 0;
    render(<InfoTooltip title="Biaya transaksi 0,1%" />);
    expect(received[0]).toMatchObject({ enterDelay: 100, leaveTouchDelay: 10000 });
    expect(screen.getByRole('button', { name: 'Informasi' })).toBeInTheDocument();
  });
});
