import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveClient } from '@/lib/live/live-client';
import { queryClient } from '@/lib/query-client';
import { installTestSockets } from '@/testing/test-socket';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import { HoldingPosition } from './holding-position';

beforeEach(() => {
  queryClient.clear();
  installTestSockets();
  server.use(
    http.get('*/api/v1/portfolio/asset-holdings', () =>
      HttpResponse.json({
        data: [
          {
            asset: 'BTC',
            assetType: 'CRYPTO',
            symbol: 'BTC-IDR',
            quantity: '0.00025',
            averagePrice: '1600000000',
            currentPrice: '1500000000',
            currentValue: '375000.00',
            investedAmount: '400000.00',
            realisedProfit: '0.00',
            unrealisedProfit: '-25000.00',
            unrealisedProfitPercentage: '-6.25',
          },
        ],
      }),
    ),
  );
});
afterEach(() => setLiveClient(null));

describe('the trade page position tab', () => {
  it('shows the pair holding: quantity, cost, value and the unrealised loss', async () => {
    renderWithQuery(<HoldingPosition symbol="BTC-IDR" />);
    expect(await screen.findByText('0,00025 BTC')).toBeInTheDocument();
    expect(screen.getByText('Rp375.000')).toBeInTheDocument();
    expect(screen.getByText('-Rp25.000 (-6,25%)')).toBeInTheDocument();
  });

  it('says so when the user holds none of the coin', async () => {
    renderWithQuery(<HoldingPosition symbol="ETH-IDR" />);
    expect(await screen.findByText('Anda belum memiliki ETH.')).toBeInTheDocument();
  });
});
