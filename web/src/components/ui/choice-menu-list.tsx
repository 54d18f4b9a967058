import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { AnchoredMenu } from './anchored-menu';
import type { ChoiceMenuProps } from './choice-menu-types';

/** The menu of `ChoiceMenu`, in its own chunk (MUI's Menu, Popover and Modal load on first open). */
export function ChoiceMenuList<T extends string>({
  id,
  label,
  anchor,
  options,
  selected,
  onClose,
  onChoose,
}: ChoiceMenuProps<T>) {
  return (
    <AnchoredMenu id={id} anchor={anchor} label={label} alignRight onClose={onClose}>
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
    </AnchoredMenu>
  );
}
