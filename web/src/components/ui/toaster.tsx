import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useToasts } from '@/lib/toast';

// MUI's Alert loads with the first toast, not with every page.
const ToastStack = lazyNamed(() => import('./toast-stack'), 'ToastStack');

/** Shows the toasts on screen, stacked at the bottom. */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} />
    </Suspense>
  );
}
