import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { OrderSide } from '@/lib/orders/types';

export interface SideTabsProps {
  side: OrderSide;
  onChange: (side: OrderSide) => void;
  /** The class's words for the sides (futures: Long and Short); Buy and Sell otherwise. */
  labels?: Record<OrderSide, string>;
}

/** Buy or sell, the first choice of every order panel. */
export function SideTabs({ side, onChange, labels }: SideTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={side}
      onChange={(_, next: OrderSide) => onChange(next)}
      variant="fullWidth"
      aria-label={t('orderPanel.sideLabel')}
      sx={{ mb: 2 }}
    >
      <Tab value="BUY" label={labels?.BUY ?? t('orderPanel.side.BUY')} />
      <Tab value="SELL" label={labels?.SELL ?? t('orderPanel.side.SELL')} />
    </Tabs>
  );
}
