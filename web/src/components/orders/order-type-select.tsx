import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface OrderTypeOption<T extends string> {
  value: T;
  label: string;
}

export interface OrderTypeSelectProps<T extends string> {
  value: T;
  options: readonly OrderTypeOption<T>[];
  onChange: (value: T) => void;
}

/** The order types an instrument offers now, as a select named "Order type". */
export function OrderTypeSelect<T extends string>({ value, options, onChange }: OrderTypeSelectProps<T>) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('orderPanel.orderType')}
      // A value the list no longer holds (the side changed) shows empty rather than warning.
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value as T)}
      sx={{ flex: 1 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
