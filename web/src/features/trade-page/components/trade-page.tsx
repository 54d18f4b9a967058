import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaimBottomBar } from '@/components/layout/bottom-bar';
import { MountWhenOpened } from '@/components/ui/mount-when-opened';
import { Section } from '@/components/ui/section';
import { lazyNamed } from '@/lib/lazy-named';
import type { OrderPanelSlot, TradePanel, TradeSide } from '../lib/types';
import { PanelTabs } from './panel-tabs';
import { TradeActionBar } from './trade-action-bar';

// The phone's bottom sheet (MUI's Drawer and Modal) loads when Buy or Sell first opens it.
const OrderSheet = lazyNamed(() => import('./order-sheet'), 'OrderSheet');

export interface TradePageProps {
  /** The class's header facts: symbol, last price and change at least. On phones it stays on top. */
  header: ReactNode;
  /** Beside the header: the instrument switcher (search and live prices). */
  switcher?: ReactNode;
  /** The chart: most of the width on wide screens, the first tab on phones. */
  chart: ReactNode;
  /** Side panels (order book, recent trades, facts): beside the chart on wide screens, tabs on phones. */
  panels: TradePanel[];
  /** The class's order panel; absent for instruments that cannot be traded here (yet). */
  orderPanel?: OrderPanelSlot | null;
  /** Tabs under the chart: open orders, history, positions (signed-in users). */
  bottomTabs?: TradePanel[];
  /** While the instrument loads: the page keeps its shape with placeholders (no layout shift). */
  loading?: boolean;
}

/** Room kept for the header facts, the chart and the phone's tab panels, so nothing moves as data arrives. */
const HEADER_MIN_HEIGHT = { xs: 136, sm: 72 } as const;
const CHART_MIN_HEIGHT = { xs: 440, md: 610 } as const;
const PHONE_PANEL_HEIGHT = 460;
/**
 * From 1024 px: the side panels' column (book, trades) and the order panel's. The book's three
 * numbers (price, quantity, depth) need 304 px to stand apart; with 8 px between the columns the
 * chart keeps over 55 % of a 1440 px window (issue 26).
 */
const SIDE_COLUMN_PX = 304;
const ORDER_COLUMN_PX = 288;
/** The order panel stays in view under the header while the page scrolls (640 px and up). */
const STICKY_ORDER_SX = {
  position: 'sticky',
  top: 'calc(var(--header-height) + 16px)',
  maxHeight: 'calc(100dvh - var(--header-height) - 32px)',
  overflowY: 'auto',
} as const;

/**
 * The trade page of every asset class (crypto today; US stocks, perpetuals and options fill the same
 * slots). R9.03 breakpoints:
 * - phones (< 640 px): header on top; chart, book, trades and facts as tabs; a sticky Buy and Sell bar
 *   at the bottom edge (in place of the tab bar) opening the order panel as a bottom sheet; the
 *   bottom tabs (orders…) below.
 * - 640–1023 px: the chart across the page, the order panel (sticky while its row scrolls) and the
 *   side panels under it.
 * - from 1024 px: the chart takes the free width, side panels beside it, the order panel always in
 *   view (sticky) on the right, the bottom tabs under the chart.
 */
