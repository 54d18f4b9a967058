import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { PriceChart } from '@/features/chart';
import { PerpChart } from './perp-chart';
import {
  AssetDetails,
  displayName,
  knownPhase,
  loadTradeInstrument,
  MarketHeader,
  PairSwitcher,
  quoteCurrency,
  resolveTradeTicker,
  useTradeInstrument,
} from '@/features/markets';
import { OrderBook } from '@/features/order-book';
import { RecentTrades } from '@/features/recent-trades';
import { TradePage, type TradePanel } from '@/features/trade-page';
import { useDescription, useUsLiveUpdates } from '@/features/us-stocks';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { whileFirstPaintShows } from '@/lib/first-paint';
import { lazyNamed } from '@/lib/lazy-named';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';

// The trading work is a logged-in user's (a guest's Buy/Sell leads to log-in) and arrives just after
// the page: its code (forms, selects, tables) loads beside the market data instead of before the page.
const OrderPanel = lazyNamed(() => import('@/features/trading'), 'OrderPanel');
const OrderList = lazyNamed(() => import('@/features/trading'), 'OrderList');
const HoldingPosition = lazyNamed(() => import('@/features/portfolio'), 'HoldingPosition');
const UsOrderPanel = lazyNamed(() => import('@/features/us-stocks'), 'UsOrderPanel');
const UsOrderList = lazyNamed(() => import('@/features/us-stocks'), 'UsOrderList');
const UsStockPositions = lazyNamed(() => import('@/features/us-stocks'), 'UsStockPositions');
const StockFacts = lazyNamed(() => import('@/features/us-stocks'), 'StockFacts');
// Futures come whole after the page (their facts too), so the crypto and stock pages carry none of it.
const PerpOrderPanel = lazyNamed(() => import('@/features/perps'), 'PerpOrderPanel');
const PerpOrderList = lazyNamed(() => import('@/features/perps'), 'PerpOrderList');
const PerpPositions = lazyNamed(() => import('@/features/perps'), 'PerpPositions');
const PerpHeaderFacts = lazyNamed(() => import('@/features/perps'), 'PerpHeaderFacts');
const PerpContractFacts = lazyNamed(() => import('@/features/perps'), 'PerpContractFacts');

/** Room kept for the futures figures under the header (two rows on a phone, one on wide screens). */
const PERP_FACTS_HEIGHT_PX = 44;

/** Room kept for the order panel while its code loads (its height with a market order's fields). */
const ORDER_PANEL_PLACEHOLDER_PX = 440;

function Later({ children, height = 120 }: { children: ReactNode; height?: number }) {
  return <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>;
}

/** Room kept beside the chart for the book (20 levels) and the trades, so they never push the page. */
const BOOK_HEIGHT_PX = 600;
const TRADES_HEIGHT_PX = 380;

