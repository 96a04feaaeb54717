import type { MessageKind, MessageStatus } from '@app/domain/family-messages.rules';
import type { ConsentState } from '@app/domain/privacy.rules';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client';
import {
  type MessageOutboxRow,
  messageConsents,
  messageJobs,
  messageOutbox,
  messageTemplates,
  students,
} from '../../db/schema';

export async function listTemplateRows(db: Executor) {
  return db.select().from(messageTemplates).orderBy(asc(messageTemplates.kind));
}

export async function findTemplateRow(db: Executor, kind: MessageKind) {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.kind, kind));
  return row;
}

/** The template row locked: two admins saving at once write one after the other. */
export async function lockTemplateRow(db: Executor, kind: MessageKind) {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.kind, kind)).for('no key update');
  return row;
}

export async function updateTemplateRow(
  db: Executor,
  kind: MessageKind,
  values: Pick<
    typeof messageTemplates.$inferInsert,
    'bodyEn' | 'bodyMr' | 'language' | 'whatsappTemplate' | 'updatedBy'
  >,
) {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(messageTemplates.kind, kind))
    .returning();
  return row;
}

export type OutboxInsert = typeof messageOutbox.$inferInsert;

/** Writes messages; one with a dedupe key already queued is left out. Answers the rows written. */
export async function insertOutboxRows(db: Executor, rows: OutboxInsert[]) {
  const written: {
    id: number;
    studentId: string | null;
    phone: string;
    kind: MessageKind;
    status: string;
    failReason: string | null;
  }[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    written.push(
      ...(await db
        .insert(messageOutbox)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing({ target: messageOutbox.dedupeKey })
        .returning({
          id: messageOutbox.id,
          studentId: messageOutbox.studentId,
          phone: messageOutbox.phone,
          kind: messageOutbox.kind,
          status: messageOutbox.status,
          failReason: messageOutbox.failReason,
        })),
    );
  }
  return written;
}

/** Of these phones, the ones that asked for no more messages. */
export async function optedOutAmong(db: Executor, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const found = new Set<string>();
  const unique = [...new Set(phones)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await db
      .select({ phone: messageConsents.phone })
      .from(messageConsents)
      .where(
        and(inArray(messageConsents.phone, unique.slice(start, start + 1000)), eq(messageConsents.optedOut, true)),
      );
    for (const row of rows) found.add(row.phone);
  }
  return found;
}

/**
 * Claims up to `limit` messages that are due, or whose sender's lease ran out (it crashed or hung), for
 * `workerId` until `leaseMs` from now. `FOR UPDATE SKIP LOCKED`: two instances claiming at once take
 * different rows, and neither waits for the other. The same SQL runs on PGlite (one connection).
 */
export async function claimDueMessages(
  db: Executor,
  {
    workerId,
    limit,
    leaseMs,
    takeExpired = true,
  }: { workerId: string; limit: number; leaseMs: number; takeExpired?: boolean },
): Promise<MessageOutboxRow[]> {
  const rows = await executeRows<MessageOutboxRow>(
    db,
    sql`update message_outbox o
      set status = 'sending', attempts = o.attempts + 1, leased_by = ${workerId},
          lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
      where o.id in (
        select id from message_outbox
        where ((status = 'queued' and next_attempt_at <= now())
               or (${takeExpired} and status = 'sending' and lease_until < now()))
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
      returning o.id, o.kind, o.job_id as "jobId", o.student_id as "studentId", o.phone, o.channel, o.body,
        o.params, o.whatsapp_template as "whatsappTemplate", o.language, o.status, o.attempts,
        o.next_attempt_at as "nextAttemptAt", o.lease_until as "leaseUntil", o.leased_by as "leasedBy",
        o.idempotency_key as "idempotencyKey", o.dedupe_key as "dedupeKey",
        o.provider_message_id as "providerMessageId", o.fail_reason as "failReason", o.created_at as "createdAt",
        o.sent_at as "sentAt", o.delivered_at as "deliveredAt", o.updated_at as "updatedAt"`,
  );
  // A bigint comes back from SQL as text; Drizzle's own queries give the schema's number.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The earliest time a queued message falls due (the worker sleeps until then, or a bounded while). */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const [row] = await executeRows<{ at: Date | string | null }>(
    db,
    sql`select min(case when status = 'queued' then next_attempt_at else lease_until end) as at
        from message_outbox where status in ('queued', 'sending')`,
  );
  return row?.at ? new Date(row.at) : null;
}

