import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { persistLanguage } from '@/lib/cookies';
import { LOCALES, switchLocalePath } from '@/lib/locale';
import { ChoiceMenu } from '@/components/ui/choice-menu';
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
        aria-label={`${t('language.label')}: ${locale.toUpperCase()}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<Translate fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, px: 1.25, fontWeight: 600 }}
      >
        {locale.toUpperCase()}
      </Button>
      <ChoiceMenu
        id={menuId}
        label={t('language.menuLabel')}
        anchor={anchor}
        options={LOCALES.map((option) => ({ value: option, label: t(`language.${option}`), lang: option }))}
        selected={locale}
        onClose={() => setAnchor(null)}
        onChoose={choose}
      />
    </>
  );
}
