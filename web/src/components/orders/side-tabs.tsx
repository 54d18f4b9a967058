import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { OrderSide } from '@/lib/orders/types';

/** Buy or sell, the first choice of every order panel. */
export function SideTabs({ side, onChange }: { side: OrderSide; onChange: (side: OrderSide) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={side}
      onChange={(_, next: OrderSide) => onChange(next)}
      variant="fullWidth"
      aria-label={t('orderPanel.sideLabel')}
      sx={{ mb: 2 }}
    >
      <Tab value="BUY" label={t('orderPanel.side.BUY')} />
      <Tab value="SELL" label={t('orderPanel.side.SELL')} />
    </Tabs>
  );
}
