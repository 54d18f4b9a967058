import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppConfig } from '@/api/app-config';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { useAppStore } from '@/lib/store';
import { useTopupStatus } from '../api/get-topup-status';
import { useSandboxPayment, type SandboxPayerAction } from '../api/sandbox-payment';
import { useIdr } from '../hooks/use-idr';
import { SummaryRows } from './transaction-details-dialog';
import { WalletPage } from './wallet-page';

/**
 * `/sandbox/pay/{reference}` (sandbox mode): the payer's side of the sandbox payment gateway. Paying
 * or abandoning calls the sandbox payer, whose gateway then delivers the signed webhook; with the
 * top-up known (`?topup=`) the page returns to it so the user sees the result.
 */
export function SandboxPayScreen() {
  const { t } = useTranslation();
  const { reference = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const idr = useIdr();
  const config = useAppConfig();
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const topupId = params.get('topup');
  const topup = useTopupStatus(loggedIn ? topupId : null);
  const payment = useSandboxPayment();
  const topupPath = topupId ? `${localize(paths.balanceTopup)}?id=${encodeURIComponent(topupId)}` : null;

  const act = (action: SandboxPayerAction) =>
    payment.mutate(
      { reference, action },
      { onSuccess: () => topupPath && void navigate(topupPath, { replace: true }) },
    );

  const rows: Array<[string, string]> = [[t('topup.sandboxPage.reference'), reference]];
  const channel = topup.data?.paymentChannel ?? params.get('channel')?.toUpperCase();
  if (channel) rows.push([t('topup.sandboxPage.channel'), channel.replace(/_/g, ' ')]);
  if (topup.data) rows.push([t('topup.sandboxPage.amount'), idr(topup.data.total)]);

  return (
    <WalletPage title={t('topup.sandboxPage.title')} text={t('topup.sandboxPage.text')}>
      {config.data && !config.data.sandbox ? (
        <Alert severity="warning">{t('topup.sandboxPage.notSandbox')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
          <Stack spacing={2.5}>
            <SummaryRows rows={rows} label={t('topup.sandboxPage.title')} />
            {payment.error && <Alert severity="error">{payment.error.message}</Alert>}
            {payment.isSuccess && (
              <Alert severity="success">
                {payment.variables.action === 'pay' ? t('topup.sandboxPage.paid') : t('topup.sandboxPage.abandoned')}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="contained"
                size="large"
                disabled={payment.isPending || payment.isSuccess}
                onClick={() => act('pay')}
              >
                {t('topup.sandboxPage.pay')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                size="large"
                disabled={payment.isPending || payment.isSuccess}
                onClick={() => act('abandon')}
              >
                {t('topup.sandboxPage.abandon')}
              </Button>
              {topupPath && (
                <Button color="inherit" size="large" onClick={() => void navigate(topupPath)}>
                  {t('topup.sandboxPage.backToTopup')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      )}
    </WalletPage>
  );
}
