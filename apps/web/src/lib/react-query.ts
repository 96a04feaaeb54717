import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * Set it to show a failed mutation as an error toast: the server's message, else this text.
       * Without it the failure is only logged (SPEC §8 "logged only").
       */
      errorMessage?: string;
      /** The screen shows the failure itself (lib/form-errors), so it is neither toasted nor logged here. */
      isShownByForm?: boolean;
    };
    queryMeta: {
      /**
       * The screen tells every failure of this query itself (a student ID that does not exist is an
       * answer the screen expects), so it is not logged here.
       */
      isShownByScreen?: boolean;
    };
  }
}

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Failures the user is not told about are logged (SPEC §8); a 401 is not one: it signs the user out. */
function logFailure(error: Error): void {
  if (error instanceof ApiError && error.status === 401) return;
  console.error(error);
}

export function createQueryClient({ notifyError }: { notifyError: (message: string) => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.isShownByScreen) logFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        const fallback = mutation.meta?.errorMessage;
        if (mutation.meta?.isShownByForm) return;
        if (fallback) notifyError(errorMessage(error, fallback));
        else logFailure(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
