import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled select of a fixed set of choices, handing back the chosen value with its type. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  ...rest
}: {
  label: string;
  /** '' shows no choice. */
  value: V | '';
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
} & Pick<TextFieldProps, 'size' | 'name' | 'disabled' | 'fullWidth' | 'helperText' | 'sx'>) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value as V)} {...rest}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
