import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '@/hooks/use-locale';
import { persistLanguage } from '@/lib/cookies';
import { isLocale, LOCALES, switchLocalePath } from '@/lib/locale';
import { AccountPageHeader } from '@/components/layout/account-layout';

/** `/account/language` (R2.16): the same switch as the header's (URL prefix + `lang` cookie, R1.01). */
export function LanguageScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const labelId = useId();

  return (
    <>
      <AccountPageHeader title={t('account.language')} text={t('account.languageText')} />
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1.5, bgcolor: 'var(--color-surface)' }}>
        <span id={labelId} className="visually-hidden">
          {t('language.menuLabel')}
        </span>
        <RadioGroup
          aria-labelledby={labelId}
          value={locale}
          onChange={(event) => {
            const next = event.target.value;
            if (!isLocale(next)) return;
            persistLanguage(next);
            if (next !== locale) void navigate(switchLocalePath(location, next));
          }}
        >
          {LOCALES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={<span lang={option}>{t(`language.${option}`)}</span>}
              sx={{ py: 0.5 }}
            />
          ))}
        </RadioGroup>
      </Paper>
    </>
  );
}
