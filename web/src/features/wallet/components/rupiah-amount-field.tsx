import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode } from 'react';
import { useLocale } from '@/hooks/use-locale';
import { showInInput } from '@/lib/controlled-input';
import type { RupiahAmountInput } from '../hooks/use-rupiah-amount-input';
import { limitAmountInput } from '../lib/money';

/**
 * A rupiah amount field of the wallet's forms (top-up, cash-out): whole rupiah, digits past the
 * precision cut and never rounded (R5.01); on blur the text becomes the amount it means and its
 * problem, if any, replaces the hint.
 */
export function RupiahAmountField({
  input,
  label,
  hint,
  problemText,
  onEdit,
  endAdornment,
}: {
  input: RupiahAmountInput;
  label: string;
  hint: ReactNode;
  problemText: string | null;
  /** Called on every keystroke, e.g. to clear a failed request's error. */
  onEdit?: () => void;
  endAdornment?: ReactNode;
}) {
  const locale = useLocale();
  const shownProblem = input.showProblem ? problemText : null;
  return (
    <TextField
      label={label}
      value={input.text}
      onChange={(event) => {
        const kept = limitAmountInput(event.target.value, locale);
        showInInput(event.target, kept);
        input.setText(kept);
        onEdit?.();
      }}
      onBlur={() => {
        input.setText(input.amount);
        if (input.amount) input.revealProblem();
      }}
      error={shownProblem !== null}
      helperText={shownProblem || hint}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 16 },
        input: {
          startAdornment: <InputAdornment position="start">Rp</InputAdornment>,
          ...(endAdornment ? { endAdornment: <InputAdornment position="end">{endAdornment}</InputAdornment> } : {}),
        },
      }}
    />
  );
}
