import { createServer } from 'node:net';
import { messages } from '@app/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { redisAttemptStore } from '../../lib/attempt-store';
import { ADMIN, createTestApp, type TestApp } from '../../testing/test-app';

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is ready with the database up, every migration applied and no Redis configured', async () => {
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', redis: 'not configured' });
    // The liveness answer keeps its shape (e2e and the bench poll it).
    const alive = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(alive.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready while the database lacks a migration of this build', async () => {
    const [row] = await executeRows<{ hash: string; created_at: string }>(
      t.app.deps.db,
      sql`delete from drizzle.__drizzle_migrations
           where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        migrations: 'pending',
        redis: 'not configured',
      });
    } finally {
      await t.app.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      );
    }
    expect((await ready(t)).statusCode).toBe(200);
  });

  it('is not ready without its database', async () => {
    const broken = await createTestApp();
    await broken.app.deps.database.close();
    const response = await ready(broken);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'unavailable',
      migrations: 'unknown',
      redis: 'not configured',
    });
    broken.app.deps.database.close = async () => {};
    await broken.close();
  });
});

describe('with Redis configured but down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ attempts: redisAttemptStore(`redis://127.0.0.1:${await closedPort()}`, 'test:') });
  });
  afterAll(() => t.close());

  it('signs in at once with the limits counted locally, and health says Redis is unavailable', async () => {
    const started = performance.now();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, password, role: 'admin' },
      });
    const wrong = await login('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(messages.invalidCredentials);
    expect((await login(ADMIN.password)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', database: 'ok', migrations: 'ok', redis: 'unavailable' });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('with Redis configured and up', () => {
  it('reports Redis ok', async () => {
    const t = await createTestApp({ attempts: redisAttemptStore(process.env.TEST_REDIS_URL as string, 'test:') });
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', redis: 'ok' });
    } finally {
      await t.close();
    }
  });
});
