import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { showInInput } from '@/lib/controlled-input';
import { focusOnMount } from '@/lib/focus-on-mount';

/** What a symbol search keeps of what is typed (a bound on the query the server filters by). */
const SEARCH_CHARS_MAX = 40;

/** A symbol search box: the magnifier before the text, anything past the bound cut off. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  type,
  autoFocus,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  type?: 'search';
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      autoFocus={autoFocus}
      inputRef={autoFocus ? focusOnMount : undefined}
      fullWidth
      size="small"
      type={type}
      value={value}
      onChange={(event) => {
        const kept = event.target.value.slice(0, SEARCH_CHARS_MAX);
        showInInput(event.target, kept);
        onChange(kept);
      }}
      label={label}
      placeholder={placeholder}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={sx}
    />
  );
}
