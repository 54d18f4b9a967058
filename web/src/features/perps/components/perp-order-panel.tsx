import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { components } from '@/api/schema';
import { verifySessionPin } from '@/api/session-pin';
import { DecimalField } from '@/components/orders/decimal-field';
import { signOf } from '@/lib/decimal';
import { GuestOrderPrompt } from '@/components/orders/guest-order-prompt';
import { OrderReviewForm } from '@/components/orders/order-review-form';
import { OrderTypeSelect } from '@/components/orders/order-type-select';
import { SideTabs } from '@/components/orders/side-tabs';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Figures } from '@/components/ui/figures';
import { ReviewRefused } from '@/components/ui/review-refused';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLocalizePath } from '@/hooks/use-locale';
import { track } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { estimateQuery } from '../api/get-estimate';
import { instrumentQuery } from '../api/get-instrument';
import { marginWalletQuery } from '../api/get-margin-wallet';
import { orderTypesQuery } from '../api/get-order-types';
import { leverageQuery, useSetLeverage } from '../api/leverage';
import { usePlacePerpOrder } from '../api/place-order';
import type { PerpOrderType, PerpSide } from '../api/types';
import { describePerpOrder, estimateLines, type PricedPerpOrder } from '../lib/describe-order';
import {
  clampLeverage,
  draftProblem,
  emptyPerpDraft,
  fieldsFor,
  PERP_ORDER_TYPES,
  toOrderBody,
  type PerpDraft,
} from '../lib/order-form';
import { LeverageSlider } from './leverage-slider';

/** R3.05 flags of the contract (from the markets' symbol info). */
type Flags = Pick<
  components['schemas']['AssetFlags'],
  'enableBuy' | 'enableSell' | 'tradingHalted' | 'tradingHaltReason'
>;

export interface PerpOrderPanelProps {
  /** The contract, e.g. `BTCUSDT-PERP`. */
  symbol: string;
  /** Halts and disabled sides (R3.05, R4.13). */
  flags?: Flags;
  initialSide?: PerpSide;
  /** After an order was placed (the phone's sheet closes). */
  onPlaced?: () => void;
}

/** How long the typing must pause before the live estimate asks the server again. */
const ESTIMATE_PAUSE_MS = 300;

/**
 * The futures order panel (issue 13): long or short, the order type, the contracts, the limit price
 * and the trigger as the type needs, the leverage (kept on the server per contract), reduce-only, the
 * server's live estimate (cost, margin, fee, liquidation price, available margin), then the review,
 * the PIN and a toast; a way to deposit margin when the wallet is short.
 */
