import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifySessionPin } from '@/api/session-pin';
import { DecimalField } from '@/components/orders/decimal-field';
import { GuestOrderPrompt } from '@/components/orders/guest-order-prompt';
import { InputTypeToggle } from '@/components/orders/input-type-toggle';
import { OrderReviewForm } from '@/components/orders/order-review-form';
import { OrderTypeSelect } from '@/components/orders/order-type-select';
import { SideTabs } from '@/components/orders/side-tabs';
import { TrailFields } from '@/components/orders/trail-fields';
import { ReviewRefused } from '@/components/ui/review-refused';
import { Section } from '@/components/ui/section';
import { track } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { decimalsOf } from '@/lib/decimal';
import { formatMoney, formatQuantity, localizeDecimalText } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { estimateQuery } from '../api/get-estimate';
import { usePlaceOrder } from '../api/place-order';
import { orderTypesQuery } from '../api/get-order-types';
import { priceQuoteQuery } from '../api/get-price-quote';
import { sliderInputQuery } from '../api/get-slider-input';
import type { OrderKind, Side, SliderInput } from '../api/types';
import {
  amountInputAllowed,
  applySlider,
  draftProblem,
  draftReady,
  emptyDraft,
  orderTotals,
  referencePrice,
  kindsFor,
  sliderPosition,
  switchSide,
  toOrderRequest,
  type OrderDraft,
} from '../lib/order-form';
import { estimateInputFor, estimatePrice, reviewFigures } from '../lib/order-review';
import { sideBlock, type PanelFlags, type SideBlock } from '../lib/side-block';
import { describeOrder, type PricedOrder } from '../lib/describe-order';
import { OcoDialog } from './oco-dialog';
import { PowerSlider } from './power-slider';

export interface OrderPanelProps {
  /** The pair, e.g. `BTC-IDR`. */
  symbol: string;
  /** The coin, e.g. `BTC`. */
  baseAsset: string;
  /** The pair's trading flags (R3.05), kept live by the markets feature; a halt blocks the panel. */
  flags?: PanelFlags | null;
  /** The side the form opens on (the phone's Buy or Sell button chose it). */
  initialSide?: Side;
  /** After an order was placed (the phone's sheet closes). */
  onPlaced?: () => void;
}

/**
 * The crypto order panel (SPEC §5): buy or sell, market/limit/stop/stop-limit and trailing stop sells
 * (R4.10), by quantity or (market buys) by rupiah, the slider over the power (R5.04), plus and minus (R5.03), the cost with fees
 * (R5.06), a review (R1.15 buy_review/sell_review), the PIN, and a toast with the result (R8.08).
 */
