import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useToasts } from '@/lib/toast';

const AUTO_HIDE_MS = 5_000;

/** Shows the queued toasts one after another; errors are announced assertively by the alert role. */
export function Toaster() {
  const { t } = useTranslation();
  const current = useToasts((state) => state.queue[0]);
  const dismiss = useToasts((state) => state.dismiss);
  if (!current) return null;
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') dismiss(current.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismiss(current.id)}
        slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
        sx={{ width: '100%' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
