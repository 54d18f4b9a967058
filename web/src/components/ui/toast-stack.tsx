import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts, type Toast } from '@/lib/toast';

const AUTO_HIDE_MS = 5_000;

/**
 * The toasts on screen, newest at the bottom, where MUI's snackbar sits (full width less a margin on
 * a phone, centred above 600 px); on a phone above the bottom bar when there is one. In its own chunk
 * (see Toaster).
 */
export function ToastStack({ toasts, aboveBottomBar }: { toasts: Toast[]; aboveBottomBar: boolean }) {
  return (
    <Box
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        left: 8,
        right: 8,
        bottom: aboveBottomBar
          ? 'calc(var(--bottom-bar-height) + env(safe-area-inset-bottom) + 8px)'
          : 'calc(env(safe-area-inset-bottom) + 8px)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        // The gaps between toasts let taps through to the page.
        pointerEvents: 'none',
        [theme.breakpoints.up('sm')]: { bottom: 24, left: '50%', right: 'auto', transform: 'translateX(-50%)' },
      })}
    >
      {toasts.map((toast) => (
        <ToastAlert key={toast.id} toast={toast} />
      ))}
    </Box>
  );
}

/**
 * One toast; errors are announced assertively by the alert role. It goes after a few seconds, but
 * not while the pointer or the keyboard's focus is on it (someone is reading or closing it).
 */
function ToastAlert({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToasts((state) => state.dismiss);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return undefined;
    const timer = window.setTimeout(() => dismiss(toast.id), AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [held, dismiss, toast.id]);
  return (
    <Alert
      severity={toast.severity}
      variant="filled"
      onClose={() => dismiss(toast.id)}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
      sx={{ pointerEvents: 'auto', width: '100%', minWidth: { sm: 288 }, maxWidth: 560, boxShadow: 6 }}
    >
      {toast.message}
    </Alert>
  );
}
