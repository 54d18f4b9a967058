import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { persistLanguage } from '@/lib/cookies';
import { LOCALES, switchLocalePath } from '@/lib/locale';
import { useAppStore } from '@/lib/store';
import type { Locale } from '@/types';

/**
 * R1.01: switches between Indonesian (bare paths) and English (`/en` paths). The choice is kept in
 * the `lang` cookie for a year, so the server sends a returning visitor to the English URL.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const location = useLocation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  const choose = (next: Locale) => {
    setAnchor(null);
    persistLanguage(next);
    if (next !== locale) void navigate(switchLocalePath(location, next));
  };

  return (
    <>
      <Button
        color="inherit"
        size="small"
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<Translate fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, px: 1.25, fontWeight: 600 }}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('language.menuLabel') } }}
      >
        {LOCALES.map((option) => (
          <MenuItem
            key={option}
            role="menuitemradio"
            aria-checked={option === locale}
            lang={option}
            selected={option === locale}
            onClick={() => choose(option)}
          >
            <ListItemIcon>{option === locale ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`language.${option}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
