import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { decimalOrZero, toText } from '@/lib/decimal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Link as RouterLink } from 'react-router';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { ReviewRefused } from '@/components/ui/review-refused';
import { paths } from '@/config/paths';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, formatNumber } from '@/lib/format';
import { estimateWithdrawal } from '../api/estimate-withdrawal';
import { useMarginWallet } from '../api/get-margin-wallet';
import { useMarginTransfer } from '../api/transfer-margin';
import type { MarginDirection, MarginWallet } from '../api/types';

/** USDT amounts: positive, at most 6 decimals (the server refuses the rest, never rounds). */
const USDT_AMOUNT = /^\d+(\.\d{1,6})?$/;

function useUsdt() {
  const locale = useLocale();
  return (value: string) => formatMoney(value, 'USDT', 'balance', locale);
}

/** What the review shows before the PIN: the same figures for both directions. */
interface Review {
  direction: MarginDirection;
  amount: string;
  fee: string;
  net: string;
  marginAfter: string;
  ratioAfter: string | null;
}

type Figure = 'marginBalance' | 'availableMargin' | 'buyingPower' | 'marginRatioPercentage';

/** R3.11: the four figures of the margin wallet, each with what it means. */
function Figures({ wallet }: { wallet: MarginWallet }) {
  const { t } = useTranslation();
  const usdt = useUsdt();
  const locale = useLocale();
  const rows: [Figure, string, string][] = [
    ['marginBalance', usdt(wallet.marginBalance), t('margin.help.marginBalance')],
    ['availableMargin', usdt(wallet.availableMargin), t('margin.help.availableMargin')],
    ['buyingPower', usdt(wallet.buyingPower), t('margin.help.buyingPower', { leverage: wallet.maxLeverage })],
    [
      'marginRatioPercentage',
      `${formatNumber(wallet.marginRatioPercentage, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`,
      t('margin.help.marginRatioPercentage'),
    ],
  ];
  return (
    <Section label={t('margin.summary')}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {/* A dl may group its dt and dd in a div, nothing deeper (the help is a second dd). */}
        {rows.map(([key, value, help]) => (
          <Box key={key} sx={{ display: 'flex', justifyContent: 'space-between', columnGap: 2, flexWrap: 'wrap' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t(`margin.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {value}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, flexBasis: '100%' }}>
              {help}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** Deposit from or withdraw to spot USDT: amount → review (the estimate for withdrawals) → PIN. */
function TransferForm({ wallet }: { wallet: MarginWallet }) {
  const { t } = useTranslation();
  const usdt = useUsdt();
  const locale = useLocale();
  const [direction, setDirection] = useState<MarginDirection>('DEPOSIT');
  const [amount, setAmount] = useState('');
  const transfer = useMarginTransfer();
  const percent = (value: string) =>
    `${formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

  const price = async (): Promise<Review> => {
    const text = amount.trim();
    if (!USDT_AMOUNT.test(text) || decimalOrZero(text).lte(0)) {
      throw new ReviewRefused(t('margin.errors.amount'));
    }
    if (direction === 'DEPOSIT') {
      // A deposit has no estimate call: it is an internal transfer without fee, priced here.
      if (decimalOrZero(text).gt(decimalOrZero(wallet.spotUsdtAvailable))) {
        throw new ReviewRefused(t('margin.errors.spot', { available: usdt(wallet.spotUsdtAvailable) }));
      }
      const after = toText(decimalOrZero(wallet.marginBalance).plus(decimalOrZero(text)));
      return { direction, amount: text, fee: '0', net: text, marginAfter: after, ratioAfter: null };
    }
    const estimate = await estimateWithdrawal(text);
    if (!estimate.allowed) {
      throw new ReviewRefused(t('margin.errors.available', { available: usdt(wallet.availableMargin) }));
    }
    return {
      direction,
      amount: estimate.amount,
      fee: estimate.fee,
      net: estimate.netAmount,
      marginAfter: estimate.marginBalanceAfter,
      ratioAfter: estimate.marginRatioPercentageAfter,
    };
  };

  return (
    <Section title={t('margin.transferTitle')}>
      <ReviewPinForm<Review>
        reviewLabel={t('margin.review')}
        errorText={t('margin.errors.generic')}
        canReview={amount.trim() !== ''}
        reviewFor={[direction, amount]}
        onReview={price}
        review={{
          placement: 'inline',
          title: t('margin.reviewTitle'),
          confirmLabel: t('margin.confirm'),
          content: (review) => (
            <>
              <Typography>
                {t(review.direction === 'DEPOSIT' ? 'margin.reviewDeposit' : 'margin.reviewWithdraw', {
                  amount: usdt(review.amount),
                  fee: usdt(review.fee),
                  net: usdt(review.net),
                  after: usdt(review.marginAfter),
                })}
              </Typography>
              {review.ratioAfter !== null && (
                <Typography variant="body2" color="text.secondary">
                  {t('margin.ratioAfter', { ratio: percent(review.ratioAfter) })}
                </Typography>
              )}
            </>
          ),
        }}
        pinTitle={t('margin.pinTitle')}
        pinText={(review) => t('margin.pinText', { amount: usdt(review.amount) })}
        onSubmit={async (review, pin) => {
          const after = await transfer.mutateAsync({ direction: review.direction, amount: review.amount, pin });
          setAmount('');
          return t('margin.done', { balance: usdt(after.marginBalance) });
        }}
      >
        <SelectField<MarginDirection>
          label={t('margin.direction')}
          value={direction}
          options={[
            { value: 'DEPOSIT', label: t('margin.deposit') },
            { value: 'WITHDRAWAL', label: t('margin.withdraw') },
          ]}
          onChange={setDirection}
        />
        <TextField
          label={t('margin.amount')}
          value={amount}
          inputMode="decimal"
          helperText={
            direction === 'DEPOSIT'
              ? t('margin.spotAvailable', { amount: usdt(wallet.spotUsdtAvailable) })
              : t('margin.marginAvailable', { amount: usdt(wallet.availableMargin) })
          }
          onChange={(e) => setAmount(e.target.value)}
        />
      </ReviewPinForm>
    </Section>
  );
}

/** No margin yet: how to start, with the way to spot USDT when there is none to move. */
function EmptyState({ wallet }: { wallet: MarginWallet }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const noSpot = decimalOrZero(wallet.spotUsdtAvailable).lte(0);
  return (
    <Alert
      severity="info"
      action={
        noSpot ? (
          <Button component={RouterLink} to={localize(paths.tradeExplore)} color="inherit" size="small">
            {t('margin.buyUsdt')}
          </Button>
        ) : undefined
      }
    >
      {noSpot ? t('margin.emptyNoSpot') : t('margin.empty')}
    </Alert>
  );
}

/**
 * `/balance/futures` (R3.11): the perpetuals margin wallet. Margin balance, available margin,
 * buying power and margin ratio, each explained; USDT moved in from spot and back out with a
 * review (the server's estimate for withdrawals) and the PIN.
 */
export function MarginScreen() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const wallet = useMarginWallet();
  const data = wallet.data;
  return (
    <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', px: 'var(--page-gutter)', py: { xs: 2.5, md: 5 } }}>
      <Button component={RouterLink} to={localize(paths.balance)} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
        {t('margin.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: 0.5 }}>
        {t('margin.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('margin.text')}
      </Typography>
      <Stack spacing={2}>
        {wallet.isError && !data && (
          <ErrorWithRetry
            severity="warning"
            message={t('margin.loadError')}
            retryLabel={t('margin.retry')}
            onRetry={() => wallet.refetch()}
          />
        )}
        {!data && !wallet.isError && (
          <Stack spacing={1.5} aria-label={t('app.loading')}>
            <Skeleton variant="rounded" height={220} />
            <Skeleton variant="rounded" height={180} />
          </Stack>
        )}
        {data && (
          <>
            {decimalOrZero(data.marginBalance).lte(0) && <EmptyState wallet={data} />}
            <Figures wallet={data} />
            <TransferForm wallet={data} />
            {decimalOrZero(data.marginBalance).gt(0) && (
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                <Button component={RouterLink} to={localize(paths.tradeFutures)} variant="contained">
                  {t('perps.portfolio.trade')}
                </Button>
                <Button component={RouterLink} to={`${localize(paths.portfolio)}?tab=futures`} variant="outlined">
                  {t('perps.positions.title')}
                </Button>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
