import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { quoteIdent, readCatalog, readSequences } from '../ops/catalog';
import { inTransaction } from '../ops/sql-session';

/** Every row of every table as PostgreSQL prints it, in key order, and each sequence: what two copies share. */
export async function everyRow(database: Database): Promise<Record<string, string[]>> {
  return inTransaction(database, 'snapshot', async (session) => {
    const { tables } = await readCatalog(session);
    const all: Record<string, string[]> = {};
    for (const table of tables) {
      const order = table.primaryKey.length ? ` order by ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
      const rows = await session.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${quoteIdent(table.name)} t${order}`,
      );
      all[table.name] = rows.map((r) => r.row);
    }
    all['(sequences)'] = (await readSequences(session)).map((s) => `${s.name}=${s.lastValue}`);
    return all;
  });
}

/** Every file under a disk store, by path inside it, with its bytes. */
export function filesOn(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full), readFileSync(full));
  }
  return files;
}
