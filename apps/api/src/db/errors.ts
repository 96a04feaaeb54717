/** Each error of a chain: drizzle wraps the driver's error in `cause`. */
function* causes(error: unknown): Generator<object> {
  for (
    let current: unknown = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    yield current;
  }
}

/** PostgreSQL error code of a failed query. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * A transaction PostgreSQL rolled back for a conflict with another one, not for its content: a deadlock
 * (40P01) or a serialization failure (40001). Running it again from the start is safe and usually works.
 */
export const isTransientConflict = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === '40P01' || code === '40001';
};

/** Node's codes for a socket that failed or never connected. */
const socketErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that broke or never came (it gives them no code). */
const driverConnectionMessage =
  /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect|Connection ended/i;

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a network blip,
 * `pg_terminate_backend`): PostgreSQL's classes 08 (connection exception) and 57P0x (shut down, cannot
 * connect now), 53300 (too many connections), a socket error, or the driver's words for it. The request's
 * transaction did not commit: a break during COMMIT itself is a CommitOutcomeUnknown instead.
 */
export function isConnectionError(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code?.startsWith('08') || code?.startsWith('57P') || code === '53300') return true;
  for (const current of causes(error)) {
    const nodeCode = (current as { code?: unknown }).code;
    if (typeof nodeCode === 'string' && socketErrorCodes.has(nodeCode)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && driverConnectionMessage.test(message)) return true;
  }
  return false;
}

/**
 * The connection broke while COMMIT was under way: the transaction may have committed or not, and no
 * client can tell. Not a connection error (whose 503 says "nothing was done, come back"): the answer is a
 * 500, and the writer looks before trying again. The driver's error is kept apart from `cause`, so the
 * checks above do not find it.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(readonly lost: unknown) {
    super('The database connection broke during COMMIT: the transaction may or may not have committed');
    this.name = 'CommitOutcomeUnknown';
  }
}
