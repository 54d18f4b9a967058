import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '@/components/ui/form-stack';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { useLocale } from '@/hooks/use-locale';
import { withVisibleText } from '@/lib/accessible-name';
import { formatCompact, formatNumber } from '@/lib/format';
import { useCreateTopup } from '../api/create-topup';
import { useGopayLimit } from '../api/get-gopay-limit';
import { useInputVariables } from '../api/get-input-variables';
import { useTopupMethods } from '../api/get-topup-methods';
import type { InputVariables, PaymentChannel, Topup } from '../api/types';
import { useIdr } from '../hooks/use-idr';
import { useRupiahAmountInput } from '../hooks/use-rupiah-amount-input';
import { addRupiah, amountProblem, topupFee } from '../lib/money';
import { positive } from '@/lib/decimal';
import { ChannelPicker } from './channel-picker';
import { RupiahAmountField } from './rupiah-amount-field';
import { SummaryRows } from './transaction-details-dialog';

/** Amounts one tap away (rupiah). */
const QUICK_AMOUNTS = [100_000, 250_000, 500_000, 1_000_000] as const;

/** The fee rule of a channel in words: `Rp4.000`, `1,5%` (id) or both. */
function useFeeRule(): (vars: InputVariables) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  const idr = useIdr();
  return (vars) => {
    const percent = formatNumber(vars.feePercentage, locale, { maximumFractionDigits: 2 });
    if (!positive(vars.feePercentage)) return idr(vars.feeFlat);
    if (!positive(vars.feeFlat)) return `${percent}%`;
    return t('topup.feeRule', { flat: idr(vars.feeFlat), percent });
  };
}

/** Step 1 of a top-up: method and amount, with the channel's limits, fee and total; creates it. */
export function TopupForm({ onCreated }: { onCreated: (topup: Topup) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const idr = useIdr();
  const feeRule = useFeeRule();
  const methods = useTopupMethods();
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const amountInput = useRupiahAmountInput();
  const { amount } = amountInput;
  const vars = useInputVariables(channel);
  const gopay = useGopayLimit(channel === 'GOPAY');
  const create = useCreateTopup();

  const limits = vars.data;
  const problem = limits ? amountProblem(amount, limits) : 'empty';
  const fee = limits && amount !== '' ? topupFee(amount, limits.feeFlat, limits.feePercentage) : null;
  const problemText = (() => {
    if (!channel) return t('topup.chooseChannelFirst');
    if (!limits || !problem) return null;
    return t(`topup.problem.${problem}`, { min: idr(limits.minimumAmount), max: idr(limits.maximumAmount) });
  })();

  const submit = () => {
    amountInput.revealProblem();
    if (!channel || !limits || problem || create.isPending) return;
    create.mutate({ paymentChannel: channel, amount }, { onSuccess: onCreated });
  };

  let picker: ReactNode;
  if (methods.isError) {
    picker = (
      <ErrorWithRetry
        message={t('topup.methodsError')}
        retryLabel={t('topup.retry')}
        onRetry={() => methods.refetch()}
      />
    );
  } else if (!methods.data) {
    picker = (
      <Box>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} width="60%" />
      </Box>
    );
  } else {
    picker = (
      <ChannelPicker
        methods={methods.data}
        value={channel}
        onChange={(next) => {
          setChannel(next);
          create.reset();
        }}
      />
    );
  }

  return (
    <FormStack spacing={3} onSubmit={() => submit()}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        {picker}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        <Stack spacing={2}>
          <RupiahAmountField
            input={amountInput}
            label={t('topup.amount')}
            problemText={problemText}
            hint={
              limits ? t('topup.amountHint', { min: idr(limits.minimumAmount), max: idr(limits.maximumAmount) }) : ' '
            }
            onEdit={() => create.reset()}
          />
          {gopay.data && (
            <Typography variant="body2" color="text.secondary">
              {t('topup.gopayLimit', { limit: idr(gopay.data.limit) })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label={t('topup.quickLabel')}>
            {QUICK_AMOUNTS.map((quick) => (
              <Chip
                key={quick}
                label={`Rp${formatCompact(quick, locale)}`}
                aria-label={withVisibleText(`Rp${formatCompact(quick, locale)}`, idr(quick))}
                onClick={() => {
                  amountInput.setText(String(quick));
                  create.reset();
                }}
                variant={amount === String(quick) ? 'filled' : 'outlined'}
                color={amount === String(quick) ? 'primary' : 'default'}
              />
            ))}
          </Stack>
          {limits && fee !== null && !problem && (
            <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
              <SummaryRows
                label={t('topup.summaryLabel')}
                rows={[
                  [t('topup.toWallet'), idr(amount)],
                  [`${t('topup.fee')} (${feeRule(limits)})`, idr(fee, 'fee')],
                  [t('topup.totalToPay'), <strong key="total">{idr(addRupiah(amount, fee), 'total')}</strong>],
                ]}
              />
            </Box>
          )}
          {create.error && <Alert severity="error">{create.error.message}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            {create.isPending ? t('topup.creating') : t('topup.submit')}
          </Button>
        </Stack>
      </Paper>
    </FormStack>
  );
}
