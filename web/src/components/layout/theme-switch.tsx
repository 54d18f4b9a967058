import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { persistTheme } from '@/lib/cookies';
import { ChoiceMenu } from '@/components/ui/choice-menu';
import { useAppStore } from '@/lib/store';
import type { Theme } from '@/types';

const THEMES: readonly Theme[] = ['dark', 'light'];

/**
 * R1.02: dark (default) or light, kept in the `theme` cookie for a year so the server renders the
 * right class on the next load. Hidden while the operator does not allow the light theme (R2.10).
 */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useAppStore((state) => state.misc.theme);
  const lightAllowed = useAppStore((state) => state.misc.lightThemeAllowed);
  const setTheme = useAppStore((state) => state.setTheme);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (!lightAllowed) return null;

  const choose = (next: Theme) => {
    setAnchor(null);
    setTheme(next);
    persistTheme(next);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('theme.label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {theme === 'dark' ? <DarkModeOutlined fontSize="small" /> : <LightModeOutlined fontSize="small" />}
      </IconButton>
      <ChoiceMenu
        id={menuId}
        label={t('theme.menuLabel')}
        anchor={anchor}
        options={THEMES.map((option) => ({ value: option, label: t(`theme.${option}`) }))}
        selected={theme}
        onClose={() => setAnchor(null)}
        onChoose={choose}
      />
    </>
  );
}
