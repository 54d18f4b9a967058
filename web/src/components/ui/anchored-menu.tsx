import Menu from '@mui/material/Menu';
import type { ReactNode } from 'react';

/** Opens under its right edge instead of MUI's default top-left corner (header and toolbar buttons). */
const RIGHT_ALIGNED = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/**
 * A menu opened from a button: open while `anchor` is set, its list named by `label`. Kept in the
 * lazy chunks of the menus that use it (MUI's Menu, Popover and Modal load on first open).
 */
export function AnchoredMenu({
  id,
  anchor,
  label,
  alignRight = false,
  onClose,
  children,
}: {
  id: string;
  anchor: HTMLElement | null;
  label: string;
  alignRight?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      {...(alignRight ? RIGHT_ALIGNED : {})}
      slotProps={{ list: { 'aria-label': label } }}
    >
      {children}
    </Menu>
  );
}
