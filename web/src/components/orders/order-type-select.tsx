import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption } from '@/components/ui/select-field';

/** An order type and its name in the class's words. */
export type OrderTypeOption<T extends string> = SelectOption<T>;

export interface OrderTypeSelectProps<T extends string> {
  value: T;
  options: readonly OrderTypeOption<T>[];
  onChange: (value: T) => void;
}

/** The order types an instrument offers now, as a select named "Order type". */
export function OrderTypeSelect<T extends string>({ value, options, onChange }: OrderTypeSelectProps<T>) {
  const { t } = useTranslation();
  return (
    <SelectField
      size="small"
      label={t('orderPanel.orderType')}
      // A value the list no longer holds (the side changed) shows empty rather than warning.
      value={options.some((option) => option.value === value) ? value : ''}
      options={options}
      onChange={onChange}
      sx={{ flex: 1 }}
    />
  );
}
