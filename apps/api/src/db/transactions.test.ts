import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { freshDatabase } from '../testing/test-app';
import { type Database, executeRows } from './client';
import { CommitOutcomeUnknown, isConnectionError } from './errors';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const counterValue = async (key: string) =>
  (await executeRows<{ value: string | number }>(database.db, sql`select value from counters where key = ${key}`))[0]
    ?.value;

describe('db.transaction', () => {
  it('runs a transaction once more after a deadlock, with nothing of the first run kept', async () => {
    let runs = 0;
    const answer = await database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into counters (key, value) values ('retry-once', ${runs})`);
      if (runs === 1) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toBe(2);
    expect(Number(await counterValue('retry-once'))).toBe(2);
  });

  it('gives up after the second conflict, and never repeats other failures', async () => {
    let runs = 0;
    await expect(
      database.db.transaction(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      database.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`insert into counters (key, value) values ('no-retry', 1)`);
        throw new Error('a rule refused it');
      }),
    ).rejects.toThrow('a rule refused it');
    expect(runs).toBe(1);
    expect(await counterValue('no-retry')).toBeUndefined();
  });
});

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('db.transaction on PostgreSQL', () => {
  it('says the outcome is unknown when the connection breaks during COMMIT, not "try again"', async () => {
    // A deferred constraint trigger runs at COMMIT and waits there, so the backend can be cut mid-COMMIT.
    await database.db.execute(sql`create table commit_probe (x int)`);
    await database.db.execute(
      sql.raw(`create function commit_probe_wait() returns trigger as $$
                 begin perform pg_sleep(2); return null; end $$ language plpgsql`),
    );
    await database.db.execute(
      sql.raw(`create constraint trigger commit_probe_wait after insert on commit_probe
                 deferrable initially deferred for each row execute function commit_probe_wait()`),
    );
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      let bodyDone = false;
      const outcome = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into commit_probe (x) values (1)`);
          bodyDone = true;
        })
        .catch((error: unknown) => error);
      const inCommit = async () => {
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query(
          `select pid from pg_stat_activity where datname = current_database() and query = 'commit' and state = 'active'`,
        );
        return rows.length === 1;
      };
      expect(await eventually(inCommit, 5000)).toBe(true);
      expect(bodyDone).toBe(true);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'commit'`,
      );
      const error = await outcome;
      expect(error).toBeInstanceOf(CommitOutcomeUnknown);
      expect(isConnectionError(error)).toBe(false);
    } finally {
      await admin.end();
    }
  });
});

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the embedded database', () => {
  it('runs queries on its own thread: the request thread keeps turning meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    try {
      await database.db.execute(sql`select pg_sleep(0.5)`);
    } finally {
      clearInterval(timer);
    }
    // On the request thread PGlite would have held every timer for the whole half second.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('keeps another request out of an open transaction: it waits, and a rollback never takes it along', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into counters (key, value) values ('rolled-back', 1)`);
        entered();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await inside;
    let otherDone = false;
    const other = database.db.execute(sql`insert into counters (key, value) values ('kept', 1)`).then(() => {
      otherDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Sent into the open transaction, the other insert would have answered by now, and rolled back with it.
    expect(otherDone).toBe(false);
    release();
    expect(await transaction).toBe('rolled back on purpose');
    await other;
    expect(await counterValue('rolled-back')).toBeUndefined();
    expect(Number(await counterValue('kept'))).toBe(1);
  });

  it('shares its one session among connections: names never clash, a broken transaction leaves nothing', async () => {
    const heard: string[] = [];
    await database.listen?.('probe_channel', (payload) => heard.push(payload));
    // Two connections prepare a statement of the same name on the one session (else: "already exists").
    const [first, second] = [await database.pool.connect(), await database.pool.connect()];
    const named = (client: pg.PoolClient) => client.query({ name: 'probe_statement', text: 'select 1 as one' });
    expect((await named(first)).rows).toEqual([{ one: 1 }]);
    expect((await named(second)).rows).toEqual([{ one: 1 }]);
    second.release();
    // A connection that breaks inside its transaction: the others wait for it, then find nothing of it.
    await first.query('begin');
    await first.query(`insert into counters (key, value) values ('left-open', 1)`);
    const waiting = counterValue('left-open');
    first.release(true);
    expect(await waiting).toBeUndefined();
    await database.db.execute(sql`select pg_notify('probe_channel', 'after')`);
    expect(await eventually(async () => heard.includes('after'))).toBe(true);
  });
});
