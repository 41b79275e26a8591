import { QueryClient } from '@tanstack/react-query';

/** Server state cache. The HTTP client already toasts failures, so queries add no error handling here. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
