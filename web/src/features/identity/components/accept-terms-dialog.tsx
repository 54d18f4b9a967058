import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';
import { useUserStatus, userStatusQueryKey } from '../api/user-status';
import { meQueryKey } from '@/api/user-me';
import { ExternalLink } from '@/components/ui/external-link';
import { useAppStore } from '@/lib/store';
import { useAcceptTerms } from '../api/accept-terms';

/**
 * R3.17 accept-terms modal: shown while the current terms are not accepted (the user details say so,
 * or a call answered 400 `040`). Accepting sends the version from `/api/v4/user/status`.
 */
export function AcceptTermsDialog() {
  const { t } = useTranslation();
  const open = useAppStore((state) => state.auth.acceptTermsModal);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const status = useUserStatus({ enabled: open });
  const { data: config } = useAppConfig();
  const accept = useAcceptTerms();
  const queryClient = useQueryClient();
  const titleId = useId();

  const confirm = () => {
    if (!status.data) return;
    accept.mutate(
      { version: status.data.termsVersion },
      {
        onSuccess: (user) => {
          updateAuth({ userDetails: user, acceptTermsModal: false });
          queryClient.setQueryData(meQueryKey, user);
          void queryClient.invalidateQueries({ queryKey: userStatusQueryKey });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={() => updateAuth({ acceptTermsModal: false })}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId}>{t('auth.terms.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('auth.terms.text')}</DialogContentText>
        {config && (
          <ExternalLink href={config.marketingLinks.terms} sx={{ display: 'inline-block', mt: 2 }}>
            {t('auth.terms.read')}
          </ExternalLink>
        )}
        {accept.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {accept.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={() => updateAuth({ acceptTermsModal: false })}>
          {t('auth.terms.later')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!status.data || accept.isPending}>
          {t('auth.terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
