import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { limitDecimalInput, SEPARATORS } from '@/lib/format';
import { useAppStore } from '@/lib/store';

export interface DecimalFieldProps {
  label: string;
  /** Plain decimal text (dot separator) or empty. */
  value: string;
  onChange: (plain: string) => void;
  /** Decimals kept, cut not rounded (R5.01). */
  precision: number;
  prefix?: string;
  suffix?: string;
  helperText?: string;
  error?: boolean;
}

/** A numeric input in the user's separators that hands back plain decimal text. */
export function DecimalField({
  label,
  value,
  onChange,
  precision,
  prefix,
  suffix,
  helperText,
  error,
}: DecimalFieldProps) {
  const locale = useAppStore((state) => state.misc.language);
  const { decimal } = SEPARATORS[locale];
  return (
    <TextField
      label={label}
      value={decimal === '.' ? value : value.replace('.', decimal)}
      onChange={(event) => {
        const kept = limitDecimalInput(event.target.value, precision, locale);
        onChange(decimal === '.' ? kept : kept.replace(decimal, '.'));
      }}
      size="small"
      fullWidth
      autoComplete="off"
      error={error}
      helperText={helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          startAdornment: prefix ? <InputAdornment position="start">{prefix}</InputAdornment> : undefined,
          endAdornment: suffix ? <InputAdornment position="end">{suffix}</InputAdornment> : undefined,
        },
      }}
    />
  );
}
