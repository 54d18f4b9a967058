import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { useWalletBalance } from '../api/get-balance';
import { useIdr } from '../hooks/use-idr';

/** The home page's IDR balance (R3.09 total) with Top up beside it (R8.09: zero when it cannot load). */
export function BalanceCard() {
  const { t } = useTranslation();
  const idr = useIdr();
  const { balance } = useWalletBalance();
  return (
    <Section title={t('homeDashboard.balance')}>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        useFlexGap
        flexWrap="wrap"
        spacing={1.5}
        sx={{ minHeight: 48 }}
      >
        {balance ? (
          <Typography sx={{ fontSize: '1.375rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {idr(balance.totalBalance)}
          </Typography>
        ) : (
          <Skeleton variant="text" width={160} height={36} />
        )}
        <Stack direction="row" spacing={1} sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button component={AppLink} to={paths.balanceTopup} variant="contained">
            {t('homeDashboard.topup')}
          </Button>
          <Button component={AppLink} to={paths.balance} variant="outlined">
            {t('homeDashboard.wallet')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
