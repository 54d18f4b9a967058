import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '@/api/app-config';
import { paths } from '@/config/paths';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { formatDateTime } from '@/lib/format';
import { lazyNamed } from '@/lib/lazy-named';
import { balanceQueryKey } from '../api/get-balance';
import { useTopupMethods } from '../api/get-topup-methods';
import { useTopupStatus } from '../api/get-topup-status';
import { historyQueryKey } from '../api/get-transaction-history';
import type { Topup, TopupMethod } from '../api/types';
import { useIdr } from '../hooks/use-idr';
import { CopyButton } from './copy-button';
import { groupDigits, sandboxPayPath } from '../lib/instructions';
import { StatusChip } from './status-chip';

// The QR library runs code when loaded (so the wallet's public entry would pull it into every page):
// it loads with the first QRIS payment instead.
const QrCode = lazyNamed(() => import('./qr-code'), 'QrCode');
const QR_SIZE = 224;

function Outcome({ icon, title, text, actions }: { icon: ReactNode; title: string; text: string; actions: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', bgcolor: 'var(--color-surface)' }}
    >
      <Box sx={{ fontSize: 56, lineHeight: 0, mb: 1 }}>{icon}</Box>
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="center">
        {actions}
      </Stack>
    </Paper>
  );
}

/** How to pay a PENDING top-up: the total, then the VA number, the QR code or the app link. */
function Instructions({ topup, method }: { topup: Topup; method: TopupMethod | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const idr = useIdr();
  const config = useAppConfig();
  const { instructions } = topup;
  const name = method?.name ?? topup.paymentChannel.replace(/_/g, ' ');
  const isInternalLink = instructions.deeplink?.startsWith('/') ?? false;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <StatusChip status={topup.status} />
        </Stack>
        <Typography color="text.secondary">{t('topup.payExactly')}</Typography>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          <Typography
            aria-label={t('topup.totalToPay')}
            sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {idr(topup.total)}
          </Typography>
          <CopyButton value={topup.total.replace(/\.00$/, '')} what={t('topup.totalToPay')} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('topup.payBefore', { time: formatDateTime(topup.expiresAtMs, locale) })}
        </Typography>

        {instructions.vaNumber && (
          <Box sx={{ mt: 3 }}>
            <Typography color="text.secondary">{t('topup.vaNumber')}</Typography>
            <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography
                aria-label={t('topup.vaNumber')}
                sx={{ fontFamily: 'monospace', fontSize: { xs: '1.35rem', sm: '1.6rem' }, fontWeight: 600 }}
              >
                {groupDigits(instructions.vaNumber)}
              </Typography>
              <CopyButton value={instructions.vaNumber} what={t('topup.vaNumber')} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('topup.vaSteps', { bank: name.replace(/ Virtual Account$/, '') })}
            </Typography>
          </Box>
        )}

        {instructions.qrPayload && (
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Suspense
              // The code's own box (the QR and its 12 px quiet zone), so nothing moves when it arrives.
              fallback={<Skeleton variant="rounded" sx={{ mx: 'auto', width: QR_SIZE + 24, height: QR_SIZE + 24 }} />}
            >
              <QrCode
                payload={instructions.qrPayload}
                label={t('topup.qrLabel', { amount: idr(topup.total) })}
                size={QR_SIZE}
              />
            </Suspense>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('topup.qrSteps')}
            </Typography>
          </Box>
        )}

        {instructions.deeplink && (
          <Box sx={{ mt: 3 }}>
            <Button
              variant="contained"
              fullWidth
              endIcon={<OpenInNew />}
              {...(isInternalLink
                ? { component: RouterLink, to: localize(sandboxPayPath(topup)) }
                : { component: 'a', href: instructions.deeplink, rel: 'noopener noreferrer' })}
            >
              {t('topup.openApp', { app: name })}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('topup.deeplinkSteps', { app: name })}
            </Typography>
          </Box>
        )}

        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 3 }} role="status">
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('topup.waiting')}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('topup.reference')}: {instructions.gatewayRef}
        </Typography>
      </Paper>

      {config.data?.sandbox && (
        <Alert
          severity="info"
          icon={false}
          action={
            <Button component={RouterLink} to={localize(sandboxPayPath(topup))} color="inherit" size="small">
              {t('topup.sandboxOpen')}
            </Button>
          }
        >
          <strong>{t('topup.sandboxTitle')}.</strong> {t('topup.sandboxText')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Step 2 of a top-up (`/balance/topup?id=`): the payment instructions while PENDING, the status asked
 * every few seconds, then the outcome: success (PAID), expired or failed.
 */
export function TopupProgress({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const idr = useIdr();
  const queryClient = useQueryClient();
  const topup = useTopupStatus(id);
  const methods = useTopupMethods();
  const status = topup.data?.status;

  useEffect(() => {
    // The wallet changed: the balance and the history shown elsewhere must not wait for their timers.
    if (status && status !== 'PENDING') {
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    }
  }, [status, queryClient]);

  if (topup.isError && !topup.data) {
    return <ErrorWithRetry message={t('topup.loadError')} retryLabel={t('topup.again')} onRetry={onAgain} />;
  }
  if (!topup.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton />
        <Skeleton width="50%" height={48} />
        <Skeleton width="70%" />
      </Paper>
    );
  }

  const data = topup.data;
  const toBalance = (
    <Button key="balance" component={RouterLink} to={localize(paths.balance)} variant="contained">
      {t('topup.toBalance')}
    </Button>
  );
  const toHistory = (
    <Button
      key="history"
      component={RouterLink}
      to={`${localize(paths.transactionHistory)}?id=${encodeURIComponent(data.id)}`}
      variant="outlined"
    >
      {t('topup.toHistory')}
    </Button>
  );
  const again = (
    <Button key="again" variant="outlined" onClick={onAgain}>
      {t('topup.again')}
    </Button>
  );

  switch (data.status) {
    case 'PAID':
      return (
        <Outcome
          icon={<CheckCircle fontSize="inherit" color="success" />}
          title={t('topup.successTitle')}
          text={t('topup.successText', { amount: idr(data.amount) })}
          actions={[toBalance, toHistory]}
        />
      );
    case 'EXPIRED':
      return (
        <Outcome
          icon={<HourglassEmpty fontSize="inherit" color="disabled" />}
          title={t('topup.expiredTitle')}
          text={t('topup.expiredText')}
          actions={[again, toHistory]}
        />
      );
    case 'FAILED':
      return (
        <Outcome
          icon={<ErrorOutline fontSize="inherit" color="error" />}
          title={t('topup.failedTitle')}
          text={t('topup.failedText')}
          actions={[again, toHistory]}
        />
      );
    default:
      return (
        <Instructions
          topup={data}
          method={methods.data?.find((method) => method.paymentChannel === data.paymentChannel)}
        />
      );
  }
}
