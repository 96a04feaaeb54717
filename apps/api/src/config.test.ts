import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from './config';

describe('readEnv', () => {
  it('fills defaults for the embedded database', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info', TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      readEnv({ PORT: 'eighty', DATABASE_URL: 'postgres://db/app', ADMIN_EMAIL: 'not-an-email', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    for (const name of ['PORT', 'JWT_SECRET', 'ADMIN_EMAIL', 'LOG_LEVEL']) expect(text).toContain(name);
  });

  it('requires a long JWT secret with PostgreSQL, and admin email with password', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => readEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/go together/);
    expect(readEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(32) }).DATABASE_URL).toBe(
      'postgres://db/app',
    );
  });
});
