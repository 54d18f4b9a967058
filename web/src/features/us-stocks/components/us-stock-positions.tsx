import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Section } from '@/components/ui/section';
import { useUsPositions } from '../api/get-positions';
import { useUsdBalance } from '../api/get-usd-balance';
import { useUsLiveUpdates } from '../hooks/use-us-live';
import { KycGate } from './kyc-gate';
import { heldPositions, sortPositions } from '../lib/positions';
import { UsPositionCards } from './us-positions';

/** Positions are revalued at the bid; without the live channel they are read again this often. */
const POSITIONS_REFRESH_MS = 5_000;

function usePositionsOfVerified() {
  const balance = useUsdBalance();
  const verified = balance.data?.gssKycStatus === 'VERIFIED';
  const live = useUsLiveUpdates();
  const positions = useUsPositions(verified, live ? POSITIONS_REFRESH_MS * 2 : POSITIONS_REFRESH_MS);
  return { balance, verified, positions };
}

/** The trade page's tab: the positions in this stock, per bucket. */
export function UsStockPositions({ stockId }: { stockId: string }) {
  const { t } = useTranslation();
  const { balance, verified, positions } = usePositionsOfVerified();
  if (!balance.data) return <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />;
  if (!verified) return <KycGate />;
  if (!positions.data) return <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />;
  return (
    <UsPositionCards positions={heldPositions(positions.data).filter((position) => position.stockId === stockId)} />
  );
}

/** The portfolio's US-stocks section: every position, grouped normal, 2x, 4x intraday. */
export function UsStocksPortfolio() {
  const { t } = useTranslation();
  const { balance, verified, positions } = usePositionsOfVerified();
  const sorted = sortPositions(heldPositions(positions.data ?? []));
  const groups = (['PALN', 'LEVERAGE', 'INTRADAY'] as const)
    .map((bucket) => ({ bucket, items: sorted.filter((position) => position.bucket === bucket) }))
    .filter((group) => group.items.length > 0);
  return (
    <Section title={t('usStocks.portfolio.title')} description={t('usStocks.portfolio.text')}>
      {!balance.data ? (
        <Skeleton variant="rounded" height={120} aria-label={t('app.loading')} />
      ) : !verified ? (
        <KycGate />
      ) : positions.isError && !positions.data ? (
        <ErrorWithRetry
          severity="warning"
          message={t('usStocks.portfolio.loadFailed')}
          retryLabel={t('portfolio.retry')}
          onRetry={() => void positions.refetch()}
        />
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">
          {positions.isLoading ? t('app.loading') : t('usStocks.positions.none')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Stack key={group.bucket} spacing={1} component="section" aria-label={t(`usStocks.bucket.${group.bucket}`)}>
              <Typography variant="subtitle2" component="h3">
                {t(`usStocks.bucket.${group.bucket}`)}
              </Typography>
              <UsPositionCards positions={group.items} />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
