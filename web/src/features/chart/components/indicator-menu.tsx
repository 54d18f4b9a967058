import ShowChartIcon from '@mui/icons-material/ShowChart';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_INDICATORS, SUB_INDICATORS, toggleIndicator, type IndicatorName } from '../lib/indicators';

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

  const item = (name: IndicatorName) => (
    <MenuItem
      key={name}
      role="menuitemcheckbox"
      aria-checked={active.includes(name)}
      onClick={() => onChange(toggleIndicator(active, name))}
      dense
    >
      <ListItemIcon>
        <Checkbox edge="start" size="small" checked={active.includes(name)} tabIndex={-1} disableRipple />
      </ListItemIcon>
      <ListItemText>{t(`chart.indicatorNames.${name}`)}</ListItemText>
    </MenuItem>
  );

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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('chart.indicatorsMenu') } }}
      >
        {MAIN_INDICATORS.map(item)}
        <Divider />
        {SUB_INDICATORS.map(item)}
      </Menu>
    </>
  );
}
