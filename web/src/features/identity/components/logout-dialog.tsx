import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { logoutCleanup } from '@/lib/session';
import { useAppStore } from '@/lib/store';
import { useLogout } from '../api/logout';

/**
 * R3.17 logout modal. Confirming ends the session on the server (POST /api/v3/user/logout, empty
 * body, R7.03), then clears everything of R4.18 and goes to the login page. A failed call still logs
 * out locally: the user asked to leave.
 */
export function LogoutDialog() {
  const { t } = useTranslation();
  const open = useAppStore((state) => state.auth.logoutModal);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const logout = useLogout();
  const titleId = useId();
  const textId = useId();

  const confirm = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // Logged out locally all the same.
    }
    logoutCleanup();
    void navigate(localize(paths.login), { replace: true });
  };

  return (
    <Dialog
      open={open}
      onClose={() => updateAuth({ logoutModal: false })}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 400 } } }}
    >
      <DialogTitle id={titleId}>{t('auth.logoutModal.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('auth.logoutModal.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={() => updateAuth({ logoutModal: false })} disabled={logout.isPending}>
          {t('auth.logoutModal.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={logout.isPending}>
          {t('auth.logoutModal.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