export type Outcome =
  | { status: 'sent'; channel: string; providerMessageId: string }
  | { status: 'queued'; channel: string; failReason: string; nextAttemptAt: Date }
  | { status: 'failed'; channel: string; failReason: string }
  | { status: 'prepared' | 'skipped'; channel: string; failReason?: string | null };

/**
 * Records what became of claimed messages, in one statement, only for those this worker still holds:
 * a worker whose lease ran out (and whose message another claimed, or a delivery report settled)
 * changes nothing there. Answers the ids recorded.
 */
export async function settleMessages(
  db: Executor,
  { workerId, outcomes }: { workerId: string; outcomes: { id: number; outcome: Outcome }[] },
): Promise<number[]> {
  if (outcomes.length === 0) return [];
  const values = outcomes.map(({ id, outcome }) => ({
    id,
    status: outcome.status,
    channel: outcome.channel,
    pid: outcome.status === 'sent' ? outcome.providerMessageId : null,
    reason: outcome.status === 'sent' ? null : (outcome.failReason ?? null),
    next_at: outcome.status === 'queued' ? outcome.nextAttemptAt.toISOString() : null,
  }));
  const rows = await executeRows<{ id: number }>(
    db,
    sql`update message_outbox o
        set status = v.status, channel = v.channel, provider_message_id = coalesce(v.pid, o.provider_message_id),
            sent_at = case when v.status = 'sent' then now() else o.sent_at end, fail_reason = v.reason,
            next_attempt_at = coalesce(v.next_at, o.next_attempt_at), lease_until = null, leased_by = null,
            updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(id bigint, status text, channel text, pid text, reason text, next_at timestamptz)
        where o.id = v.id and o.status = 'sending' and o.leased_by = ${workerId}
        returning o.id`,
  );
  return rows.map((row) => Number(row.id));
}

/** One message's outcome (see settleMessages); answers whether it was recorded. */
export async function settleMessage(
  db: Executor,
  { id, workerId, outcome }: { id: number; workerId: string; outcome: Outcome },
): Promise<boolean> {
  return (await settleMessages(db, { workerId, outcomes: [{ id, outcome }] })).length === 1;
}

export type DeliveryReport = {
  providerMessageId: string;
  /** Our key (a UUID), as WhatsApp's callback data echoes it. */
  idempotencyKey?: string | undefined;
  status: 'sent' | 'delivered' | 'failed';
  failReason?: string | undefined;
};

/**
 * A report never moves a message back: it is taken when the message's rank is below the report's bar.
 * Delivered outranks failed, which outranks sent; an equal failure is taken again (the later reason).
 */
const rankOf = (status: SQL) =>
  sql`(case ${status} when 'delivered' then 3 when 'sent' then 2 when 'failed' then 2 else 1 end)`;
const barOf = (status: SQL) => sql`(case ${status} when 'sent' then 2 else 3 end)`;
/** What a report writes into the message `m` it is taken by. */
const takeReport = ({ status, pid, reason }: { status: SQL; pid: SQL; reason: SQL }) =>
  sql`status = ${status}, provider_message_id = ${pid}, sent_at = coalesce(m.sent_at, now()),
    delivered_at = case when ${status} = 'delivered' then now() else m.delivered_at end,
    fail_reason = ${reason}, lease_until = null, leased_by = null, updated_at = now()`;

/**
 * A provider's delivery report: by its message id, or by our key (WhatsApp's callback data, which finds a
 * message whose sender crashed before it wrote the provider's id). Answers whether it changed the message.
 * (Writing the reports that arrive together in one statement was measured: on PGlite the request p99 while
 * a 20,000-message job drains came out about twice these two short statements', so they stay.)
 */
export async function recordDeliveryReport(db: Executor, report: DeliveryReport): Promise<boolean> {
  const { status, providerMessageId, failReason } = report;
  // Two statements, each on its own index: by the provider's id, else by our key.
  const update = (match: SQL) =>
    executeRows<{ id: number }>(
      db,
      sql`update message_outbox m
          set ${takeReport({ status: sql`${status}::text`, pid: sql`${providerMessageId}`, reason: sql`${failReason ?? null}::text` })}
          where ${match} and ${rankOf(sql.raw('m.status'))} < ${barOf(sql`${status}::text`)}
          returning m.id`,
    );
  let rows = await update(sql`m.provider_message_id = ${providerMessageId}`);
  if (rows.length === 0 && report.idempotencyKey)
    rows = await update(sql`m.idempotency_key = ${report.idempotencyKey}::uuid`);
  return rows.length > 0;
}