export function OrderPanel({ symbol, baseAsset, flags, initialSide = 'BUY', onPlaced }: OrderPanelProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft(initialSide));
  const [ocoOpen, setOcoOpen] = useState(false);

  const orderTypes = useQuery(orderTypesQuery(symbol, loggedIn));
  const sliderInput = useQuery(sliderInputQuery(symbol, draft.side, loggedIn));
  const quote = useQuery(priceQuoteQuery(symbol, loggedIn));
  const place = usePlaceOrder(t('errors.generic'));
  const queryClient = useQueryClient();

  const input = sliderInput.data;
  const prices = useMemo(
    () => ({
      bestBid: quote.data?.bestBid ?? null,
      bestAsk: quote.data?.bestAsk ?? null,
      lastPrice: quote.data?.lastPrice ?? null,
    }),
    [quote.data],
  );
  const availability = orderTypes.data?.buySellAvailability ?? 'None';
  // The server refuses these orders too; the panel says why before the user fills anything in.
  const block = sideBlock(draft.side, availability, orderTypes.data?.proMode ?? false, flags);
  const sideBlocked = block !== null;
  const offered = orderTypes.data ? new Set(orderTypes.data.orderTypes.map((type) => type.orderType)) : undefined;
  const trailing = draft.orderType === 'TRAILING_STOP';
  const byAmount = draft.inputType === 'amount' && amountInputAllowed(draft);
  const totals = orderTotals(draft, input, prices);
  const problem = draftProblem(draft, input, prices);
  const ready = loggedIn && !sideBlocked && draftReady(draft, input, prices);
  const quantityPrecision = input?.quantityPrecision ?? 8;
  const amountPrecision = input?.amountPrecision ?? 0;
  const money = (value: string | null) => (value ? formatMoney(value, 'IDR', 'amount', locale) : '–');
  const coins = (value: string | null) => (value ? `${formatQuantity(value, locale)} ${baseAsset}` : '–');

  const update = (patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setSide = (side: Side) => setDraft((current) => switchSide(current, side));

  // The review is priced by the server's estimate (R3.06) at the moment it opens: what the user gives
  // and gets, fee and tax included. An order the book cannot price never reaches Confirm; the form
  // says why instead (ReviewPinForm shows a refusal above the review button).
  const review = async (): Promise<PricedOrder> => {
    track(draft.side === 'BUY' ? 'buy_review' : 'sell_review', { symbol, orderType: draft.orderType });
    let estimate;
    let fees: SliderInput;
    try {
      [estimate, fees] = await Promise.all([
        queryClient.fetchQuery({ ...estimateQuery(estimateInputFor(symbol, draft, prices)), staleTime: 0 }),
        queryClient.ensureQueryData(sliderInputQuery(symbol, draft.side)),
      ]);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'no_liquidity') {
        throw new ReviewRefused(t('orderPanel.estimate.noLiquidity'));
      }
      // The server's own refusal (localised by it) says what to change; anything else is a retry.
      if (caught instanceof ApiError && caught.status === 400) throw caught;
      throw new ReviewRefused(t('orderPanel.estimate.failed'));
    }
    const priceText = prices.lastPrice ?? prices.bestAsk ?? prices.bestBid ?? '0';
    const figures = reviewFigures(estimate, {
      quantityPrecision: fees.quantityPrecision,
      priceDecimals: decimalsOf(priceText),
      pricedAt: estimatePrice(draft, prices),
    });
    if (!figures) throw new ReviewRefused(t('orderPanel.estimate.noLiquidity'));
    return { draft, figures, fees };
  };

  const submit = async ({ draft: reviewed }: PricedOrder, pin: string) => {
    // A wrong PIN stays in the PIN dialog; an order the server refuses closes it and shows the reason
    // as an error toast (R8.08), keeping what the user entered.
    await verifySessionPin(pin);
    let order;
    try {
      order = await place.mutateAsync({ side: reviewed.side, order: toOrderRequest(symbol, reviewed) });
    } catch {
      return;
    }
    setDraft(emptyDraft(reviewed.side));
    toast.success(
      t(order.isOpen ? 'orderPanel.placed' : 'orderPanel.filled', {
        side: t(`orderPanel.side.${reviewed.side}`),
        quantity: formatQuantity(order.filledQuantity, locale),
        asset: baseAsset,
      }),
    );
    onPlaced?.();
  };

  if (!loggedIn) return <GuestOrderPrompt asset={baseAsset} />;

  const priceField = (key: 'limitPrice' | 'stopPrice') => (
    <DecimalField
      label={t(`orderPanel.${key}`)}
      value={draft[key]}
      onChange={(value) => update({ [key]: value })}
      precision={amountPrecision}
      step={input?.stepConfig.amount}
      prefix="Rp"
      error={
        problem === `${key === 'limitPrice' ? 'limit' : 'stop'}PriceMissing`
          ? { title: t('orderPanel.errors.priceTitle'), description: t('orderPanel.errors.priceText') }
          : null
      }
    />
  );

  return (
    <Section label={t('orderPanel.title')}>
      <SideTabs side={draft.side} onChange={setSide} />
      <OrderReviewForm<PricedOrder>
        side={draft.side}
        asset={baseAsset}
        canReview={ready}
        reviewFor={[draft]}
        onReview={review}
        describe={(priced) => describeOrder(priced, { symbol, baseAsset, locale, t })}
        onSubmit={submit}
      >
        <Stack direction="row" spacing={1}>
          <OrderTypeSelect<OrderKind>
            value={draft.orderType}
            options={kindsFor(draft.side, offered).map((kind) => ({
              value: kind,
              label: t(`orderPanel.kind.${kind}`),
            }))}
            onChange={(orderType) =>
              update({
                orderType,
                inputType: amountInputAllowed({ side: draft.side, orderType }) ? draft.inputType : 'quantity',
              })
            }
          />
          {offered?.has('OCO') && (
            <Button variant="outlined" size="small" disabled={sideBlocked} onClick={() => setOcoOpen(true)}>
              {t('orderPanel.oco')}
            </Button>
          )}
        </Stack>
        {(draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') && priceField('stopPrice')}
        {(draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') && priceField('limitPrice')}
        {trailing && (
          <TrailFields
            trailBy={draft.trailBy}
            trail={draft.trail}
            onChange={update}
            amountPrefix="Rp"
            amountPrecision={amountPrecision}
            problem={problem === 'trailPercentRange' || problem === 'trailTooWide' ? problem : null}
          />
        )}
        {amountInputAllowed(draft) && (
          <InputTypeToggle
            value={draft.inputType}
            onChange={(inputType) => update({ inputType, quantity: '', amount: '' })}
            quantityLabel={baseAsset}
            amountLabel="IDR"
          />
        )}
        {byAmount ? (
          <DecimalField
            label={t('orderPanel.amount')}
            value={draft.amount}
            onChange={(amount) => update({ amount })}
            precision={amountPrecision}
            step={input?.stepConfig.amount}
            prefix="Rp"
            error={
              problem === 'insufficientPower'
                ? { title: t('orderPanel.errors.powerTitle'), description: t('orderPanel.errors.powerBuy') }
                : null
            }
          />
        ) : (
          <DecimalField
            label={t('orderPanel.quantity')}
            value={draft.quantity}
            onChange={(quantity) => update({ quantity })}
            precision={quantityPrecision}
            step={input?.stepConfig.quantity}
            suffix={baseAsset}
            error={
              problem === 'insufficientPower'
                ? {
                    title: t('orderPanel.errors.powerTitle'),
                    description: t(draft.side === 'BUY' ? 'orderPanel.errors.powerBuy' : 'orderPanel.errors.powerSell'),
                  }
                : null
            }
          />
        )}
        <Box>
          <PowerSlider
            percent={sliderPosition(draft, input, prices)}
            power={input?.power}
            onChange={(percent) => input && setDraft((current) => applySlider(current, percent, input, prices))}
          />
          <Typography variant="body2" color="text.secondary">
            {draft.side === 'BUY'
              ? t('orderPanel.powerBuy', { value: money(input?.power ?? null) })
              : t('orderPanel.powerSell', { value: coins(input?.power ?? null) })}
          </Typography>
        </Box>
        <Divider />
        <Stack spacing={0.5}>
          <Row
            label={t(trailing ? 'orderPanel.review.firstTrigger' : 'orderPanel.price')}
            value={money(referencePrice(draft, prices))}
          />
          <Row
            label={t('orderPanel.fees')}
            value={
              input
                ? `${localizeDecimalText(input.transactionFeePercentage, locale)}% + ${localizeDecimalText(input.taxationFeePercentage, locale)}%`
                : '–'
            }
          />
          <Row
            label={t(draft.side === 'BUY' ? 'orderPanel.totalBuy' : 'orderPanel.totalSell')}
            value={money(totals.total)}
            strong
          />
        </Stack>
        {block && <BlockNotice block={block} side={draft.side} />}
      </OrderReviewForm>
      <OcoDialog
        open={ocoOpen}
        symbol={symbol}
        baseAsset={baseAsset}
        side={draft.side}
        onClose={() => setOcoOpen(false)}
      />
    </Section>
  );
}

function BlockNotice({ block, side }: { block: SideBlock; side: Side }) {
  const { t } = useTranslation();
  if (block.kind === 'halted') {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{block.title ?? t('orderPanel.haltedTitle')}</AlertTitle>
        {block.description ?? t('orderPanel.haltedText')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" role="alert">
      {block.kind === 'proOnly' ? t(`orderPanel.proOnly.${side}`) : t('orderPanel.blocked')}
    </Alert>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" justifyContent="space-between">
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Stack>
  );
}
