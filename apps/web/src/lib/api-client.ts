import { endSession, getSession } from './session';

type Issue = { path: string; message: string };

/** A failed API call: the HTTP status and, when the server sent one, its `message`, `code` and `issues`. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly issues: Issue[];

  constructor(status: number, body: { message?: string; code?: string; issues?: Issue[] } = {}) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = body.message;
    this.code = body.code;
    this.issues = body.issues ?? [];
  }
}

/** The server's message for a failed call, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

let onUnauthorized: () => void = () => {};

/** What happens after a signed-in call answers 401 (the session is already cleared): set by the router. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Extra headers for one call (e.g. an Idempotency-Key), and a signal that cancels it. */
export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

/**
 * A 503 with Retry-After means the server did nothing and asks to come back (photo decoding queue full,
 * the database briefly away): the call is sent again after that wait, a few times, before the screen
 * hears of a failure. Waits longer than MAX_RETRY_WAIT_SECONDS are not waited for.
 */
const MAX_RETRIES = 3;
const MAX_RETRY_WAIT_SECONDS = 15;

function retryWaitMs(response: Response): number | undefined {
  if (response.status !== 503) return undefined;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_RETRY_WAIT_SECONDS ? seconds * 1000 : undefined;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** A downloaded file and the name the server gave it (Content-Disposition). */
export type DownloadedFile = { blob: Blob; fileName: string | null };

function fileNameOf(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  as: 'json' | 'blob' | 'file' = 'json',
  options: RequestOptions = {},
): Promise<T> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { accept: as === 'json' ? 'application/json' : '*/*', ...options.headers };
  const isForm = body instanceof FormData;
  // A form sets its own multipart content type (with the boundary).
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const { signal } = options;

  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? null : isForm ? body : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      // Offline or unreachable: no server message, so each screen shows its own fallback text.
      throw new ApiError(0);
    }
    const retryIn = attempt < MAX_RETRIES ? retryWaitMs(response) : undefined;
    if (retryIn === undefined) break;
    await wait(retryIn, signal);
  }

  if (as === 'blob' && response.ok) return (await response.blob()) as T;
  if (as === 'file' && response.ok) {
    const file: DownloadedFile = { blob: await response.blob(), fileName: fileNameOf(response) };
    return file as T;
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;

  if (!response.ok) {
    if (response.status === 401 && token) {
      endSession();
      onUnauthorized();
    }
    throw new ApiError(response.status, (data ?? {}) as ConstructorParameters<typeof ApiError>[1]);
  }
  return data as T;
}

/** The one client for /api: JSON in and out, the session's bearer token on every call. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, 'json', options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A multipart form (e.g. a photo upload). */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', path, form, 'json', options),
  /** A file (e.g. a PDF) as a Blob; failures still carry the server's JSON message. */
  getBlob: (path: string) => request<Blob>('GET', path, undefined, 'blob'),
  /** A file (e.g. an Excel list) with the server's file name. */
  getFile: (path: string, options?: RequestOptions) => request<DownloadedFile>('GET', path, undefined, 'file', options),
  /** A file made from a JSON request (e.g. an Excel export), with the server's file name. */
  postFile: (path: string, body: unknown, options?: RequestOptions) =>
    request<DownloadedFile>('POST', path, body, 'file', options),
};
