import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import type { Toast } from '@/lib/toast';

const AUTO_HIDE_MS = 5_000;

/** One toast; errors are announced assertively by the alert role. In its own chunk (see Toaster). */
export function ToastSnackbar({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onDismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={onDismiss}
        slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
