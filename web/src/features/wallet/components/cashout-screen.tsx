import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Schedule from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useBankAccounts } from '../api/bank-accounts';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { paths } from '@/config/paths';
import { IdentityRequired } from '@/components/ui/identity-required';
import { useLocalizePath } from '@/hooks/use-locale';
import { useCreateCashout } from '../api/create-cashout';
import { useWalletBalance } from '../api/get-balance';
import { useAutoApprovalStatus } from '../api/get-auto-approval-status';
import { CASHOUT_FINAL, useCashout } from '../api/get-cashout';
import { useCashoutInputVariables } from '../api/get-cashout-input-variables';
import { useReviewCashout } from '../api/review-cashout';
import type { CashoutBankAccount, CashoutReview } from '../api/types';
import { useIdr } from '../hooks/use-idr';
import { useRupiahAmountInput } from '../hooks/use-rupiah-amount-input';
import { addRupiah, amountProblem, wholeRupiah } from '../lib/money';
import { compareText } from '@/lib/decimal';
import { RupiahAmountField } from './rupiah-amount-field';
import { StatusChip } from './status-chip';
import { SummaryRows } from './transaction-details-dialog';
import { WalletPage } from './wallet-page';

/** `BCA ••••7890 · SARI DEWI` */
function accountLine(account: CashoutBankAccount): string {
  return `${account.bankName} ${account.accountNumberMasked} · ${account.accountHolderName}`;
}

/** Where the money goes, on its own lines: too long for a summary row on a phone. */
function Destination({ account, label }: { account: CashoutBankAccount; label: string }) {
  return (
    <Box sx={{ mb: 2, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{account.bankName}</Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {account.accountNumberMasked} · {account.accountHolderName}
      </Typography>
    </Box>
  );
}

/**
 * Steps 1 and 2: destination account and amount, with the limits, fee and the free balance; then
 * what leaves and what arrives (the server's review), then the PIN.
 */
function CashoutForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const idr = useIdr();
  const accountsLabelId = useId();
  const accounts = useBankAccounts();
  const vars = useCashoutInputVariables();
  const { balance } = useWalletBalance();
  const review = useReviewCashout();
  const create = useCreateCashout();
  const [chosen, setChosen] = useState<string | null>(null);
  const amountInput = useRupiahAmountInput();
  const { amount } = amountInput;

  const accountId = chosen ?? (accounts.data?.length === 1 ? accounts.data[0]!.id : null);
  const limits = vars.data;
  const available = balance?.freeBalance;
  const problem = limits ? amountProblem(amount, limits, available) : 'empty';
  const auto = useAutoApprovalStatus(limits && !problem ? amount : null);
  const net = amount === '' ? null : addRupiah(amount, limits?.fee ?? '0', { subtract: true });

  const problemText =
    limits && problem
      ? t(`cashout.problem.${problem}`, { min: idr(limits.minimumAmount), max: idr(limits.maximumAmount) })
      : null;

  const price = () => {
    amountInput.revealProblem();
    // The amount's problem shows under the field; nothing to ask the server yet.
    if (!accountId || problem) return null;
    return review.mutateAsync({ bankAccountId: accountId, amount });
  };

  if (accounts.isError || vars.isError) {
    return (
      <ErrorWithRetry
        message={t('cashout.loadError')}
        retryLabel={t('cashout.retry')}
        onRetry={() => Promise.all([accounts.refetch(), vars.refetch()])}
      />
    );
  }
  if (!accounts.data || !limits) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton height={40} />
        <Skeleton height={40} width="60%" />
      </Paper>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={localize(paths.accountBankAccount)} color="inherit" size="small">
            {t('cashout.addBankAccount')}
          </Button>
        }
      >
        {t('cashout.noBankAccount')}
      </Alert>
    );
  }

  const maxAmount = (() => {
    const free = available ?? '0';
    return wholeRupiah(compareText(free, limits.maximumAmount) < 0 ? free : limits.maximumAmount);
  })();

  return (
    <ReviewPinForm<CashoutReview>
      reviewLabel={t('cashout.review')}
      reviewButtonProps={{ variant: 'contained', size: 'large' }}
      canReview={!!accountId}
      reviewFor={[accountId, amount]}
      spacing={2}
      onReview={price}
      review={{
        placement: 'replace',
        title: t('cashout.reviewTitle'),
        confirmLabel: t('cashout.confirm'),
        editLabel: t('cashout.edit'),
        content: (reviewed) => <CashoutReviewDetails review={reviewed} />,
      }}
      pinTitle={t('cashout.pinTitle')}
      pinText={(reviewed) =>
        t('cashout.pinText', { amount: idr(reviewed.amount), bank: accountLine(reviewed.bankAccount) })
      }
      onSubmit={async (reviewed, pin) => {
        const cashout = await create.mutateAsync({
          bankAccountId: reviewed.bankAccount.id,
          amount: wholeRupiah(reviewed.amount),
          pin,
        });
        onCreated(cashout.id);
      }}
    >
      {({ error, button }) => (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
              <Typography id={accountsLabelId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('cashout.bankAccount')}
              </Typography>
              <Button component={RouterLink} to={localize(paths.accountBankAccount)} size="small">
                {t('cashout.manageBankAccounts')}
              </Button>
            </Stack>
            <RadioGroup
              aria-labelledby={accountsLabelId}
              value={accountId ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              {accounts.data.map((account) => (
                <FormControlLabel
                  key={account.id}
                  value={account.id}
                  control={<Radio size="small" />}
                  label={accountLine(account)}
                  sx={{ m: 0, py: 0.5, overflowWrap: 'anywhere' }}
                />
              ))}
            </RadioGroup>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
            <Stack spacing={2}>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                <Typography color="text.secondary">{t('cashout.available')}</Typography>
                <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                  {available !== undefined ? idr(available) : <Skeleton width={80} />}
                </Typography>
              </Stack>
              <RupiahAmountField
                input={amountInput}
                label={t('cashout.amount')}
                problemText={problemText}
                hint={t('cashout.amountHint', {
                  min: idr(limits.minimumAmount),
                  max: idr(limits.maximumAmount),
                  fee: idr(limits.fee),
                })}
                endAdornment={
                  <Button size="small" onClick={() => amountInput.setText(maxAmount)} disabled={maxAmount === '0'}>
                    {t('cashout.max')}
                  </Button>
                }
              />
              {!problem && net !== null && (
                <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
                  <SummaryRows
                    label={t('cashout.reviewLabel')}
                    rows={[
                      [t('cashout.fee'), idr(limits.fee)],
                      [t('cashout.net'), idr(net)],
                    ]}
                  />
                  {auto.data && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                      {auto.data.autoApproval
                        ? t('cashout.autoApproval', { limit: idr(auto.data.autoApprovalLimit) })
                        : t('cashout.manualReview', { limit: idr(auto.data.autoApprovalLimit) })}
                    </Typography>
                  )}
                </Box>
              )}
              {error}
              {button}
            </Stack>
          </Paper>
        </>
      )}
    </ReviewPinForm>
  );
}

