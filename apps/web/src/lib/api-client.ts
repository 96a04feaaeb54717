import type { z } from 'zod';
import type { ApiResponses } from './api-responses';
import { endSession, getSession } from './session';
import { endStudentSession, getStudentSession } from './student-session';

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
let onStudentUnauthorized: () => void = () => {};

/** What happens after a signed-in call answers 401 (the session is already cleared): set by the router. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** What happens after a student's call answers 401 (their session is already cleared): set by the router. */
export function setStudentUnauthorizedHandler(handler: () => void): void {
  onStudentUnauthorized = handler;
}

/** A student's own routes take the student's token (lib/student-session.ts), every other route the staff one. */
const isStudentCall = (path: string) => path.startsWith('/student/') && path !== '/student/login';

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

/** How much of a download has arrived, and the answer's headers (e.g. how many items are coming). */
export type DownloadProgress = { bytes: number; headers: Headers };

/** A JSON answer by its name in api-responses.ts, typed from the domain's schema. */
export type ResponseName = keyof ApiResponses;
export type ApiResponse<N extends ResponseName> = z.output<ApiResponses[N]>;

type Expect = { json: ResponseName } | { file: true; onProgress?: ((progress: DownloadProgress) => void) | undefined };

function fileNameOf(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
}

/** The body as a Blob, read chunk by chunk when someone follows the progress. */
async function readFile(response: Response, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, headers: response.headers });
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** Development and tests only (the production build drops the call): the answer must match its schema. */
async function checkResponse(name: ResponseName, call: string, data: unknown): Promise<void> {
  const responses = await import('./api-responses');
  responses.checkResponse(name, call, data);
}

async function request(
  method: string,
  path: string,
  expect: Expect,
  body?: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  const studentCall = isStudentCall(path);
  const token = studentCall ? getStudentSession()?.token : getSession()?.token;
  const headers: Record<string, string> = { accept: 'json' in expect ? 'application/json' : '*/*', ...options.headers };
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

  if ('file' in expect && response.ok) {
    const file: DownloadedFile = { blob: await readFile(response, expect.onProgress), fileName: fileNameOf(response) };
    return file;
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;

  if (!response.ok) {
    if (response.status === 401 && token) {
      if (studentCall) {
        endStudentSession();
        onStudentUnauthorized();
      } else {
        endSession();
        onUnauthorized();
      }
    }
    throw new ApiError(response.status, (data ?? {}) as ConstructorParameters<typeof ApiError>[1]);
  }
  if (import.meta.env.DEV && 'json' in expect) await checkResponse(expect.json, `${method} /api${path}`, data);
  return data;
}

/** A download's own options: `onProgress` hears of every chunk as it arrives. */
export type FileOptions = RequestOptions & { onProgress?: (progress: DownloadProgress) => void };

const json = <N extends ResponseName>(
  method: string,
  path: string,
  name: N,
  body?: unknown,
  options?: RequestOptions,
) => request(method, path, { json: name }, body, options) as Promise<ApiResponse<N>>;
const file = (method: string, path: string, body?: unknown, options: FileOptions = {}) =>
  request(method, path, { file: true, onProgress: options.onProgress }, body, options) as Promise<DownloadedFile>;

/**
 * The one client for /api: the session's bearer token on every call, a 401 signs out, a 503 with
 * Retry-After is sent again. JSON answers are named (`api.get('/admin/getUser', 'users')`) and typed
 * from the domain's schemas (lib/api-responses.ts); files come with the server's file name.
 */
export const api = {
  get: <N extends ResponseName>(path: string, response: N, options?: RequestOptions) =>
    json('GET', path, response, undefined, options),
  post: <N extends ResponseName>(path: string, response: N, body?: unknown, options?: RequestOptions) =>
    json('POST', path, response, body, options),
  put: <N extends ResponseName>(path: string, response: N, body?: unknown) => json('PUT', path, response, body),
  delete: <N extends ResponseName>(path: string, response: N) => json('DELETE', path, response),
  /** A multipart form (e.g. a photo or a marks workbook). */
  postForm: <N extends ResponseName>(path: string, response: N, form: FormData, options?: RequestOptions) =>
    json('POST', path, response, form, options),
  /** A file (e.g. a PDF) as a Blob; failures still carry the server's JSON message. */
  getBlob: async (path: string) => (await file('GET', path)).blob,
  /** A file (e.g. an Excel list) with the server's file name. */
  getFile: (path: string, options?: FileOptions) => file('GET', path, undefined, options),
  /** A file made from a JSON request (e.g. an Excel export), with the server's file name. */
  postFile: (path: string, body: unknown, options?: FileOptions) => file('POST', path, body, options),
};
