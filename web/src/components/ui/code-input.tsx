import Box from '@mui/material/Box';
import { useForkRef } from '@mui/material/utils';
import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { showInInput } from '@/lib/controlled-input';
import { focusOnMount } from '@/lib/focus-on-mount';

export interface CodeInputProps {
  /** Digits typed so far (never more than `length`). */
  value: string;
  onChange: (digits: string) => void;
  /** Called once the last digit is in (typed or pasted). */
  onComplete?: (digits: string) => void;
  /** The accessible name, e.g. "Kode OTP" or "PIN". */
  label: string;
  length?: number;
  /** PIN: the cells show dots and the field is a password field. */
  masked?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** The id of the text that describes an error or a hint. */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

function onlyDigits(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * One-time code and PIN entry: one real input (so paste, SMS autofill and screen readers work as with
 * any field) laid over `length` cells. Typing fills the next cell (auto-advance); a pasted code, with
 * or without spaces, fills them all.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  length = 6,
  masked = false,
  autoFocus = false,
  disabled = false,
  error = false,
  describedBy,
  inputRef,
  name,
}: CodeInputProps) {
  const [focused, setFocused] = useState(false);
  const ref = useForkRef(inputRef, autoFocus ? focusOnMount : null);
  const id = useId();

  const handle = (input: HTMLInputElement) => {
    const digits = onlyDigits(input.value, length);
    showInInput(input, digits);
    onChange(digits);
    if (digits.length === length && digits !== value) onComplete?.(digits);
  };

  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: 360, alignSelf: 'center', mx: 'auto' }}>
      <Box
        aria-hidden
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${length}, minmax(0, 1fr))`, gap: { xs: 1, sm: 1.25 } }}
      >
        {Array.from({ length }, (_, index) => {
          const char = value[index];
          const active = focused && (index === value.length || (value.length === length && index === length - 1));
          return (
            <Box
              key={index}
              data-filled={char ? 'true' : 'false'}
              sx={{
                height: { xs: 48, sm: 56 },
                borderRadius: 2,
                border: 2,
                borderColor: error ? 'error.main' : active ? 'primary.main' : 'divider',
                bgcolor: 'var(--color-surface)',
                display: 'grid',
                placeItems: 'center',
                fontSize: { xs: '1.375rem', sm: '1.5rem' },
                fontWeight: 700,
                fontVariantNumeric: 'tabular-nums',
                color: 'text.primary',
                transition: 'border-color 120ms',
                opacity: disabled ? 0.6 : 1,
              }}
            >
              {char ? (masked ? '•' : char) : ''}
            </Box>
          );
        })}
      </Box>
      <Box
        component="input"
        ref={ref}
        id={id}
        name={name}
        type={masked ? 'password' : 'text'}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete={masked ? 'off' : 'one-time-code'}
        maxLength={length}
        aria-label={label}
        aria-invalid={error || undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => handle(event.target)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          opacity: 0,
          border: 0,
          p: 0,
          m: 0,
          fontSize: 16, // no zoom-on-focus on iOS
          cursor: disabled ? 'default' : 'text',
          caretColor: 'transparent',
          letterSpacing: '2em',
        }}
      />
    </Box>
  );
}