/** Step 2's figures: the destination, what leaves, what arrives and how it is approved. */
function CashoutReviewDetails({ review }: { review: CashoutReview }) {
  const { t } = useTranslation();
  const idr = useIdr();
  const after = addRupiah(review.availableBalance, review.amount, { subtract: true, floorAtZero: true });
  return (
    <>
      <Destination account={review.bankAccount} label={t('cashout.to')} />
      <SummaryRows
        label={t('cashout.reviewLabel')}
        rows={[
          [t('cashout.amount'), idr(review.amount)],
          [t('cashout.fee'), idr(review.fee, 'fee')],
          [t('cashout.net'), <strong key="net">{idr(review.netAmount)}</strong>],
          [t('cashout.balanceAfter'), idr(after)],
        ]}
      />
      <Alert severity={review.autoApproval ? 'info' : 'warning'} sx={{ mt: 2 }}>
        {review.autoApproval ? t('cashout.reviewAuto') : t('cashout.reviewManual')} {t('cashout.holdNote')}
      </Alert>
    </>
  );
}

const RESULT_ICON: Record<string, ReactNode> = {
  COMPLETED: <CheckCircle fontSize="inherit" color="success" />,
  FAILED: <ErrorOutline fontSize="inherit" color="error" />,
  REJECTED: <ErrorOutline fontSize="inherit" color="error" />,
};

/** Step 3 (`?id=`): the cash-out's status, followed until it is completed, failed or rejected. */
function CashoutResult({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const idr = useIdr();
  const cashout = useCashout(id);
  if (cashout.isError && !cashout.data) {
    return <Alert severity="error">{t('cashout.loadError')}</Alert>;
  }
  if (!cashout.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton />
        <Skeleton width="60%" />
      </Paper>
    );
  }
  const data = cashout.data;
  const final = CASHOUT_FINAL.has(data.status);
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', bgcolor: 'var(--color-surface)' }}
    >
      <Box sx={{ fontSize: 56, lineHeight: 0, mb: 1 }}>
        {RESULT_ICON[data.status] ?? <Schedule fontSize="inherit" color="info" />}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1 }}>
        {t('cashout.resultTitle')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <StatusChip status={data.status} size="medium" />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`cashout.result.${data.status}`, { amount: idr(data.netAmount) })}
      </Typography>
      {data.failureReason && (
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
          {t('cashout.reason', { reason: data.failureReason })}
        </Alert>
      )}
      <Box sx={{ textAlign: 'left', mb: 3 }}>
        <Destination account={data.bankAccount} label={t('cashout.to')} />
        <SummaryRows
          label={t('cashout.reviewLabel')}
          rows={[
            [t('cashout.amount'), idr(data.amount)],
            [t('cashout.fee'), idr(data.fee)],
            [t('cashout.net'), idr(data.netAmount)],
          ]}
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="center">
        <Button component={RouterLink} to={localize(paths.balance)} variant="contained">
          {t('topup.toBalance')}
        </Button>
        <Button
          component={RouterLink}
          to={`${localize(paths.transactionHistory)}?id=${encodeURIComponent(data.id)}`}
          variant="outlined"
        >
          {t('topup.toHistory')}
        </Button>
        {final && (
          <Button variant="outlined" onClick={onAgain}>
            {t('cashout.another')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/balance/cashout` (R1.04): destination account and amount (limits and fee), the review with the
 * fee and the net amount, the PIN, then the result followed to its end. The amount is held from the
 * free balance until it is disbursed; a failure or rejection returns it.
 */
export function CashoutScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return (
    <WalletPage
      title={t('cashout.title')}
      text={id ? undefined : t('cashout.text')}
      back={{ to: paths.balance, label: t('wallet.back') }}
    >
      {id ? (
        <CashoutResult id={id} onAgain={() => setParams({})} />
      ) : (
        <IdentityRequired>
          <CashoutForm onCreated={(created) => setParams({ id: created })} />
        </IdentityRequired>
      )}
    </WalletPage>
  );
}
