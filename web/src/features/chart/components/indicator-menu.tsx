import ShowChartIcon from '@mui/icons-material/ShowChart';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MountWhenOpened } from '@/components/ui/mount-when-opened';
import { lazyNamed } from '@/lib/lazy-named';
import type { IndicatorName } from '../lib/indicators';

// The menu's code (MUI's Menu, Popover, Modal) loads on its first opening.
const IndicatorMenuList = lazyNamed(() => import('./indicator-menu-list'), 'IndicatorMenuList');

/** The indicator (study) menu: overlays on the price pane, then oscillators in their own panes. */
export function IndicatorMenu({
  active,
  onChange,
}: {
  active: readonly IndicatorName[];
  onChange: (next: IndicatorName[]) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<ShowChartIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('chart.indicators')}
        {active.length > 0 ? ` (${active.length})` : ''}
      </Button>
      <MountWhenOpened open={anchor !== null}>
        <IndicatorMenuList
          id={menuId}
          anchor={anchor}
          active={active}
          onChange={onChange}
          onClose={() => setAnchor(null)}
        />
      </MountWhenOpened>
    </>
  );
}
