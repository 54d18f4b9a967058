import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
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
