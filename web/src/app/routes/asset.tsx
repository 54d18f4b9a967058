import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { PriceChart } from '@/features/chart';
import {
  ASSET_PAGE_CLASSES,
  AssetDetails,
  displayName,
  knownPhase,
  symbolOfInfo,
  tradePagePath,
  useAssetInstrument,
  type AssetPageSegment,
} from '@/features/markets';
import { UsAssetFacts, useDescription } from '@/features/us-stocks';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalizePath } from '@/hooks/use-locale';

/**
 * The asset pages `/asset/crypto|usstock|usindex/:symbol/:assetId` (SPEC.md §2): the chart, the key
 * figures and the description from symbol info. A symbol and id that do not belong together are 404.
 */
export function Component() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { segment = '', symbol = '', assetId = '' } = useParams();
  const validSegment = segment in ASSET_PAGE_CLASSES;
  const { entry, ticker } = useAssetInstrument(validSegment ? segment : 'crypto', symbol.toUpperCase(), assetId);
  const info = entry.info;
  // A US stock's session comes from the US-stock service (the sandbox can shift it): the figures and
  // the chart say the same as the US facts below them.
  const usStock = segment === 'usstock';
  const description = useDescription(symbol.toUpperCase(), usStock && validSegment);
  const usSession = usStock ? (description.data?.session ?? null) : undefined;
  const chartPhase = usSession === undefined ? ticker?.phase : usSession?.phase;
  useDocumentTitle(
    info ? t('trade.headTitle', { symbol: symbol.toUpperCase(), name: displayName(info), brand: t('app.name') }) : null,
  );
  const pageSx = {
    maxWidth: 'var(--page-max-width)',
    mx: 'auto',
    px: 'var(--page-gutter)',
    py: { xs: 2, md: 3 },
    width: '100%',
  };

  if (!validSegment || (entry.state === 'failed' && !info)) {
    const notFound = !validSegment || [400, 404].includes((entry.error as { status?: number } | null)?.status ?? 0);
    return (
      <Box sx={pageSx}>
        <Alert severity="error" action={<AppLink to="/markets">{t('trade.backToMarkets')}</AppLink>}>
          {notFound ? t('asset.notFound') : t('asset.loadFailed')}
        </Alert>
      </Box>
    );
  }
  if (!info) {
    return (
      <Box sx={pageSx}>
        <Skeleton variant="text" width={240} height={48} aria-label={t('app.loading')} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }

  const code = symbolOfInfo(info);
  const tradable = ASSET_PAGE_CLASSES[segment as AssetPageSegment] !== 'US_INDEX';
  return (
    <Box sx={pageSx}>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        useFlexGap
        spacing={1.5}
        sx={{ mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('asset.title', { name: displayName(info), symbol: code })}
        </Typography>
        {tradable && (
          <Button component={RouterLink} to={localize(tradePagePath(code))} variant="contained">
            {t('asset.trade', { symbol: code })}
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Box sx={{ minWidth: 0 }}>
          <PriceChart
            key={code}
            symbol={code}
            assetClass={info.assetClass}
            flags={info}
            sessionLabel={chartPhase ? t(`trade.phases.${knownPhase(chartPhase)}`) : null}
            height={380}
          />
        </Box>
        <AssetDetails info={info} ticker={ticker} session={usSession} />
      </Box>
      {info.assetClass === 'US_STOCK' && (
        <Box sx={{ mt: 2 }}>
          <UsAssetFacts stockId={code} />
        </Box>
      )}
    </Box>
  );
}
