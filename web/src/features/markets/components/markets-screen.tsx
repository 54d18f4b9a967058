import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from './search-field';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { useSearchParams } from 'react-router';
import { useLiveStatus } from '@/lib/live/use-live-channel';
import { MARKET_ROWS_PER_PAGE, useSymbols } from '../api/get-symbols';
import { useTickers } from '../api/get-tickers';
import type { Ticker } from '../api/types';
import { MARKET_TABS, parseMarketTab, type MarketTab } from '../lib/asset-classes';
import { symbolOfInfo } from '../lib/symbol-cache';
import { MarketRow } from './market-row';
import { TopMovers } from './top-movers';
import { pageSx } from '@/components/ui/page-sx';

/** Typing pauses this long before the list is searched. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The markets page (`/markets`): asset-class tabs, search, top movers and a list whose prices tick
 * live (R1.12: open to visitors). The tab, the search and the page live in the URL
 * (`?class=US_STOCK&q=apple&page=2`), so a list can be shared and the back button works.
 */
export function MarketsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = parseMarketTab(params.get('class'));
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // The URL changed under the field (back button, tab switch): show its search.
  if (shownQuery !== query) {
    setShownQuery(query);
    if (draft.trim() !== query) setDraft(query);
  }
  useEffect(() => {
    if (draft.trim() === query.trim()) return undefined;
    const timer = setTimeout(() => update({ q: draft.trim() || null, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `update` is recreated each render; the debounce only follows the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  function update(patch: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  }

  const symbols = useSymbols(tab, query, page);
  const tickers = useTickers(tab);
  const tickerBySymbol = useMemo(() => {
    const map = new Map<string, Ticker>();
    for (const ticker of tickers.data ?? []) map.set(ticker.symbol, ticker);
    return map;
  }, [tickers.data]);
  const total = symbols.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MARKET_ROWS_PER_PAGE));
  const tabLabel = t(`markets.tabs.${tab}`);

  return (
    <Box sx={{ ...pageSx, py: { xs: 2, md: 4 } }}>
      <Stack direction="row" alignItems="baseline" justifyContent="space-between" spacing={2} sx={{ mb: 0.5 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {t('markets.title')}
        </Typography>
        <LiveBadge />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('markets.subtitle')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: MarketTab) => {
          setDraft('');
          update({ class: value, q: null, page: null });
        }}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('markets.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {MARKET_TABS.map((value) => (
          <Tab key={value} value={value} label={t(`markets.tabs.${value}`)} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Box sx={{ minWidth: 0, order: { xs: 2, lg: 1 } }}>
          <SearchField
            value={draft}
            onChange={setDraft}
            label={t('markets.searchLabel')}
            placeholder={t('markets.searchPlaceholder')}
            type="search"
            sx={{ mb: 1.5 }}
          />
          {symbols.isError && !symbols.data ? (
            <ErrorWithRetry
              message={t('markets.loadFailed')}
              retryLabel={t('markets.retry')}
              onRetry={() => symbols.refetch()}
            />
          ) : (
            <Box
              component="table"
              aria-label={t('markets.listLabel', { tab: tabLabel })}
              aria-busy={symbols.isFetching}
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                '& th': {
                  textAlign: 'right',
                  color: 'text.secondary',
                  fontWeight: 500,
                  fontSize: { xs: '0.75rem', sm: '0.8125rem' },
                  px: { xs: 0.5, sm: 1 },
                  pb: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                },
                '& th:first-of-type': { textAlign: 'left' },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">{t('markets.columns.asset')}</th>
                  <th scope="col">{t('markets.columns.price')}</th>
                  <th scope="col">{t('markets.columns.change')}</th>
                  <Box component="th" scope="col" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('markets.columns.volume')}
                  </Box>
                </tr>
              </thead>
              <tbody>
                {symbols.isPending
                  ? Array.from({ length: 8 }, (_, i) => (
                      <tr key={i}>
                        <td colSpan={4}>
                          <Skeleton height={44} />
                        </td>
                      </tr>
                    ))
                  : (symbols.data?.data ?? []).map((info) => (
                      <MarketRow
                        key={`${info.assetClass}:${info.id}`}
                        info={info}
                        ticker={tickerBySymbol.get(symbolOfInfo(info))}
                      />
                    ))}
                {!symbols.isPending && total === 0 && (
                  <tr>
                    <Box component="td" colSpan={4} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      {t('markets.empty', { search: query })}
                    </Box>
                  </tr>
                )}
              </tbody>
            </Box>
          )}
          {pages > 1 && (
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mt: 2 }} flexWrap="wrap">
              <Typography variant="body2" color="text.secondary">
                {t('markets.showing', {
                  from: (page - 1) * MARKET_ROWS_PER_PAGE + 1,
                  to: Math.min(total, page * MARKET_ROWS_PER_PAGE),
                  total,
                })}
              </Typography>
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_, value) => update({ page: value > 1 ? String(value) : null })}
                size="small"
                aria-label={t('markets.pagination')}
              />
            </Stack>
          )}
        </Box>
        <Box sx={{ minWidth: 0, order: { xs: 1, lg: 2 } }}>
          <TopMovers tab={tab} />
        </Box>
      </Box>
    </Box>
  );
}

/** Whether prices are live now (the shared /ws connection is open). */
function LiveBadge() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'idle') return null;
  const open = status === 'open';
  return (
    <Stack direction="row" alignItems="center" spacing={0.75} role="status" sx={{ fontSize: '0.8125rem' }}>
      <Box
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: open ? 'success.main' : 'warning.main' }}
      />
      <span>{open ? t('markets.live') : t('markets.reconnecting')}</span>
    </Stack>
  );
}
