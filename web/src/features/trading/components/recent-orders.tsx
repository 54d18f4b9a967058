import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { Section } from '@/components/ui/section';
import { formatDateTime, formatMoney, formatQuantity } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { useOrders } from '../api/get-orders';
import type { OrderView } from '../api/types';
import { orderStatusColor } from '../lib/order-view';

/** Orders the home page lists. */
export const RECENT_ORDERS_SHOWN = 5;

/** The latest finished orders (the first page of the history, R7.05), each leading to its pair. */
export function RecentOrders() {
  const { t } = useTranslation();
  const orders = useOrders('closed', 1);
  const rows = (orders.data?.data ?? []).slice(0, RECENT_ORDERS_SHOWN);
  return (
    <Section title={t('recentOrders.title')}>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, minHeight: RECENT_ORDERS_SHOWN * 44 }}>
        {orders.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={40} />)
          : rows.map((order) => <OrderItem key={order.orderId} order={order} />)}
        {!orders.isPending && rows.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('recentOrders.none')}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

function OrderItem({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const side = order.side === 'BUY' ? 'BUY' : 'SELL';
  const price = order.averagePrice ?? order.limitPrice ?? order.stopPrice;
  return (
    <Stack component="li" direction="row" alignItems="center" spacing={1} sx={{ minHeight: 40 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          <Box component="span" sx={{ color: side === 'BUY' ? 'success.main' : 'error.main', fontWeight: 700 }}>
            {t(`orderPanel.side.${side}`)}
          </Box>{' '}
          <AppLink
            to={`/trade/${encodeURIComponent(order.symbol)}`}
            underline="hover"
            color="inherit"
            sx={{ fontWeight: 600 }}
          >
            {order.symbol}
          </AppLink>{' '}
          {formatQuantity(order.filledQuantity, locale)}
          {price ? ` @ ${formatMoney(price, 'IDR', 'amount', locale)}` : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(order.createdAtMs, locale)}
        </Typography>
      </Box>
      <Chip size="small" label={order.statusWord} color={orderStatusColor(order)} />
    </Stack>
  );
}
