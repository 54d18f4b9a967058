import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { PriceChart } from '@/features/chart';
import {
  displayName,
  knownPhase,
  MarketHeader,
  quoteCurrency,
  resolveTradeTicker,
  useTradeInstrument,
} from '@/features/markets';
import { OrderBook } from '@/features/order-book';
import { OrderLists, OrderPanel } from '@/features/trading';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAppStore } from '@/lib/store';
import { TradeLayout } from './trade-layout';

/**
 * The trade page: `/trade/:pair` (guest explore at `/trade/USDT-IDR`, R1.12) and `/trade?ticker=`
 * with the defaults of R2.02. Market header, chart and order book; for crypto pairs the order panel
 * and, for a logged-in user, their open and closed orders under the chart.
 */
export function Component() {
  const { t } = useTranslation();
  const { pair } = useParams();
  const [search] = useSearchParams();
  const symbol = resolveTradeTicker(pair, search);
  const { entry, ticker } = useTradeInstrument(symbol);
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const info = entry.info;
  useDocumentTitle(info ? t('trade.headTitle', { symbol, name: displayName(info), brand: t('app.name') }) : null);

  if (entry.state === 'failed' && !info) {
    return (
      <Box sx={{ maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)', py: 4, width: '100%' }}>
        <Alert severity="error" action={<AppLink to="/markets">{t('trade.backToMarkets')}</AppLink>}>
          {isNotFound(entry.error) ? t('trade.notFound', { symbol }) : t('trade.loadFailed')}
        </Alert>
      </Box>
    );
  }
  if (!info) {
    return (
      <TradeLayout
        header={<Skeleton variant="rounded" height={64} sx={{ my: 1.5 }} aria-label={t('app.loading')} />}
        chart={<Skeleton variant="rounded" height={420} />}
        orderBook={null}
        orderPanel={null}
      />
    );
  }

  const currency = quoteCurrency(info.assetClass);
  const bookKind = info.assetClass === 'CRYPTO' ? 'crypto' : info.assetClass === 'PERP' ? 'perps' : null;
  const crypto = info.assetClass === 'CRYPTO';
  const baseAsset = symbol.split('-')[0] ?? symbol;
  const chart = (
    <PriceChart
      key={symbol}
      symbol={symbol}
      assetClass={info.assetClass}
      flags={info}
      sessionLabel={ticker ? t(`trade.phases.${knownPhase(ticker.phase)}`) : null}
    />
  );
  return (
    <TradeLayout
      header={<MarketHeader info={info} ticker={ticker} />}
      chart={
        crypto && loggedIn ? (
          <Stack spacing={2}>
            {chart}
            <OrderLists />
          </Stack>
        ) : (
          chart
        )
      }
      orderBook={bookKind && currency ? <OrderBook kind={bookKind} symbol={symbol} currency={currency} /> : null}
      orderPanel={crypto ? <OrderPanel key={symbol} symbol={symbol} baseAsset={baseAsset} flags={info} /> : null}
    />
  );
}

function isNotFound(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 || status === 400;
}
