import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastProvider, useToast } from '@/components/ui/toast';
import { getFlagsQueryOptions, seedFlags } from '@/features/flags/api/get-flags';
import { firstPaintFlags } from '@/lib/first-paint';
import { queryKeys } from '@/lib/query-keys';
import { createQueryClient } from '@/lib/react-query';
import { subscribeSession, watchSession } from '@/lib/session';

function QueryProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [queryClient] = useState(() => {
    const client = createQueryClient({ notifyError: toast.error });
    // The page's first paint was chosen by these flags: the first render must show the same page.
    const flags = firstPaintFlags();
    if (flags.length > 0) seedFlags(client, flags);
    return client;
  });

  // SPEC §2: the setting flags are fetched when the application loads.
  useEffect(() => {
    void queryClient.prefetchQuery(getFlagsQueryOptions());
  }, [queryClient]);

  useEffect(() => watchSession(), []);

  // Data fetched for one user is never shown to another: drop it whenever the session changes.
  useEffect(
    () =>
      subscribeSession(() =>
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.flags[0] }),
      ),
    [queryClient],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <QueryProvider>{children}</QueryProvider>
    </ToastProvider>
  );
}
