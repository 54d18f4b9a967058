import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** One option of a `ChoiceMenu`. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The option's own language, when it names one (screen readers pronounce it right). */
  lang?: string;
}

interface ChoiceMenuProps<T extends string> {
  id: string;
  /** Accessible name of the menu list. */
  label: string;
  anchor: HTMLElement | null;
  options: readonly Choice<T>[];
  selected: T;
  onClose: () => void;
  onChoose: (value: T) => void;
}

/** A menu of mutually exclusive options (radio items with a check mark), opened from a header button. */
export function ChoiceMenu<T extends string>({
  id,
  label,
  anchor,
  options,
  selected,
  onClose,
  onChoose,
}: ChoiceMenuProps<T>) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': label } }}
    >
      {options.map((option) => (
        <MenuItem
          key={option.value}
          role="menuitemradio"
          aria-checked={option.value === selected}
          lang={option.lang}
          selected={option.value === selected}
          onClick={() => onChoose(option.value)}
        >
          <ListItemIcon>{option.value === selected ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{option.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
