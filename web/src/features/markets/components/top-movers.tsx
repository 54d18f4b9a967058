import { formatPrice } from '@/lib/format';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { useLocale } from '@/hooks/use-locale';
import { useTopMovers } from '../api/get-tickers';
import type { Ticker } from '../api/types';
import { useLiveTicker } from '../hooks/use-live-ticker';
import { quoteCurrency, tradePagePath, type MarketTab } from '../lib/asset-classes';
import { ChangeText } from './change-text';

/** The class's biggest gainers and losers of the day, ticking live. */
export function TopMovers({ tab }: { tab: MarketTab }) {
  const { t } = useTranslation();
  const movers = useTopMovers(tab);
  return (
    <Box component="section" aria-labelledby="top-movers-title">
      <Typography id="top-movers-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('markets.topMovers')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr' } }}>
        <MoverList title={t('markets.gainers')} tickers={movers.data?.gainers} tab={tab} loading={movers.isPending} />
        <MoverList title={t('markets.losers')} tickers={movers.data?.losers} tab={tab} loading={movers.isPending} />
      </Box>
    </Box>
  );
}

function MoverList({
  title,
  tickers,
  tab,
  loading,
}: {
  title: string;
  tickers: Ticker[] | undefined;
  tab: MarketTab;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }} spacing={0.5}>
        {loading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={24} />)
          : (tickers ?? []).map((ticker) => <MoverItem key={ticker.symbol} ticker={ticker} tab={tab} />)}
        {!loading && (tickers ?? []).length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('markets.noMovers')}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

function MoverItem({ ticker: initial, tab }: { ticker: Ticker; tab: MarketTab }) {
  const locale = useLocale();
  const ticker = useLiveTicker(initial.symbol, initial) ?? initial;
  return (
    <Stack component="li" direction="row" alignItems="center" spacing={1} sx={{ fontSize: '0.875rem' }}>
      <AppLink
        to={tradePagePath(ticker.symbol)}
        underline="hover"
        color="inherit"
        sx={{ fontWeight: 600, flex: 1, whiteSpace: 'nowrap' }}
      >
        {ticker.symbol}
      </AppLink>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPrice(ticker.last, quoteCurrency(tab), locale)}
      </Box>
      <Box component="span" sx={{ minWidth: 64, textAlign: 'right' }}>
        <ChangeText pct={ticker.changePct} />
      </Box>
    </Stack>
  );
}
