import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { formatDateTime, formatDateTimeSeconds } from '@/lib/format';
import { useTransactionDetails } from '../api/get-transaction-details';
import type { Transition, TransactionDetails } from '../api/types';
import { useIdr } from '../hooks/use-idr';
import { useKindLabel, useStatusLabel } from '../hooks/use-labels';
import { StatusChip } from './status-chip';

/** Label and value rows of a summary. */
export function SummaryRows({ rows, label }: { rows: Array<[string, ReactNode]>; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Every state the transaction passed through, oldest first, with its time. */
function Timeline({ transitions, label }: { transitions: Transition[]; label: string }) {
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {transitions.map((step, index) => {
        const last = index === transitions.length - 1;
        return (
          <Box component="li" key={`${step.status}-${step.atMs}-${index}`} sx={{ display: 'flex', gap: 1.5 }}>
            <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: last ? 'primary.main' : 'text.disabled',
                }}
              />
              {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2 }}>
              <Typography sx={{ fontWeight: last ? 600 : 400 }}>{statusLabel(step.status)}</Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={new Date(step.atMs).toISOString()}>{formatDateTimeSeconds(step.atMs, locale)}</time>
                {step.note ? ` · ${step.note}` : ''}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function DetailsBody({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const idr = useIdr();
  const kindLabel = useKindLabel();
  const localize = useLocalizePath();
  const { topup, cashout, voucher } = details;
  const subject = topup ?? cashout ?? voucher;
  if (!subject) return null;
  const kind = details.kind;
  const status = topup?.status ?? cashout?.status ?? details.transitions.at(-1)?.status ?? '';
  const rows: Array<[string, ReactNode]> = [[t('history.amount'), idr(subject.amount)]];
  if (topup) {
    rows.push([t('history.fee'), idr(topup.fee)], [t('history.total'), idr(topup.total)]);
    rows.push([t('history.method'), topup.paymentChannel.replace(/_/g, ' ')]);
  }
  if (cashout) {
    rows.push([t('history.fee'), idr(cashout.fee)], [t('history.net'), idr(cashout.netAmount)]);
    rows.push([t('history.destination'), `${cashout.bankAccount.bankName} ${cashout.bankAccount.accountNumberMasked}`]);
  }
  if (voucher) rows.push([t('history.reason'), voucher.reason]);
  rows.push([t('history.created'), formatDateTime(subject.createdAtMs, locale)], [t('history.id'), subject.id]);
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography sx={{ fontWeight: 600 }}>{kindLabel(kind)}</Typography>
        {status && <StatusChip status={status} />}
      </Stack>
      {cashout?.failureReason && (
        <Alert severity="error">{t('cashout.reason', { reason: cashout.failureReason })}</Alert>
      )}
      <SummaryRows rows={rows} label={t('history.detailsTitle')} />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          {t('history.timeline')}
        </Typography>
        <Timeline transitions={details.transitions} label={t('history.timeline')} />
      </Box>
      {topup?.status === 'PENDING' && (
        <Button
          component={RouterLink}
          to={`${localize(paths.balanceTopup)}?id=${encodeURIComponent(topup.id)}`}
          variant="contained"
        >
          {t('history.continuePayment')}
        </Button>
      )}
    </Stack>
  );
}

/** details-with-state-transition of one transaction, full screen on phones. */
export function TransactionDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useTransactionDetails(id);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 480 } } }}
    >
      <DialogTitle id={titleId}>{t('history.detailsTitle')}</DialogTitle>
      <DialogContent>
        {details.isError ? (
          <Alert severity="error">{t('history.detailsError')}</Alert>
        ) : !details.data ? (
          <Box>
            <Skeleton />
            <Skeleton width="70%" />
            <Skeleton width="50%" />
          </Box>
        ) : (
          <DetailsBody details={details.data} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
