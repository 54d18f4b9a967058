import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { AnchoredMenu } from '@/components/ui/anchored-menu';
import { MAIN_INDICATORS, SUB_INDICATORS, toggleIndicator, type IndicatorName } from '../lib/indicators';

interface IndicatorMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  active: readonly IndicatorName[];
  onChange: (next: IndicatorName[]) => void;
  onClose: () => void;
}

/** The indicator menu's list, in its own chunk (see IndicatorMenu). */
export function IndicatorMenuList({ id, anchor, active, onChange, onClose }: IndicatorMenuListProps) {
  const { t } = useTranslation();
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
    <AnchoredMenu id={id} anchor={anchor} label={t('chart.indicatorsMenu')} onClose={onClose}>
      {MAIN_INDICATORS.map(item)}
      <Divider />
      {SUB_INDICATORS.map(item)}
    </AnchoredMenu>
  );
}
