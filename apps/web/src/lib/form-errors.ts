import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';

/**
 * The one error path of a form: each server field issue (`issues[]` of a 400) lands on its field;
 * anything else — the issues of fields the form does not show, or a failure without issues — is
 * said once (a toast, or the form's own line): the server's message, else the screen's fallback text.
 * With `serverMessageFor`, only answers of those statuses say the server's message.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  {
    setError,
    isField,
    toastError,
    fallback,
    serverMessageFor,
  }: {
    setError: UseFormSetError<T>;
    /** Whether the form has a field of this name (the server speaks of request fields). */
    isField: (path: string) => path is Path<T>;
    toastError: (message: string) => void;
    fallback: string;
    /** The statuses whose message is meant for the user (SPEC §8); others say the fallback. All by default. */
    serverMessageFor?: readonly number[];
  },
): void {
  const issues = error instanceof ApiError ? error.issues : [];
  let isAllShown = issues.length > 0;
  let isFirst = true;
  for (const issue of issues) {
    if (isField(issue.path)) {
      // The first is focused, so on a phone the field with the problem scrolls into view.
      setError(issue.path, { type: 'server', message: issue.message }, { shouldFocus: isFirst });
      isFirst = false;
    } else isAllShown = false;
  }
  if (isAllShown) return;
  const isMeant = !serverMessageFor || (error instanceof ApiError && serverMessageFor.includes(error.status));
  toastError(isMeant ? errorMessage(error, fallback) : fallback);
}
