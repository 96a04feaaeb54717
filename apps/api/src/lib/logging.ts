import { randomUUID } from 'node:crypto';

/**
 * What the server writes to its log: JSON lines (pino), each request's id on every line and in every
 * answer's `x-request-id` header, so a user's report points at its lines. No personal data and no row
 * contents: a request is its method and path (never the query: a result lookup carries a student's
 * name and mother's name there), no client address; a database error is its code and the constraint or
 * column it names, never PostgreSQL's message or detail (they quote the values refused).
 */
export const logSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?')[0] ?? '' }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err(error: Error) {
    const { code, constraint, table, column, routine } = error as Error & Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        type: 'DatabaseError',
        message: `database error ${code}`,
        stack: stackFrames(error) ?? '',
        code,
        constraint,
        table,
        column,
        routine,
      };
    }
    return { type: error.name, message: error.message, stack: stackFrames(error) ?? '', code };
  },
};

/** The stack's frames without its first line (which repeats the message). */
function stackFrames(error: Error): string | undefined {
  return error.stack?.split('\n').slice(1).join('\n');
}

/** A request id: the caller's `x-request-id` when it looks like one (a proxy's), else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
}