/**
 * Keeps a report that came before the worker recorded its message's provider id (earlyDeliveryReports);
 * of two for one id, the one that outranks stays. Drops kept reports older than 7 days on the way.
 */
export async function keepEarlyReport(db: Executor, report: DeliveryReport): Promise<void> {
  await db.execute(
    sql`with expired as (delete from early_delivery_reports where received_at < now() - interval '7 days')
        insert into early_delivery_reports as e (provider_message_id, status, fail_reason)
        values (${report.providerMessageId}, ${report.status}, ${report.failReason ?? null})
        on conflict (provider_message_id) do update
          set status = excluded.status, fail_reason = excluded.fail_reason, received_at = now()
          where ${rankOf(sql.raw('e.status'))} < ${barOf(sql.raw('excluded.status'))}`,
  );
}

/**
 * Takes the kept reports of these provider ids, now that messages carry them, and removes them: one
 * statement, so a report is taken exactly once even when the webhook and the worker both try.
 */
export async function takeEarlyReports(db: Executor, providerMessageIds: string[]): Promise<number> {
  if (providerMessageIds.length === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    db,
    sql`with r as (
          delete from early_delivery_reports
          where provider_message_id in (select jsonb_array_elements_text(${JSON.stringify(providerMessageIds)}::jsonb))
          returning provider_message_id as pid, status, fail_reason as reason
        )
        update message_outbox m set ${takeReport({ status: sql.raw('r.status'), pid: sql.raw('r.pid'), reason: sql.raw('r.reason') })}
        from r
        where m.provider_message_id = r.pid and ${rankOf(sql.raw('m.status'))} < ${barOf(sql.raw('r.status'))}
        returning m.id`,
  );
  return rows.length;
}

/** Whether a message carries this provider id (a delivery report that arrives before the send is recorded). */
export async function isKnownProviderMessage(db: Executor, providerMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(eq(messageOutbox.providerMessageId, providerMessageId))
    .limit(1);
  return row !== undefined;
}

export async function insertJob(db: Executor, values: typeof messageJobs.$inferInsert) {
  const [row] = await db.insert(messageJobs).values(values).returning();
  if (!row) throw new Error('job not written');
  return row;
}

export async function listJobRows(db: Executor, limit: number) {
  return db.select().from(messageJobs).orderBy(desc(messageJobs.id)).limit(limit);
}

export async function findJobRow(db: Executor, id: number) {
  const [row] = await db.select().from(messageJobs).where(eq(messageJobs.id, id));
  return row;
}

export async function countsOfJobs(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return db
    .select({ jobId: messageOutbox.jobId, status: messageOutbox.status, n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(inArray(messageOutbox.jobId, jobIds))
    .groupBy(messageOutbox.jobId, messageOutbox.status);
}

const logColumns = {
  id: messageOutbox.id,
  kind: messageOutbox.kind,
  studentId: messageOutbox.studentId,
  studentName: students.studentName,
  phone: messageOutbox.phone,
  channel: messageOutbox.channel,
  status: messageOutbox.status,
  failReason: messageOutbox.failReason,
  body: messageOutbox.body,
  attempts: messageOutbox.attempts,
  createdAt: messageOutbox.createdAt,
  sentAt: messageOutbox.sentAt,
};

/** A job's messages: failed and prepared first (what needs a person), then by id. */
export async function jobMessages(db: Executor, jobId: number, limit: number) {
  return db
    .select(logColumns)
    .from(messageOutbox)
    .leftJoin(students, eq(students.studentId, messageOutbox.studentId))
    .where(eq(messageOutbox.jobId, jobId))
    .orderBy(
      sql`case ${messageOutbox.status} when 'failed' then 0 when 'prepared' then 1 else 2 end`,
      asc(messageOutbox.id),
    )
    .limit(limit);
}

/** A student's messages, newest first. */
export async function studentMessages(db: Executor, studentId: string, limit: number) {
  return db
    .select(logColumns)
    .from(messageOutbox)
    .leftJoin(students, eq(students.studentId, messageOutbox.studentId))
    .where(eq(messageOutbox.studentId, studentId))
    .orderBy(desc(messageOutbox.id))
    .limit(limit);
}

/** Queues a job's failed messages again, fresh attempts; answers how many. */
export async function requeueFailed(db: Executor, jobId: number): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(messageOutbox.jobId, jobId), eq(messageOutbox.status, 'failed')))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Stops a phone's messages that are still waiting (after an opt-out). */
export async function skipWaitingFor(db: Executor, phone: string): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'skipped', failReason: 'Opted out', updatedAt: sql`now()` })
    .where(and(eq(messageOutbox.phone, phone), eq(messageOutbox.status, 'queued')))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** A student's parent withdrew consent or refused messages (issue 27): what waits for them is not sent. */
