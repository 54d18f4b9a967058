import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/ui/section';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Link as RouterLink } from 'react-router';
import { ReviewPinForm } from '@/components/ui/review-pin-form';
import { paths } from '@/config/paths';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { formatMoney, formatNumber } from '@/lib/format';
import { calculateFunded } from '../api/calculate-funded';
import { calculateUsd } from '../api/calculate-usd';
import { useUsdYieldChoice } from '../api/choose-usd-yield';
import { useConvertUsd } from '../api/convert-usd';
import { useFundedTransfer } from '../api/funded-transfer';
import { useUsdBalance } from '../api/get-usd-balance';
import { useUsdPrice } from '../api/get-usd-price';
import { useUsdYield } from '../api/get-usd-yield';
import type {
  Direction,
  FundedBucket,
  LeverageCalculation,
  LeverageDirection,
  UsdBucket,
  UsdCalculation,
} from '../api/usd-types';

const BUCKETS = ['paln', 'leverage', 'intraday'] as const;

function useMoney() {
  const locale = useLocale();
  return {
    idr: (value: string) => formatMoney(value, 'IDR', 'amount', locale),
    usd: (value: string) => formatMoney(value, 'USD', 'amount', locale),
  };
}

function Bucket({ name, bucket }: { name: (typeof BUCKETS)[number]; bucket: UsdBucket | undefined }) {
  const { t } = useTranslation();
  const { usd } = useMoney();
  const rows: [string, string | undefined][] = [
    [t('usd.usdCash'), bucket && usd(bucket.usdCash)],
    [t('usd.usdMargin'), bucket && usd(bucket.usdMargin)],
    [t('usd.buyingPower'), bucket && usd(bucket.buyingPower)],
  ];
  return (
    <Section size="small" title={t(`usd.bucket.${name}`)} description={t(`usd.bucketHelp.${name}`)}>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {value ?? '…'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** Which way the money goes and how much: the fields of the converter and of a funded bucket. */
function DirectionAmountFields<D extends string>({
  directionLabel,
  directions,
  direction,
  onDirection,
  amountLabel,
  amount,
  onAmount,
  disabled,
}: {
  directionLabel: string;
  directions: readonly SelectOption<D>[];
  direction: D;
  onDirection: (direction: D) => void;
  amountLabel: string;
  amount: string;
  onAmount: (amount: string) => void;
  disabled: boolean;
}) {
  return (
    <>
      <SelectField
        label={directionLabel}
        value={direction}
        options={directions}
        onChange={onDirection}
        disabled={disabled}
      />
      <TextField
        label={amountLabel}
        value={amount}
        inputMode="decimal"
        onChange={(e) => onAmount(e.target.value)}
        disabled={disabled}
      />
    </>
  );
}

/** IDR ↔ USD: amount, review (the server's calculation), then the PIN. */
function Converter({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { idr, usd } = useMoney();
  const [direction, setDirection] = useState<Direction>('IDR_TO_USD');
  const [amount, setAmount] = useState('');
  const convert = useConvertUsd();
  const show = (value: string, currency: string) => (currency === 'USD' ? usd(value) : idr(value));

  return (
    <Section title={t('usd.convertTitle')}>
      <ReviewPinForm<UsdCalculation>
        reviewLabel={t('usd.review')}
        errorText={t('usd.failed')}
        canReview={amount.trim() !== ''}
        disabled={disabled}
        reviewFor={[direction, amount]}
        onReview={() => calculateUsd(direction, amount.trim())}
        review={{
          placement: 'inline',
          title: t('usd.reviewTitle'),
          confirmLabel: t('usd.confirm'),
          content: (review) => (
            <Typography>
              {t('usd.reviewText', {
                from: show(review.fromAmount, review.fromCurrency),
                to: show(review.toAmount, review.toCurrency),
                rate: idr(review.rate),
              })}
            </Typography>
          ),
        }}
        pinTitle={t('usd.pinTitle')}
        pinText={(review) => t('usd.pinText', { from: show(review.fromAmount, review.fromCurrency) })}
        onSubmit={async (_review, pin) => {
          const made = await convert.mutateAsync({ direction, amount: amount.trim(), pin });
          setAmount('');
          return t('usd.converted', { idr: idr(made.idrAmount), usd: usd(made.usdAmount) });
        }}
      >
        <DirectionAmountFields
          directionLabel={t('usd.direction')}
          directions={[
            { value: 'IDR_TO_USD', label: t('usd.idrToUsd') },
            { value: 'USD_TO_IDR', label: t('usd.usdToIdr') },
          ]}
          direction={direction}
          onDirection={setDirection}
          amountLabel={direction === 'IDR_TO_USD' ? t('usd.amountIdr') : t('usd.amountUsd')}
          amount={amount}
          onAmount={setAmount}
          disabled={disabled}
        />
      </ReviewPinForm>
    </Section>
  );
}

/**
 * A bucket funded from paln, the leverage wallet (2x) or the intraday wallet (4x): deposit from or
 * withdraw to the paln bucket, priced first, then the PIN. One component: only the bucket differs.
 */
function FundedSection({ bucket, disabled }: { bucket: FundedBucket; disabled: boolean }) {
  const { t } = useTranslation();
  const { usd } = useMoney();
  const [direction, setDirection] = useState<LeverageDirection>('DEPOSIT');
  const [amount, setAmount] = useState('');
  const transfer = useFundedTransfer(bucket);

  return (
    <Section title={t(`usd.funded.${bucket}.title`)} description={t(`usd.funded.${bucket}.help`)}>
      <ReviewPinForm<LeverageCalculation>
        reviewLabel={t('usd.leverageReview')}
        errorText={t('usd.failed')}
        canReview={amount.trim() !== ''}
        disabled={disabled}
        reviewFor={[direction, amount]}
        onReview={() => calculateFunded(bucket, direction, amount.trim())}
        review={{
          placement: 'inline',
          title: t(`usd.funded.${bucket}.reviewTitle`),
          confirmLabel: t('usd.confirm'),
          content: (review) => (
            <Typography>
              {t(`usd.funded.${bucket}.reviewText`, {
                amount: usd(review.amount),
                cash: usd(review.usdCashAfter),
                power: usd(review.buyingPowerAfter),
                paln: usd(review.palnUsdCashAfter),
              })}
            </Typography>
          ),
        }}
        pinTitle={t('usd.pinTitle')}
        pinText={(review) => t('usd.leveragePinText', { amount: usd(review.amount) })}
        onSubmit={async (_review, pin) => {
          const wallet = await transfer.mutateAsync({ direction, amount: amount.trim(), pin });
          setAmount('');
          return t(`usd.funded.${bucket}.done`, { cash: usd(wallet.usdCash) });
        }}
      >
        <DirectionAmountFields
          directionLabel={t('usd.leverageDirection')}
          directions={[
            { value: 'DEPOSIT', label: t('usd.leverageDeposit') },
            { value: 'WITHDRAW', label: t('usd.leverageWithdraw') },
          ]}
          direction={direction}
          onDirection={setDirection}
          amountLabel={t('usd.leverageAmount')}
          amount={amount}
          onAmount={setAmount}
          disabled={disabled}
        />
      </ReviewPinForm>
    </Section>
  );
}

/** USD yield: the offer, and opting in or out. */
function YieldSection() {
  const { t } = useTranslation();
  const { usd } = useMoney();
  const locale = useLocale();
  const offer = useUsdYield();
  const choice = useUsdYieldChoice();
  const data = offer.data;
  return (
    <Section
      title={t('usd.yieldTitle', {
        rate: data ? formatNumber(data.annualRatePercentage, locale, { minimumFractionDigits: 2 }) : '…',
      })}
    >
      {data && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {data.howItAccrues}
          </Typography>
          <Box component="ul" aria-label={t('usd.terms')} sx={{ pl: 2.5, my: 1 }}>
            {data.terms.map((term) => (
              <Typography component="li" variant="body2" key={term}>
                {term}
              </Typography>
            ))}
          </Box>
          <Typography variant="body2">
            {data.optedIn ? t('usd.yieldOn', { total: usd(data.totalInterest) }) : t('usd.yieldOff')}
          </Typography>
          {choice.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {choice.error.message}
            </Alert>
          )}
          <Button
            sx={{ mt: 1 }}
            variant={data.optedIn ? 'outlined' : 'contained'}
            disabled={!data.eligible || choice.isPending}
            onClick={() => choice.mutate(!data.optedIn)}
          >
            {data.optedIn ? t('usd.optOut') : t('usd.optIn')}
          </Button>
        </>
      )}
    </Section>
  );
}

/**
 * `/balance/usd` (R3.10, R6.03, R8.09): the USD/IDR rate with its spread, the three buckets, the
 * converter, the leverage and intraday wallets and USD yield. Unverified users see zero balances,
 * why, and the way to the verification step; a failed fetch shows zero.
 */
export function UsdScreen() {
  const { t } = useTranslation();
  const { idr } = useMoney();
  const locale = useLocale();
  const price = useUsdPrice();
  const { balance, failed, refetch } = useUsdBalance();
  const verified = balance?.gssKycStatus === 'VERIFIED';
  const localize = useLocalizePath();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 'var(--page-gutter)', py: { xs: 2.5, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: 2 }}>
        {t('usd.title')}
      </Typography>
      <Stack spacing={2}>
        {failed && (
          <ErrorWithRetry
            severity="warning"
            message={t('usd.loadError')}
            retryLabel={t('usd.retry')}
            onRetry={() => refetch()}
          />
        )}
        {balance && !verified && !failed && (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to={localize(paths.accountVerification)} color="inherit" size="small">
                {t('usd.verify')}
              </Button>
            }
          >
            {t('usd.unverified')}
          </Alert>
        )}
        <Section size="small" title={t('usd.rate')}>
          {price.data ? (
            <Typography variant="body2">
              {t('usd.rateText', {
                buy: idr(price.data.buyPrice),
                sell: idr(price.data.sellPrice),
                spread: formatNumber(price.data.spreadPercentage, locale, { minimumFractionDigits: 2 }),
              })}
            </Typography>
          ) : (
            <Typography variant="body2">…</Typography>
          )}
        </Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          {BUCKETS.map((name) => (
            <Bucket key={name} name={name} bucket={balance?.[name]} />
          ))}
        </Box>
        <Converter disabled={!verified} />
        <FundedSection bucket="leverage" disabled={!verified} />
        <FundedSection bucket="intraday" disabled={!verified} />
        <YieldSection />
      </Stack>
    </Box>
  );
}
