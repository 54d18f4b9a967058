import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useToasts } from '@/lib/toast';

// MUI's Alert loads with the first toast, not with every page.
const ToastStack = lazyNamed(() => import('./toast-stack'), 'ToastStack');

/**
 * Shows the toasts on screen, stacked at the bottom; on a phone above the layout's bottom bar (the tab
 * bar, or the trade page's Buy and Sell) when `aboveBottomBar`, so a toast never covers Buy.
 */
export function Toaster({ aboveBottomBar = false }: { aboveBottomBar?: boolean }) {
  const toasts = useToasts((state) => state.toasts);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} aboveBottomBar={aboveBottomBar} />
    </Suspense>
  );
}
