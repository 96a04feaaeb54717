import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../testing/postgres-url';
import { grantAppRole, migratePostgres } from './client';

const url = process.env.TEST_DATABASE_URL;

/** The README's PostgreSQL setup: an owner that migrates, and an app role that cannot rewrite the trail. */
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres' && url)('the least-privilege app role', () => {
  it('reads and writes every table, adds to the audit trail, and cannot change or delete it', async () => {
    const suffix = randomBytes(4).toString('hex');
    const [name, owner, appRole] = [`t_roles_${suffix}`, `t_owner_${suffix}`, `t_app_${suffix}`];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create role ${owner} login`);
    await admin.query(`create role ${appRole} login`);
    await admin.query(`create database ${name} owner ${owner}`);
    const as = (role: string) => {
      const target = new URL(withDatabase(url as string, name));
      target.username = role;
      return target.toString();
    };
    try {
      await migratePostgres(as(owner));
      await grantAppRole(as(owner), as(appRole));
      const app = new pg.Client({ connectionString: as(appRole) });
      await app.connect();
      try {
        await app.query(
          "insert into exam_centres (center_id, center_name, college_name, capacity) values (1, 'A', 'B', 5)",
        );
        await app.query('update exam_centres set capacity = 6 where center_id = 1');
        await app.query(
          "insert into audit_log (actor_name, actor_role, entity, entity_id, action) values ('T', 'admin', 'centre', '1', 'update')",
        );
        expect((await app.query('select count(*)::int as n from audit_log')).rows[0].n).toBe(1);
        // What /api/health/ready reads.
        expect(
          (await app.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n,
        ).toBeGreaterThan(0);
        for (const statement of [
          "update audit_log set actor_name = 'X'",
          'delete from audit_log',
          'truncate audit_log',
          'alter table audit_log disable trigger audit_log_no_update_delete',
          'drop table audit_log',
        ]) {
          await expect(app.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
        }
      } finally {
        await app.end();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${appRole}`);
      await admin.query(`drop role if exists ${owner}`);
      await admin.end();
    }
  });
});
