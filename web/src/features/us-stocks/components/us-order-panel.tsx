import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { DecimalField } from '@/components/orders/decimal-field';
import { GuestOrderPrompt } from '@/components/orders/guest-order-prompt';
import { InputTypeToggle } from '@/components/orders/input-type-toggle';
import { OrderReviewForm } from '@/components/orders/order-review-form';
import { OrderTypeSelect } from '@/components/orders/order-type-select';
import { SideTabs } from '@/components/orders/side-tabs';
import { TrailFields } from '@/components/orders/trail-fields';
import { trailProblem } from '@/lib/orders/trail';
import { Figures } from '@/components/ui/figures';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ReviewRefused } from '@/components/ui/review-refused';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/select-field';
import { track } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { formatMoney, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { estimateQuery } from '../api/get-estimate';
import { orderTypesQuery } from '../api/get-order-types';
import { usPositionsQuery } from '../api/get-positions';
import { usdBalanceQuery } from '../api/get-usd-balance';
import { usePlaceUsOrder } from '../api/place-order';
import type { StockDescription, UsSide, UsdWalletBalance } from '../api/types';
import { statusWordOf } from '../lib/display';
import {
  bucketOf,
  draftProblem,
  emptyUsDraft,
  estimateInputOf,
  fieldsFor,
  normalizeDraft,
  toUsOrderBody,
  typesForSide,
  wholeSharesOnly,
  wordedProblem,
  type Leverage,
  type TimeInForce,
  type TradingHours,
  type UsDraft,
  type UsOrderType,
} from '../lib/order-form';
import { describeUsOrder, estimateLines, type PricedOrder } from '../lib/describe-order';
import { KycGate } from './kyc-gate';
import { SessionLine } from './session-line';

export interface UsOrderPanelProps {
  /** The ticker, e.g. `AAPL`. */
  stockId: string;
  /** The stock's description (leverage options, fractional, fees); the panel waits for it. */
  description?: StockDescription;
  initialSide?: UsSide;
  /** After an order was placed (the phone's sheet closes). */
  onPlaced?: () => void;
}

const QUANTITY_DECIMALS = 6;
const PRICE_DECIMALS = 4;
const AMOUNT_DECIMALS = 2;
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'];
const TRADING_HOURS: readonly TradingHours[] = ['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS'];
/** How long the typing must pause before the live estimate asks the server again. */
const ESTIMATE_PAUSE_MS = 300;
const BUCKET_FIELD = { PALN: 'paln', LEVERAGE: 'leverage', INTRADAY: 'intraday' } as const;

/** The verification code of a call that needs a US-stock account (R8.03). */
const isKycRefusal = (caught: unknown) => caught instanceof ApiError && caught.code === '041';

/**
 * The US-stock order panel (issue 11, R2.13): buy or sell, normal / 2x / 4x intraday, by shares or
 * (market buys) by dollars, the order types the server offers now, time in force and trading hours,
 * take-profit and stop-loss on buys, the bucket's buying power, the server's live estimate, then the
 * review (what is given and got, in USD and IDR), the PIN and a toast (R8.08).
 */
export function UsOrderPanel({ stockId, description, initialSide = 'BUY', onPlaced }: UsOrderPanelProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const [draft, setDraft] = useState<UsDraft>(() => emptyUsDraft(initialSide));
  const [exits, setExits] = useState(false);
  const [kycRefused, setKycRefused] = useState(false);
  const queryClient = useQueryClient();

  const balance = useQuery(usdBalanceQuery(loggedIn));
  const verified = balance.data?.gssKycStatus === 'VERIFIED' && !kycRefused;
  const orderTypes = useQuery(orderTypesQuery(stockId, draft.side, loggedIn && verified));
  const positions = useQuery(usPositionsQuery(loggedIn && verified));
  const problem = draftProblem(draft);
  // The live estimate follows the entry once the typing pauses, not at every keystroke; the review
  // still prices exactly what is on screen.
  const settled = useDebouncedValue(draft, ESTIMATE_PAUSE_MS);
  const estimate = useQuery(
    estimateQuery(estimateInputOf(stockId, settled), loggedIn && verified && draftProblem(settled) === null),
  );
  const place = usePlaceUsOrder(t('errors.generic'));

  const fields = fieldsFor(draft);
  const options = orderTypes.data ?? [];
  const types = typesForSide(draft.side, options.length ? options.map((o) => o.orderType) : undefined);
  const option = options.find((o) => o.orderType === draft.orderType);
  const byAmountAllowed = fields.amountInput && (option?.byAmount ?? description?.fractional ?? true);
  const byAmount = byAmountAllowed && draft.inputType === 'amount';
  const leverages = (description?.leverageOptions ?? [1]).filter((l): l is Leverage => l === 1 || l === 2 || l === 4);
  const bucket = bucketOf(draft.leverage);
  const bucketFunds = balance.data?.[BUCKET_FIELD[bucket]];
  const held = positions.data?.find((p) => p.stockId === stockId && p.bucket === bucket)?.quantity ?? '0';

  const update = (patch: Partial<UsDraft>) => setDraft((current) => normalizeDraft({ ...current, ...patch }));
  const setSide = (side: UsSide) => {
    setExits(false);
    setDraft((current) => normalizeDraft({ ...emptyUsDraft(side, current.leverage), orderType: current.orderType }));
  };

  if (!loggedIn) return <GuestOrderPrompt asset={stockId} />;
  if (balance.isError && !balance.data) {
    return (
      <Section label={t('orderPanel.title')}>
        <ErrorWithRetry
          severity="warning"
          message={t('usStocks.balanceFailed')}
          retryLabel={t('portfolio.retry')}
          onRetry={() => void balance.refetch()}
        />
      </Section>
    );
  }
  if (!balance.data || !description) {
    return (
      <Section label={t('orderPanel.title')}>
        <Skeleton variant="rounded" height={320} aria-label={t('app.loading')} />
      </Section>
    );
  }
  if (!verified) {
    return (
      <Section label={t('orderPanel.title')}>
        <KycGate />
      </Section>
    );
  }

  const review = async (): Promise<PricedOrder> => {
    track(draft.side === 'BUY' ? 'buy_review' : 'sell_review', { symbol: stockId, orderType: draft.orderType });
    try {
      const priced = await queryClient.fetchQuery({ ...estimateQuery(estimateInputOf(stockId, draft)), staleTime: 0 });
      return { draft, estimate: priced };
    } catch (caught) {
      if (isKycRefusal(caught)) setKycRefused(true);
      // The server's refusal is localised by it and says what to change.
      if (caught instanceof ApiError && caught.status === 400) throw caught;
      throw new ReviewRefused(t('usStocks.estimateFailed'));
    }
  };

  const submit = async ({ draft: reviewed }: PricedOrder, pin: string) => {
    await verifySessionPin(pin);
    let order;
    try {
      order = await place.mutateAsync({ side: reviewed.side, body: toUsOrderBody(stockId, reviewed) });
    } catch (caught) {
      if (isKycRefusal(caught)) setKycRefused(true);
      return;
    }
    setDraft(emptyUsDraft(reviewed.side, reviewed.leverage));
    setExits(false);
    toast.success(
      t('usStocks.placed', {
        side: t(`orderPanel.side.${reviewed.side}`),
        stockId,
        status: t(`usStocks.statusWord.${statusWordOf(order)}`),
      }),
    );
    onPlaced?.();
  };

  const priceField = (key: 'unitPrice' | 'stopPrice' | 'takeProfit' | 'stopLoss', label: string) => (
    <DecimalField
      label={label}
      value={draft[key]}
      onChange={(value) => update({ [key]: value })}
      precision={PRICE_DECIMALS}
      prefix="$"
    />
  );
  const worded = wordedProblem(problem);
  const problemText = worded ? t(`usStocks.problem.${worded}`) : null;

  return (
    <Section label={t('orderPanel.title')}>
      <SideTabs side={draft.side} onChange={setSide} />
      <OrderReviewForm<PricedOrder>
        side={draft.side}
        asset={stockId}
        canReview={problem === null}
        reviewFor={[draft, exits]}
        onReview={review}
        describe={(priced) => describeUsOrder(priced, { stockId, locale, t })}
        onSubmit={submit}
      >
        <SessionLine session={description.session} />
        {leverages.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            fullWidth
            value={draft.leverage}
            onChange={(_, leverage: Leverage | null) => leverage && update({ leverage })}
            aria-label={t('usStocks.leverage.label')}
          >
            {leverages.map((leverage) => (
              <ToggleButton key={leverage} value={leverage}>
                {t(`usStocks.leverage.${leverage}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <OrderTypeSelect<UsOrderType>
          value={draft.orderType}
          options={types.map((type) => ({
            value: type,
            label:
              (options.find((o) => o.orderType === type)?.availableNow ?? true)
                ? t(`usStocks.kind.${type}`)
                : `${t(`usStocks.kind.${type}`)} (${t('usStocks.notNow')})`,
          }))}
          onChange={(orderType) => update({ orderType })}
        />
        {option && !option.availableNow && (
          <Alert severity="warning">{t('usStocks.typeNotNow', { type: t(`usStocks.kind.${draft.orderType}`) })}</Alert>
        )}
        {fields.stopPrice && priceField('stopPrice', t('usStocks.stopPrice'))}
        {fields.unitPrice && priceField('unitPrice', t('usStocks.unitPrice'))}
        {fields.trail && (
          <TrailFields
            trailBy={draft.trailBy}
            trail={draft.trail}
            onChange={update}
            amountPrefix="$"
            amountPrecision={PRICE_DECIMALS}
            problem={trailProblem(draft.trailBy, draft.trail)}
          />
        )}
        {fields.ocoPrices && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('usStocks.oco.text')}
            </Typography>
            {priceField('takeProfit', t('usStocks.takeProfit'))}
            {priceField('stopLoss', t('usStocks.stopLoss'))}
          </>
        )}
        {byAmountAllowed && (
          <InputTypeToggle
            value={draft.inputType}
            onChange={(inputType) => update({ inputType, quantity: '', amount: '' })}
            quantityLabel={t('usStocks.shares')}
            amountLabel="USD"
          />
        )}
        {byAmount ? (
          <DecimalField
            label={t('usStocks.amount')}
            value={draft.amount}
            onChange={(amount) => update({ amount })}
            precision={AMOUNT_DECIMALS}
            prefix="$"
          />
        ) : (
          <DecimalField
            label={t('usStocks.quantity')}
            value={draft.quantity}
            onChange={(quantity) => update({ quantity })}
            precision={wholeSharesOnly(draft) || !description.fractional ? 0 : QUANTITY_DECIMALS}
            suffix={t('usStocks.shares')}
            helperText={
              wholeSharesOnly(draft) || !description.fractional
                ? t('usStocks.wholeSharesHint')
                : t('usStocks.fractionalHint')
            }
          />
        )}
        {fields.timeInForce ? (
          <SelectField
            size="small"
            label={t('usStocks.timeInForce.label')}
            value={draft.timeInForce}
            options={TIMES_IN_FORCE.map((value) => ({ value, label: t(`usStocks.timeInForce.${value}`) }))}
            onChange={(timeInForce) => update({ timeInForce })}
          />
        ) : (
          <Alert severity="info">{t('usStocks.intradayNote')}</Alert>
        )}
        {fields.extendedHours && (
          <SelectField
            size="small"
            label={t('usStocks.tradingHours.label')}
            value={draft.tradingHours}
            options={TRADING_HOURS.map((value) => ({ value, label: t(`usStocks.tradingHours.${value}`) }))}
            onChange={(tradingHours) => update({ tradingHours })}
          />
        )}
        {fields.bracket && (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  checked={exits}
                  onChange={(event) => {
                    setExits(event.target.checked);
                    if (!event.target.checked) update({ takeProfit: '', stopLoss: '' });
                  }}
                />
              }
              label={t('usStocks.addExits')}
            />
            {exits && (
              <>
                {priceField('takeProfit', t('usStocks.takeProfit'))}
                {priceField('stopLoss', t('usStocks.stopLoss'))}
                <Typography variant="body2" color="text.secondary">
                  {t('usStocks.exitsNote')}
                </Typography>
              </>
            )}
          </>
        )}
        {problemText && <Alert severity="warning">{problemText}</Alert>}
        <Divider />
        <BuyingPower side={draft.side} funds={bucketFunds} held={held} bucketLabel={t(`usStocks.bucket.${bucket}`)} />
        {problem === null && estimate.data && (
          <Section label={t('usStocks.est.title')} padding="none" sx={{ border: 0, bgcolor: 'transparent' }}>
            <Figures dense lines={estimateLines(estimate.data, draft, { stockId, locale, t })} />
          </Section>
        )}
        {problem === null && estimate.error instanceof ApiError && (
          <Alert severity="warning">{estimate.error.message}</Alert>
        )}
      </OrderReviewForm>
    </Section>
  );
}

function BuyingPower({
  side,
  funds,
  held,
  bucketLabel,
}: {
  side: UsSide;
  funds: UsdWalletBalance['paln'] | undefined;
  held: string;
  bucketLabel: string;
}) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  return (
    <Figures
      dense
      lines={
        side === 'BUY'
          ? [
              {
                label: t('usStocks.buyingPower', { bucket: bucketLabel }),
                value: funds ? formatMoney(funds.buyingPower, 'USD', 'balance', locale) : '–',
                strong: true,
              },
              { label: t('usStocks.cash'), value: funds ? formatMoney(funds.usdCash, 'USD', 'balance', locale) : '–' },
            ]
          : [
              {
                label: t('usStocks.sellable', { bucket: bucketLabel }),
                value: formatQuantity(held, locale),
                strong: true,
              },
            ]
      }
    />
  );
}
