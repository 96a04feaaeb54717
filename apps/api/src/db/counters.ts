import { sql } from 'drizzle-orm';
import { executeRows, type Tx } from './client';

/**
 * The next number under a key, inside the caller's transaction: the counter row stays locked until it
 * commits, so numbers are unique and, since a rollback gives the number back, without gaps.
 */
export async function nextNumber(tx: Tx, key: string): Promise<number> {
  const rows = await executeRows<{ value: number | string }>(
    tx,
    sql`insert into counters (key, value) values (${key}, 1)
        on conflict (key) do update set value = counters.value + 1
        returning value`,
  );
  return Number(rows[0]?.value);
}

/**
 * Reserves `count` consecutive numbers under a key (the counter row stays locked until commit) and
 * answers the first; `count` 0 only locks the row and answers the next free number.
 */
export async function reserveNumbers(tx: Tx, key: string, count: number): Promise<number> {
  const rows = await executeRows<{ value: number | string }>(
    tx,
    sql`insert into counters (key, value) values (${key}, ${count})
        on conflict (key) do update set value = counters.value + ${count}
        returning value`,
  );
  return Number(rows[0]?.value) - count + 1;
}

/** Sets a counter (inside the caller's transaction, which keeps the row locked). */
export async function setCounter(tx: Tx, key: string, value: number): Promise<void> {
  await tx.execute(
    sql`insert into counters (key, value) values (${key}, ${value})
        on conflict (key) do update set value = ${value}`,
  );
}
