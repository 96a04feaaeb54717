import { z } from 'zod';
import { formatPaise } from '../lib/pdf/format';

/**
 * One backup file, the same for the embedded database and PostgreSQL (docs/decisions/004-backups.md):
 * a gzip'd tar holding
 *   manifest.json                   what is inside: migration level, tables with row counts and money sums,
 *                                   sequences, files with their sizes
 *   tables/<table>/<n>.ndjson       the rows, one JSON object per line, as PostgreSQL's row_to_json wrote them
 *   files/<sha256>.jpg              every uploaded file, named by the hash of its bytes
 * in that order, tables parents first.
 */
export const ARCHIVE_FORMAT = 'mock-board-exams-backup';
export const MANIFEST_ENTRY = 'manifest.json';

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  source: z.object({ driver: z.enum(['pglite', 'postgres']) }),
  /** Drizzle's migrations applied to the source: a restore needs the target to have them all. */
  migrations: z.object({ count: z.number().int().min(0), lastHash: z.string().nullable() }),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      /** Sum of each `*_paise` column, as text (exact at any size). */
      sums: z.record(z.string(), z.string()),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().nullable() })),
  files: z.array(
    z.object({
      hash: z.string().regex(/^[0-9a-f]{64}$/),
      size: z.number().int().min(0),
      /** When the file came from the database store: its row's created_at. */
      createdAt: z.string().nullable(),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** 'mock-board-20261123-083436.tar.gz' (UTC): the name of a backup, from the command or the server. */
export function backupFileName(at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `mock-board-${stamp}.tar.gz`;
}

export const tableChunkEntry = (table: string, chunk: number) =>
  `tables/${table}/${String(chunk).padStart(6, '0')}.ndjson`;
export const fileEntry = (hash: string) => `files/${hash}.jpg`;

const TABLE_ENTRY = /^tables\/([^/]+)\/\d+\.ndjson$/;
const FILE_ENTRY = /^files\/([0-9a-f]{64})\.jpg$/;

export type EntryKind = { kind: 'table'; table: string } | { kind: 'file'; hash: string } | { kind: 'unknown' };

export function entryKind(name: string): EntryKind {
  const table = TABLE_ENTRY.exec(name);
  if (table) return { kind: 'table', table: table[1] as string };
  const file = FILE_ENTRY.exec(name);
  if (file) return { kind: 'file', hash: file[1] as string };
  return { kind: 'unknown' };
}

/** Rows and money of a backup or a database, one line per table, for people to compare. */
export function formatCounts(
  rows: { table: string; columns: { label: string; rows: number; sums: Record<string, string> }[] }[],
): string {
  const labels = rows[0]?.columns.map((column) => column.label) ?? [];
  const header = ['table', ...labels.map((label) => `rows (${label})`), 'money'];
  const lines = rows.map(({ table, columns }) => {
    const money = Object.keys(columns[0]?.sums ?? {})
      .map((column) => `${column}: ${columns.map((c) => formatPaise(Number(c.sums[column] ?? '0'))).join(' / ')}`)
      .join(', ');
    return [table, ...columns.map((c) => String(c.rows)), money];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}
