import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. The API client already retries (R8.05), so TanStack Query does not retry on top.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