/**
 * The first load of a trade page the server painted (its last price and change, lib/first-paint.ts)
 * waits for the instrument the HTML already asked for (lib/early-requests.ts), so the app's header
 * replaces the server's without placeholders in between. Navigations within the app do not wait.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const symbol = resolveTradeTicker(params.pair, new URL(request.url).searchParams);
  await whileFirstPaintShows(() => loadTradeInstrument(symbol, queryClient));
  return null;
}

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
  const perp = info.assetClass === 'PERP';
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
      content: usStock ? (
        <Later>
          <StockFacts description={description.data} />
        </Later>
      ) : perp ? (
        <Later>
          <PerpContractFacts symbol={symbol} />
        </Later>
      ) : (
        <AssetDetails info={info} ticker={ticker} />
      ),
    },
  ];
  return (
    <TradePage
      key={symbol}
      header={
        perp ? (
          <>
            <MarketHeader info={info} ticker={ticker} session={usSession} />
            <Later height={PERP_FACTS_HEIGHT_PX}>
              <PerpHeaderFacts symbol={symbol} />
            </Later>
          </>
        ) : (
          <MarketHeader info={info} ticker={ticker} session={usSession} />
        )
      }
      switcher={<PairSwitcher symbol={symbol} assetClass={info.assetClass} />}
      chart={
        perp ? (
          <PerpChart
            symbol={symbol}
            assetClass={info.assetClass}
            flags={info}
            height={520}
            sessionLabel={chartPhase ? t(`trade.phases.${knownPhase(chartPhase)}`) : null}
          />
        ) : (
          <PriceChart
            symbol={symbol}
            assetClass={info.assetClass}
            flags={info}
            height={520}
            sessionLabel={chartPhase ? t(`trade.phases.${knownPhase(chartPhase)}`) : null}
          />
        )
      }
      panels={panels}
      orderPanel={
        crypto
          ? {
              title: t('tradePage.sheetTitle', { symbol }),
              guest: !loggedIn,
              render: ({ side, onDone }) => (
                <Later height={ORDER_PANEL_PLACEHOLDER_PX}>
                  <OrderPanel symbol={symbol} baseAsset={baseAsset} flags={info} initialSide={side} onPlaced={onDone} />
                </Later>
              ),
            }
          : usStock
            ? {
                title: t('tradePage.sheetTitle', { symbol }),
                guest: !loggedIn,
                render: ({ side, onDone }) => (
                  <Later height={ORDER_PANEL_PLACEHOLDER_PX}>
                    <UsOrderPanel
                      stockId={symbol}
                      description={description.data}
                      initialSide={side}
                      onPlaced={onDone}
                    />
                  </Later>
                ),
              }
            : perp
              ? {
                  title: t('tradePage.sheetTitle', { symbol }),
                  guest: !loggedIn,
                  sideLabels: { BUY: t('perps.side.BUY'), SELL: t('perps.side.SELL') },
                  render: ({ side, onDone }) => (
                    <Later height={ORDER_PANEL_PLACEHOLDER_PX}>
                      <PerpOrderPanel symbol={symbol} flags={info} initialSide={side} onPlaced={onDone} />
                    </Later>
                  ),
                }
              : null
      }
      bottomTabs={
        usStock && loggedIn
          ? [
              {
                id: 'open',
                label: t('usStocks.tabs.open'),
                content: (
                  <Later>
                    <UsOrderList kind="open" />
                  </Later>
                ),
              },
              {
                id: 'closed',
                label: t('usStocks.tabs.closed'),
                content: (
                  <Later>
                    <UsOrderList kind="closed" />
                  </Later>
                ),
              },
              {
                id: 'position',
                label: t('usStocks.positions.tab'),
                content: (
                  <Later>
                    <UsStockPositions stockId={symbol} />
                  </Later>
                ),
              },
            ]
          : crypto && loggedIn
            ? [
                {
                  id: 'open',
                  label: t('orderPanel.openOrders'),
                  content: (
                    <Later>
                      <OrderList kind="open" />
                    </Later>
                  ),
                },
                {
                  id: 'closed',
                  label: t('orderPanel.closedOrders'),
                  content: (
                    <Later>
                      <OrderList kind="closed" />
                    </Later>
                  ),
                },
                {
                  id: 'position',
                  label: t('position.tab'),
                  content: (
                    <Later>
                      <HoldingPosition symbol={symbol} />
                    </Later>
                  ),
                },
              ]
            : perp && loggedIn
              ? [
                  {
                    id: 'position',
                    label: t('perps.positions.tab'),
                    content: (
                      <Later>
                        <PerpPositions symbol={symbol} />
                      </Later>
                    ),
                  },
                  {
                    id: 'open',
                    label: t('orderPanel.openOrders'),
                    content: (
                      <Later>
                        <PerpOrderList kind="open" />
                      </Later>
                    ),
                  },
                  {
                    id: 'closed',
                    label: t('perps.list.history'),
                    content: (
                      <Later>
                        <PerpOrderList kind="closed" />
                      </Later>
                    ),
                  },
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
