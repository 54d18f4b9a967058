import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import type { AppRouter } from './router';

/** `router`: created by main.tsx before the first render, so the page's code and texts start loading at once. */
export function App({ router }: { router: AppRouter }) {
  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, { replace: options?.replace ?? false }));
    return () => setNavigator(null);
  }, [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
