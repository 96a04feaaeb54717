import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessLog } from '../../db/schema';

/** What a member of staff opened: a student's details, a PDF, a data copy, or an export (filter and count). */
export type AccessWhat = 'details' | 'registration_pdf' | 'receipt_pdf' | 'data_copy' | 'data_copy_pdf' | 'export';

export type AccessEntry = {
  by: { uuid: string; name: string; role: string };
  what: AccessWhat;
  studentId?: string | undefined;
  /** An export's filter and row count. */
  detail?: Record<string, unknown> | undefined;
};

/**
 * Who opened a student's record (issue 27), written without slowing the read: `record` only appends to
 * a buffer; the buffer goes to the database in one insert a second later, or at 200 entries, and at
 * close. A failed insert is logged and dropped (the read it describes has been answered).
 */
export type AccessLogger = {
  record(entry: AccessEntry): void;
  flush(): Promise<void>;
  close(): Promise<void>;
};

const FLUSH_MS = 1000;
const MAX_BATCH = 200;

export function createAccessLogger(
  db: Db,
  { clock, onError }: { clock: () => Date; onError: (error: unknown) => void },
): AccessLogger {
  let buffer: (typeof accessLog.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length > 0) {
      writing = writing
        .then(() =>
          db
            .insert(accessLog)
            .values(batch)
            .then(() => undefined),
        )
        .catch(onError);
    }
    await writing;
  };

  return {
    record({ by, what, studentId, detail }) {
      buffer.push({
        at: clock(),
        actorUuid: by.uuid,
        actorName: by.name,
        actorRole: by.role,
        what,
        studentId: studentId ?? null,
        detail: detail ?? null,
      });
      if (buffer.length >= MAX_BATCH) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}

/** One student's entries, newest first. */
export function listAccessOf(db: Db, studentId: string, limit = 200) {
  return db.select().from(accessLog).where(eq(accessLog.studentId, studentId)).orderBy(desc(accessLog.id)).limit(limit);
}
