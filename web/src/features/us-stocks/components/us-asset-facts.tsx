import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/ui/section';
import { useDescription } from '../api/get-description';
import { CorporateActions, EarningsTable } from './stock-facts';
import { SessionLine } from './session-line';

/** The asset page's US-stock facts: the session now and the next change, EPS and dividends. */
export function UsAssetFacts({ stockId }: { stockId: string }) {
  const { t } = useTranslation();
  const description = useDescription(stockId);
  return (
    <Section title={t('usStocks.assetFacts.title', { stockId })}>
      <Stack spacing={2}>
        {description.data ? (
          <SessionLine session={description.data.session} />
        ) : (
          <Skeleton variant="text" width={220} aria-label={t('app.loading')} />
        )}
        <EarningsTable stockId={stockId} />
        <CorporateActions stockId={stockId} />
      </Stack>
    </Section>
  );
}