export function PerpOrderPanel({ symbol, flags, initialSide = 'BUY', onPlaced }: PerpOrderPanelProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PerpDraft>(() => emptyPerpDraft(initialSide));

  const instrument = useQuery(instrumentQuery(symbol));
  const orderTypes = useQuery(orderTypesQuery(loggedIn));
  const savedLeverage = useQuery(leverageQuery(symbol, loggedIn));
  const wallet = useQuery({ ...marginWalletQuery(), enabled: loggedIn });
  const setLeverage = useSetLeverage(t('errors.generic'));
  // The slider shows where the user moved it while that is saved, the server's leverage otherwise.
  const [moved, setMoved] = useState<number | null>(null);
  const leverage = moved ?? savedLeverage.data?.leverage ?? null;

  const rules = instrument.data;
  const problem = rules ? draftProblem(draft, rules) : 'quantityMissing';
  const settled = useDebouncedValue(draft, ESTIMATE_PAUSE_MS);
  const settledOk = rules ? draftProblem(settled, rules) === null : false;
  const estimate = useQuery(
    estimateQuery(settled.side, toOrderBody(symbol, settled), savedLeverage.data?.leverage ?? 0, loggedIn && settledOk),
  );
  const place = usePlacePerpOrder(t('errors.generic'));

  if (!loggedIn) return <GuestOrderPrompt asset={symbol} />;
  if (instrument.isError && !rules) {
    return (
      <Section label={t('orderPanel.title')}>
        <ErrorWithRetry
          severity="warning"
          message={t('perps.loadFailed')}
          retryLabel={t('portfolio.retry')}
          onRetry={() => void instrument.refetch()}
        />
      </Section>
    );
  }
  if (!rules || leverage === null) {
    return (
      <Section label={t('orderPanel.title')}>
        <Skeleton variant="rounded" height={380} aria-label={t('app.loading')} />
      </Section>
    );
  }

  const update = (patch: Partial<PerpDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const fields = fieldsFor(draft.orderType);
  const offered = orderTypes.data?.map((option) => option.orderType) ?? PERP_ORDER_TYPES;
  const sideOpen = flags ? !flags.tradingHalted && (draft.side === 'BUY' ? flags.enableBuy : flags.enableSell) : true;
  const sideLabels = { BUY: t('perps.side.BUY'), SELL: t('perps.side.SELL') };
  const short = estimate.data && !estimate.data.sufficient && problem === null;
  const emptyWallet = wallet.data && signOf(wallet.data.marginBalance) <= 0;

  const commitLeverage = (next: number) => {
    const value = clampLeverage(next, rules.maxLeverage);
    if (value === savedLeverage.data?.leverage) {
      setMoved(null);
      return;
    }
    setMoved(value);
    setLeverage.mutate(
      { symbol, leverage: value },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(leverageQuery(symbol).queryKey, saved);
          setMoved(null);
          toast.success(t('perps.leverageSaved', { leverage: saved.leverage, symbol }));
        },
        // Refused: the slider goes back to what the server keeps.
        onError: () => setMoved(null),
      },
    );
  };

  const review = async (): Promise<PricedPerpOrder> => {
    track(draft.side === 'BUY' ? 'buy_review' : 'sell_review', { symbol, orderType: draft.orderType });
    try {
      const priced = await queryClient.fetchQuery({
        ...estimateQuery(draft.side, toOrderBody(symbol, draft), savedLeverage.data?.leverage ?? 0),
        staleTime: 0,
      });
      return { draft, estimate: priced };
    } catch (caught) {
      // The server's refusal is localised by it and says what to change.
      if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) throw caught;
      throw new ReviewRefused(t('perps.estimateFailed'));
    }
  };

  const submit = async ({ draft: reviewed }: PricedPerpOrder, pin: string) => {
    await verifySessionPin(pin);
    try {
      await place.mutateAsync({ side: reviewed.side, body: toOrderBody(symbol, reviewed) });
    } catch {
      return;
    }
    setDraft(emptyPerpDraft(reviewed.side, reviewed.orderType));
    toast.success(t('perps.placed', { side: t(`perps.side.${reviewed.side}`), symbol }));
    onPlaced?.();
  };

  const priceField = (key: 'price' | 'stopPrice' | 'takeProfit' | 'stopLoss', label: string) => (
    <DecimalField
      label={label}
      value={draft[key]}
      onChange={(value) => update({ [key]: value })}
      precision={rules.pricePrecision}
      step={rules.tickSize}
      prefix="₮"
    />
  );

  return (
    <Section label={t('orderPanel.title')}>
      <SideTabs side={draft.side} onChange={(side) => update({ side })} labels={sideLabels} />
      <OrderReviewForm<PricedPerpOrder>
        side={draft.side}
        asset={symbol}
        title={t(draft.side === 'BUY' ? 'perps.reviewLong' : 'perps.reviewShort', { symbol })}
        canReview={problem === null && sideOpen}
        reviewFor={[draft, leverage]}
        onReview={review}
        describe={(priced) => describePerpOrder(priced, { symbol, locale, t })}
        onSubmit={submit}
      >
        {!sideOpen && (
          <Alert severity="warning">
            {flags?.tradingHalted ? (
              <>
                <AlertTitle>{flags.tradingHaltReason?.title ?? t('orderPanel.haltedTitle')}</AlertTitle>
                {flags.tradingHaltReason?.description ?? t('orderPanel.haltedText')}
              </>
            ) : (
              t('orderPanel.blocked')
            )}
          </Alert>
        )}
        <LeverageSlider
          value={leverage}
          maxLeverage={rules.maxLeverage}
          onChange={setMoved}
          // Not disabled while saving: that would take the focus from a keyboard user's slider.
          onCommit={commitLeverage}
        />
        <OrderTypeSelect<PerpOrderType>
          value={draft.orderType}
          options={offered.map((type) => ({ value: type, label: t(`perps.kind.${type}`) }))}
          onChange={(orderType) => update({ orderType })}
        />
        {fields.stopPrice && priceField('stopPrice', t('perps.stopPrice'))}
        {fields.price && priceField('price', t('perps.price'))}
        <DecimalField
          label={t('perps.quantity')}
          value={draft.quantity}
          onChange={(quantity) => update({ quantity })}
          precision={rules.quantityPrecision}
          step={rules.stepSize}
          suffix={t('perps.contracts')}
          helperText={t('perps.quantityHint', {
            step: rules.stepSize,
            minimum: formatMoney(rules.minNotional, 'USDT', 'amount', locale),
          })}
        />
        <FormControlLabel
          control={
            <Checkbox checked={draft.reduceOnly} onChange={(event) => update({ reduceOnly: event.target.checked })} />
          }
          label={t('perps.reduceOnly')}
        />
        {/* Take-profit and stop-loss for the position this order opens or adds to; a reduce-only order opens nothing. */}
        {!draft.reduceOnly && (
          <FormControlLabel
            control={
              <Checkbox checked={draft.protect} onChange={(event) => update({ protect: event.target.checked })} />
            }
            label={t('perps.withProtection')}
          />
        )}
        {draft.protect && !draft.reduceOnly && (
          <>
            {priceField('takeProfit', t('perps.protection.takeProfit'))}
            {priceField('stopLoss', t('perps.protection.stopLoss'))}
          </>
        )}
        {problem && problem !== 'quantityMissing' && (
          <Alert severity="warning">
            {t(`perps.problem.${problem}`, {
              step: rules.stepSize,
              tick: rules.tickSize,
              minimum: formatMoney(rules.minNotional, 'USDT', 'amount', locale),
            })}
          </Alert>
        )}
        <Divider />
        <Figures
          dense
          lines={[
            {
              label: t('perps.est.available'),
              value: wallet.data ? formatMoney(wallet.data.availableMargin, 'USDT', 'balance', locale) : '–',
              strong: true,
            },
          ]}
        />
        {problem === null && estimate.data && (
          <Section label={t('perps.est.title')} padding="none" sx={{ border: 0, bgcolor: 'transparent' }}>
            <Figures dense lines={estimateLines(estimate.data, { symbol, locale, t })} />
          </Section>
        )}
        {problem === null && estimate.error instanceof ApiError && (
          <Alert severity="warning">{estimate.error.message}</Alert>
        )}
        {(short || emptyWallet) && (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to={localize(paths.balanceFutures)} size="small">
                {t('perps.deposit')}
              </Button>
            }
          >
            {t(short ? 'perps.marginShort' : 'perps.marginEmpty')}
          </Alert>
        )}
      </OrderReviewForm>
    </Section>
  );
}