export function TradePage({ header, switcher, chart, panels, orderPanel, bottomTabs, loading }: TradePageProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { t } = useTranslation();
  const [sheetSide, setSheetSide] = useState<TradeSide | null>(null);
  const [lastSide, setLastSide] = useState<TradeSide>('BUY');
  useClaimBottomBar(phone && !!orderPanel);

  const headerRow = (
    <Stack
      direction="row"
      alignItems="center"
      spacing={1.5}
      sx={{ minHeight: HEADER_MIN_HEIGHT, minWidth: 0, position: 'relative' }}
    >
      {/* Phones: the switcher sits in the header's top corner, beside the instrument's name. */}
      <Box sx={{ flexShrink: 0, position: { xs: 'absolute', sm: 'static' }, top: 14, right: 0, zIndex: 1 }}>
        {switcher}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{header}</Box>
    </Stack>
  );
  const bottom =
    bottomTabs && bottomTabs.length > 0 ? (
      <Section label={t('tradePage.bottomTabsLabel')} padding="none" sx={{ px: 1, pb: 1 }}>
        <PanelTabs label={t('tradePage.bottomTabsLabel')} panels={bottomTabs} />
      </Section>
    ) : null;
  const pageSx = {
    maxWidth: 'var(--trade-max-width)',
    mx: 'auto',
    // Wide screens give the chart the room a page gutter would take.
    px: { xs: 'var(--page-gutter)', lg: 2 },
    pb: 4,
    width: '100%',
  } as const;

  if (phone) {
    const openSheet = (side: TradeSide) => {
      setLastSide(side);
      setSheetSide(side);
    };
    return (
      // The Buy/Sell bar is fixed at the bottom: keep the page's end clear of it (PWA views have no
      // layout spacer for it).
      <Box sx={{ ...pageSx, pb: orderPanel ? 'calc(var(--bottom-bar-height) + 16px)' : 4 }} data-layout="phone">
        {headerRow}
        <PanelTabs
          label={t('tradePage.panelsLabel')}
          panels={[{ id: 'chart', label: t('tradePage.chartTab'), content: chart }, ...panels]}
          panelSx={{ height: PHONE_PANEL_HEIGHT }}
        />
        {bottom && <Box sx={{ mt: 2 }}>{bottom}</Box>}
        {orderPanel && !loading && (
          <>
            <TradeActionBar guest={orderPanel.guest} onTrade={openSheet} labels={orderPanel.sideLabels} />
            {!orderPanel.guest && (
              <MountWhenOpened open={sheetSide !== null}>
                <OrderSheet open={sheetSide !== null} title={orderPanel.title} onClose={() => setSheetSide(null)}>
                  {/* Keyed by side so Buy opens a buy form and Sell a sell form. */}
                  <Box key={lastSide}>{orderPanel.render({ side: lastSide, onDone: () => setSheetSide(null) })}</Box>
                </OrderSheet>
              </MountWhenOpened>
            )}
          </>
        )}
      </Box>
    );
  }

  const withOrder = !!orderPanel;
  return (
    <Box sx={pageSx} data-layout="wide">
      {headerRow}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          columnGap: { lg: 1 },
          alignItems: 'start',
          gridTemplateColumns: {
            sm: 'minmax(0, 1fr) minmax(0, 1fr)',
            lg: withOrder
              ? `minmax(0, 1fr) ${SIDE_COLUMN_PX}px ${ORDER_COLUMN_PX}px`
              : `minmax(0, 1fr) ${SIDE_COLUMN_PX}px`,
          },
          gridTemplateAreas: {
            sm: withOrder ? '"chart chart" "order side" "bottom bottom"' : '"chart chart" "side side" "bottom bottom"',
            lg: withOrder ? '"chart side order" "bottom side order"' : '"chart side" "bottom side"',
          },
        }}
      >
        <Box data-testid="trade-chart" sx={{ gridArea: 'chart', minWidth: 0, minHeight: CHART_MIN_HEIGHT }}>
          {chart}
        </Box>
        <Stack spacing={1.5} sx={{ gridArea: 'side', minWidth: 0 }}>
          {panels.map((panel) => (
            // A panel of fixed height scrolls: it takes the focus so the keyboard can scroll it too.
            <Box
              key={panel.id}
              {...(panel.heightPx ? { tabIndex: 0, role: 'group', 'aria-label': panel.label } : {})}
              sx={{ minWidth: 0, height: panel.heightPx, overflowY: panel.heightPx ? 'auto' : undefined }}
            >
              {panel.content}
            </Box>
          ))}
        </Stack>
        {orderPanel && (
          // The cell stretches over its grid rows (beside the side panels, and from 1024 px the bottom
          // tabs too) so the panel inside can stick while they scroll, and lets go before the next row.
          <Box data-testid="trade-order" sx={{ gridArea: 'order', minWidth: 0, alignSelf: 'stretch' }}>
            <Box sx={STICKY_ORDER_SX}>{!loading && orderPanel.render({ side: 'BUY' })}</Box>
          </Box>
        )}
        {bottom && <Box sx={{ gridArea: 'bottom', minWidth: 0 }}>{bottom}</Box>}
      </Box>
    </Box>
  );
}