export async function skipWaitingForStudent(db: Executor, studentId: string): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'skipped', failReason: 'No parent consent', updatedAt: sql`now()` })
    .where(and(eq(messageOutbox.studentId, studentId), eq(messageOutbox.status, 'queued')))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** The parent-consent state of these students (issue 27), to leave out those who may not be messaged. */
export async function consentStatesOf(db: Executor, studentIds: string[]): Promise<Map<string, ConsentState>> {
  const unique = [...new Set(studentIds)];
  if (unique.length === 0) return new Map();
  const found = new Map<string, ConsentState>();
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await db
      .select({ studentId: students.studentId, state: students.consentState })
      .from(students)
      .where(inArray(students.studentId, unique.slice(start, start + 1000)));
    for (const row of rows) found.set(row.studentId, row.state);
  }
  return found;
}

/**
 * A phone's consent row, locked for the transaction; a phone without one is locked too (an advisory lock
 * on the phone), so two replies at once see one another's choice.
 */
export async function findConsent(db: Executor, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`message_consent:${phone}`}))`);
  const [row] = await db.select().from(messageConsents).where(eq(messageConsents.phone, phone)).for('update');
  return row;
}

export async function upsertConsent(db: Executor, values: typeof messageConsents.$inferInsert) {
  const [row] = await db
    .insert(messageConsents)
    .values(values)
    .onConflictDoUpdate({
      target: messageConsents.phone,
      set: {
        optedOut: values.optedOut,
        source: values.source,
        note: values.note ?? null,
        changedBy: values.changedBy ?? null,
        changedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('consent not written');
  return row;
}

export async function listConsentRows(db: Executor, limit: number) {
  return db
    .select()
    .from(messageConsents)
    .orderBy(desc(messageConsents.changedAt), asc(messageConsents.phone))
    .limit(limit);
}

/** The recipients of a job's list, with what the templates read. */
export type RecipientRow = {
  studentId: string;
  studentName: string;
  parentsNo: string;
  remainingPaise: number;
  dueDate: string | null;
};

export async function studentsForAudience(
  db: Executor,
  filter:
    | { type: 'overdue'; today: string }
    | { type: 'due_soon'; today: string; until: string }
    | { type: 'centre'; centreId: number }
    | { type: 'standard'; standard: string }
    | { type: 'exam_year'; examYear: number },
): Promise<RecipientRow[]> {
  const active = eq(students.status, 'active');
  const where =
    filter.type === 'overdue'
      ? and(active, sql`${students.remainingPaise} > 0 and ${students.dueDate} < ${filter.today}`)
      : filter.type === 'due_soon'
        ? and(
            active,
            sql`${students.remainingPaise} > 0 and ${students.dueDate} >= ${filter.today} and ${students.dueDate} <= ${filter.until}`,
          )
        : filter.type === 'centre'
          ? and(active, eq(students.examCentreId, filter.centreId))
          : filter.type === 'standard'
            ? and(active, sql`${students.standard} = ${filter.standard}`)
            : and(active, eq(students.examYear, filter.examYear));
  return db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      parentsNo: students.parentsNo,
      remainingPaise: students.remainingPaise,
      dueDate: students.dueDate,
    })
    .from(students)
    .where(where)
    .orderBy(asc(students.studentId));
}

export async function findStudentForMessage(db: Executor, studentId: string) {
  const [row] = await db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      parentsNo: students.parentsNo,
      createdBy: students.createdBy,
    })
    .from(students)
    .where(eq(students.studentId, studentId));
  return row;
}

export type { MessageStatus };
