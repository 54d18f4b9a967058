import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { InputType } from '@/lib/orders/types';

export interface InputTypeToggleProps {
  value: InputType;
  onChange: (value: InputType) => void;
  /** What a quantity is counted in (the coin, "Shares"). */
  quantityLabel: string;
  /** The currency of an amount (IDR, USD). */
  amountLabel: string;
}

/** R4.17: a market buy is sized by quantity or by money. */
export function InputTypeToggle({ value, onChange, quantityLabel, amountLabel }: InputTypeToggleProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      value={value}
      onChange={(_, next: InputType | null) => next && onChange(next)}
      aria-label={t('orderPanel.inputType')}
    >
      <ToggleButton value="quantity">{quantityLabel}</ToggleButton>
      <ToggleButton value="amount">{amountLabel}</ToggleButton>
    </ToggleButtonGroup>
  );
}
