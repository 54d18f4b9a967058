import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MountWhenOpened } from '@/components/ui/mount-when-opened';
import { lazyNamed } from '@/lib/lazy-named';
import type { AssetClass } from '../api/types';

// The searchable list (MUI's Popover and TextField) loads on the first opening.
const PairSwitcherPopover = lazyNamed(() => import('./pair-switcher-popover'), 'PairSwitcherPopover');

/** Hidden from view on phones but still the button's name for screen readers. */
const visuallyHiddenOnPhones = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clipPath: { xs: 'inset(50%)', sm: 'none' },
  whiteSpace: 'nowrap',
} as const;

export interface PairSwitcherProps {
  /** The instrument shown now. */
  symbol: string;
  /** Its class: the switcher lists the instruments of the same class. */
  assetClass: AssetClass;
}

/**
 * The trade page's instrument switcher: a button with the current symbol opening a searchable list of
 * the class's instruments with live prices and changes; choosing one opens its trade page.
 */
export function PairSwitcher({ symbol, assetClass }: PairSwitcherProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDown />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          flexShrink: 0,
          borderColor: 'divider',
          fontWeight: 700,
          // Phones: the icon alone (the header needs the width for the price); the name stays accessible.
          minWidth: { xs: 40, sm: 64 },
          px: { xs: 0.5, sm: 2 },
          '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 }, mr: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box component="span" sx={visuallyHiddenOnPhones}>
          {t('pairSwitcher.button')}
        </Box>
      </Button>
      <MountWhenOpened open={anchor !== null}>
        <PairSwitcherPopover anchor={anchor} current={symbol} assetClass={assetClass} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
