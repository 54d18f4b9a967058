import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useToasts } from '@/lib/toast';

// MUI's Snackbar and Alert load with the first toast, not with every page.
const ToastSnackbar = lazyNamed(() => import('./toast-snackbar'), 'ToastSnackbar');

/** Shows the queued toasts one after another. */
export function Toaster() {
  const current = useToasts((state) => state.queue[0]);
  const dismiss = useToasts((state) => state.dismiss);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar key={current.id} toast={current} onDismiss={() => dismiss(current.id)} />
    </Suspense>
  );
}
