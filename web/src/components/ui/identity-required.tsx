import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMe } from '@/api/user-me';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';

/**
 * Money leaves only to a verified identity (a bank account in the KTP's name): until the user's
 * identity is verified, the children give way to why and the way to the verification step.
 */
export function IdentityRequired({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const me = useMe();
  if (!me.data) return null;
  const status = me.data.kycStatus;
  if (status === 'VERIFIED') return children ?? null;
  const pending = status === 'PENDING';
  return (
    <Alert
      severity="info"
      action={
        pending ? undefined : (
          <Button component={RouterLink} to={localize(paths.accountVerification)} color="inherit" size="small">
            {t('identityRequired.action')}
          </Button>
        )
      }
    >
      {t(pending ? 'identityRequired.pending' : 'identityRequired.text')}
    </Alert>
  );
}
