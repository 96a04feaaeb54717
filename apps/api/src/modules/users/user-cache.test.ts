import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eventually } from '../../testing/eventually';
import { createTestApp, secondInstance, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: { authorization: string }, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('the user cache behind sessions', () => {
  it('sees a change written by any code, not only the users service', async () => {
    const staff = await t.createStaff({ role: 'teacher' });
    expect((await me(staff.headers)).statusCode).toBe(200);
    // A write that bypasses the service: the trigger's notice must still reach the cache.
    await t.app.deps.db.update(users).set({ isActive: false }).where(eq(users.uuid, staff.uuid));
    expect(await eventually(async () => (await me(staff.headers)).statusCode === 401)).toBe(true);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'a user deactivated on one instance is out on another',
    async () => {
      const staff = await t.createStaff({ role: 'counsellor' });
      const other = await secondInstance(t);
      try {
        // Let the second instance's listener connect before it caches anything.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await me(staff.headers, other)).statusCode).toBe(200);
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/deleteUser/${staff.uuid}`,
          headers: await t.adminAuth(),
        });
        expect(await eventually(async () => (await me(staff.headers, other)).statusCode === 401)).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
