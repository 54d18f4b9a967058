import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { PriceChart } from '@/features/chart';
import {
  AssetDetails,
  displayName,
  knownPhase,
  MarketHeader,
  PairSwitcher,
  quoteCurrency,
  resolveTradeTicker,
  useTradeInstrument,
} from '@/features/markets';
import { OrderBook } from '@/features/order-book';
import { HoldingPosition } from '@/features/portfolio';
import { RecentTrades } from '@/features/recent-trades';
import { TradePage, type TradePanel } from '@/features/trade-page';
import { OrderList, OrderPanel } from '@/features/trading';
import {
  StockFacts,
  UsOrderList,
  UsOrderPanel,
  UsStockPositions,
  useDescription,
  useUsLiveUpdates,
} from '@/features/us-stocks';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAppStore } from '@/lib/store';

/** Room kept beside the chart for the book (20 levels) and the trades, so they never push the page. */
const BOOK_HEIGHT_PX = 600;
const TRADES_HEIGHT_PX = 380;

/**
 * The trade page: `/trade/:pair` (guest explore at `/trade/USDT-IDR`, R1.12) and `/trade?ticker=`
 * with the defaults of R2.02. Crypto fills the generic trade page (features/trade-page): the market
 * header and pair switcher, the chart, the book, the recent trades and the facts, the order panel,
 * and for a logged-in user the open orders, the history and their position in the pair.
 */
export function Component() {
  const { t } = useTranslation();
  const { pair } = useParams();
  const [search] = useSearchParams();
  const symbol = resolveTradeTicker(pair, search);
  const { entry, ticker } = useTradeInstrument(symbol);
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const info = entry.info;
  const usStock = info?.assetClass === 'US_STOCK';
  // A US stock's facts, session and order rules come from its description (issue 11).
  const description = useDescription(symbol, usStock);
  // The US-stock service keeps its own session clock (the sandbox can shift it), which the order panel
  // follows: the header and the chart show that session too, not the venue's.
  const usSession = usStock ? (description.data?.session ?? null) : undefined;
  const chartPhase = usSession === undefined ? ticker?.phase : usSession?.phase;
  useUsLiveUpdates();
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
      <TradePage
        loading
        header={<Skeleton variant="rounded" height={56} sx={{ my: 1 }} aria-label={t('app.loading')} />}
        chart={<Skeleton variant="rounded" height={460} />}
        panels={[]}
      />
    );
  }

  const currency = quoteCurrency(info.assetClass);
  const bookKind = info.assetClass === 'CRYPTO' ? 'crypto' : info.assetClass === 'PERP' ? 'perps' : null;
  const crypto = info.assetClass === 'CRYPTO';
  const baseAsset = symbol.split('-')[0] ?? symbol;
  const panels: TradePanel[] = [
    ...(bookKind && currency
      ? [
          {
            id: 'book',
            label: t('orderBook.title'),
            heightPx: BOOK_HEIGHT_PX,
            content: <OrderBook kind={bookKind} symbol={symbol} currency={currency} />,
          },
        ]
      : []),
    {
      id: 'trades',
      label: t('recentTrades.title'),
      heightPx: TRADES_HEIGHT_PX,
      content: <RecentTrades symbol={symbol} currency={currency} />,
    },
    {
      id: 'facts',
      label: t('tradePage.factsTab'),
      content: usStock ? <StockFacts description={description.data} /> : <AssetDetails info={info} ticker={ticker} />,
    },
  ];
  return (
    <TradePage
      key={symbol}
      header={<MarketHeader info={info} ticker={ticker} session={usSession} />}
      switcher={<PairSwitcher symbol={symbol} assetClass={info.assetClass} />}
      chart={
        <PriceChart
          symbol={symbol}
          assetClass={info.assetClass}
          flags={info}
          height={520}
          sessionLabel={chartPhase ? t(`trade.phases.${knownPhase(chartPhase)}`) : null}
        />
      }
      panels={panels}
      orderPanel={
        crypto
          ? {
              title: t('tradePage.sheetTitle', { symbol }),
              guest: !loggedIn,
              render: ({ side, onDone }) => (
                <OrderPanel symbol={symbol} baseAsset={baseAsset} flags={info} initialSide={side} onPlaced={onDone} />
              ),
            }
          : usStock
            ? {
                title: t('tradePage.sheetTitle', { symbol }),
                guest: !loggedIn,
                render: ({ side, onDone }) => (
                  <UsOrderPanel stockId={symbol} description={description.data} initialSide={side} onPlaced={onDone} />
                ),
              }
            : null
      }
      bottomTabs={
        usStock && loggedIn
          ? [
              { id: 'open', label: t('usStocks.tabs.open'), content: <UsOrderList kind="open" /> },
              { id: 'closed', label: t('usStocks.tabs.closed'), content: <UsOrderList kind="closed" /> },
              { id: 'position', label: t('usStocks.positions.tab'), content: <UsStockPositions stockId={symbol} /> },
            ]
          : crypto && loggedIn
            ? [
                { id: 'open', label: t('orderPanel.openOrders'), content: <OrderList kind="open" /> },
                { id: 'closed', label: t('orderPanel.closedOrders'), content: <OrderList kind="closed" /> },
                { id: 'position', label: t('position.tab'), content: <HoldingPosition symbol={symbol} /> },
              ]
            : undefined
      }
    />
  );
}

function isNotFound(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 || status === 400;
}
