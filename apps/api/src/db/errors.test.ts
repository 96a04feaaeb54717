import { describe, expect, it } from 'vitest';
import { isConnectionError, isTransientConflict, pgErrorCode } from './errors';

/** An error as node-postgres raises it, wrapped the way drizzle wraps it. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into …'), { cause });
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('finds the PostgreSQL code through drizzle\u2019s wrapping', () => {
    expect(pgErrorCode(wrapped(pgError('23505')))).toBe('23505');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(wrapped(pgError('ECONNREFUSED')))).toBeUndefined();
  });

  it('tells a lost or refused connection from a failed query', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isConnectionError(wrapped(error)), error.message).toBe(true);
    }
    for (const error of [pgError('23505'), pgError('22P02'), pgError('40P01'), new Error('boom')]) {
      expect(isConnectionError(wrapped(error)), error.message).toBe(false);
    }
  });

  it('retries only what PostgreSQL rolled back for a conflict between transactions', () => {
    expect(isTransientConflict(wrapped(pgError('40P01')))).toBe(true);
    expect(isTransientConflict(wrapped(pgError('40001')))).toBe(true);
    expect(isTransientConflict(wrapped(pgError('23505')))).toBe(false);
    expect(isTransientConflict(wrapped(pgError('57P01')))).toBe(false);
  });
});
