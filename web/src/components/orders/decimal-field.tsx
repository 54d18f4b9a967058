import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { showInInput } from '@/lib/controlled-input';
import { limitDecimalInput, SEPARATORS } from '@/lib/format';
import { useAppStore } from '@/lib/store';
import { stepValue } from '@/lib/orders/steps';

/** R5.05: an input's error, shown as a tooltip with error styling. */
export interface FieldError {
  title: string;
  description: string;
}

export interface DecimalFieldProps {
  label: string;
  /** Plain decimal text (dot separator) or empty. */
  value: string;
  onChange: (plain: string) => void;
  precision: number;
  /** R5.03: the step of plus and minus; no buttons without one. */
  step?: string | null;
  /** Shown before the number (Rp, ₮) or after it (the asset). */
  prefix?: string;
  suffix?: string;
  /** A hint under the field (e.g. whole shares only). */
  helperText?: string;
  error?: FieldError | null;
  disabled?: boolean;
}

/** Plain decimal text → what the user sees in their language (only the decimal separator differs). */
function toDisplay(plain: string, decimal: string): string {
  return decimal === '.' ? plain : plain.replace('.', decimal);
}

/**
 * A numeric order input of every asset class, in the user's separators, handing back plain decimal
 * text: typing keeps digits and the asset's decimals, cut not rounded (R5.01); plus and minus move by
 * the step (R5.03); an error shows as a tooltip on the field (R5.05).
 */
export function DecimalField({
  label,
  value,
  onChange,
  precision,
  step,
  prefix,
  suffix,
  helperText,
  error,
  disabled,
}: DecimalFieldProps) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const { decimal } = SEPARATORS[locale];

  const stepButton = (direction: 'plus' | 'minus', step: string) => (
    <InputAdornment position={direction === 'minus' ? 'start' : 'end'}>
      <IconButton
        size="small"
        edge={direction === 'minus' ? 'start' : 'end'}
        aria-label={t(`orderPanel.${direction}`, { label })}
        disabled={disabled}
        onClick={() => onChange(stepValue(value, step, direction, precision))}
      >
        {direction === 'minus' ? <Remove fontSize="small" /> : <Add fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );

  const field = (
    <TextField
      label={label}
      value={toDisplay(value, decimal)}
      onChange={(event) => {
        const kept = limitDecimalInput(event.target.value, precision, locale);
        showInInput(event.target, kept);
        onChange(decimal === '.' ? kept : kept.replace(decimal, '.'));
      }}
      error={!!error}
      helperText={helperText}
      disabled={disabled}
      fullWidth
      size="small"
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-invalid': !!error, 'aria-description': error?.description },
        input: {
          // Undefined when empty: an adornment, even an empty one, keeps the label raised.
          startAdornment:
            step || prefix ? (
              <>
                {step && stepButton('minus', step)}
                {prefix && <InputAdornment position="start">{prefix}</InputAdornment>}
              </>
            ) : undefined,
          endAdornment:
            step || suffix ? (
              <>
                {suffix && <InputAdornment position="end">{suffix}</InputAdornment>}
                {step && stepButton('plus', step)}
              </>
            ) : undefined,
        },
      }}
    />
  );

  // The tooltip wraps the field even without an error: toggling the wrapper would re-mount the input
  // and take the focus away while the user types.
  return (
    <Tooltip
      open={!!error}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      placement="top-start"
      title={
        error ? (
          <>
            <Typography variant="subtitle2" component="p">
              {error.title}
            </Typography>
            <Typography variant="body2" component="p">
              {error.description}
            </Typography>
          </>
        ) : (
          ''
        )
      }
      slotProps={{ tooltip: { sx: { bgcolor: 'error.dark' } }, arrow: { sx: { color: 'error.dark' } } }}
    >
      <span style={{ display: 'block' }}>{field}</span>
    </Tooltip>
  );
}
