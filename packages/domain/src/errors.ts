/** Error codes every service may throw, and the HTTP status each one answers with. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * A rule was broken. `message` is the text the user sees (SPEC §8 where it names one).
 * `status` overrides the code's status where the spec's contract differs (e.g. 403 'Student not found!').
 * `retryAfterSeconds` is sent as the Retry-After header (429 and 503 answers).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { status?: number; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
