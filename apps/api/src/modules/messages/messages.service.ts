import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import {
  dayMonthYear,
  daysBetween,
  messageKindLabels as kindLabels,
  type MessageKind,
  type MessageLanguage,
  messageStatuses,
  messageTexts,
  renderMessage,
  rupeesText,
  type TemplateValues,
  variablesIn,
  whatsAppLinkFor,
} from '@app/domain/family-messages.rules';
import type {
  ConsentEntry,
  MessageAudience,
  MessageJob,
  MessageJobDetail,
  MessageLogEntry,
  MessagePreview,
  MessageTemplate,
  messageJobRequest,
  updateTemplateRequest,
} from '@app/domain/family-messages.schemas';
import { messages } from '@app/domain/messages';
import { canMessageState } from '@app/domain/privacy.rules';
import { institutePhone, siteUrl } from '@app/domain/site';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { insertAuditRows } from '../audit/audit.repository';
import { type AuditBy, recordAudit, systemActor } from '../audit/audit.service';
import {
  consentStatesOf,
  countsOfJobs,
  findConsent,
  findJobRow,
  findStudentForMessage,
  findTemplateRow,
  insertJob,
  insertOutboxRows,
  jobMessages,
  listConsentRows,
  listJobRows,
  listTemplateRows,
  lockTemplateRow,
  type OutboxInsert,
  optedOutAmong,
  type RecipientRow,
  requeueFailed,
  skipWaitingFor,
  studentMessages,
  studentsForAudience,
  updateTemplateRow,
  upsertConsent,
} from './messages.repository';

type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplateRow>>>;

const toTemplate = (row: TemplateRow): MessageTemplate => ({
  kind: row.kind,
  bodyEn: row.bodyEn,
  bodyMr: row.bodyMr,
  language: row.language,
  whatsappTemplate: row.whatsappTemplate,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  return (await listTemplateRows(db)).map(toTemplate);
}

/** An admin rewrites a template: unknown variables were refused by the schema; the change is audited. */
export async function updateTemplate(
  db: Db,
  { kind, input, by }: { kind: MessageKind; input: z.output<typeof updateTemplateRequest>; by: Actor },
): Promise<MessageTemplate> {
  return db.transaction(async (tx) => {
    // docs/decisions/009-lock-order.md: the template row alone (nothing else is locked here).
    const before = await lockTemplateRow(tx, kind);
    if (!before) throw new DomainError('NOT_FOUND', messageTexts.jobNotFound);
    const row = await updateTemplateRow(tx, kind, { ...input, updatedBy: by.uuid });
    if (!row) throw new DomainError('NOT_FOUND', messageTexts.jobNotFound);
    await recordAudit(tx, {
      by,
      entity: 'message_template',
      entityId: kind,
      entityName: kindLabels[kind],
      action: 'update',
      before: {
        bodyEn: before.bodyEn,
        bodyMr: before.bodyMr,
        language: before.language,
        whatsappTemplate: before.whatsappTemplate,
      },
      after: input,
    });
    return toTemplate(row);
  });
}

export type QueueRequest = {
  kind: MessageKind;
  phone: string;
  values: TemplateValues;
  studentId?: string | null | undefined;
  studentName?: string | null | undefined;
  /** One message per event: a second queue with the same key is left out. */
  dedupeKey?: string | undefined;
  jobId?: number | undefined;
  language?: MessageLanguage | undefined;
};

/**
 * The outbox rows for these requests, rendered from the template; skipped for opted-out phones and for
 * students whose parent has not consented (issue 27's `canMessageState`; today is the transaction's day).
 */
async function outboxRowsFor(tx: Executor, requests: QueueRequest[]): Promise<OutboxInsert[]> {
  const templates = new Map<MessageKind, TemplateRow>();
  for (const kind of new Set(requests.map((request) => request.kind))) {
    const row = await findTemplateRow(tx, kind);
    if (row) templates.set(kind, row);
  }
  const optedOut = await optedOutAmong(
    tx,
    requests.map((request) => request.phone),
  );
  const consents = await consentStatesOf(
    tx,
    requests.flatMap((request) => (request.studentId ? [request.studentId] : [])),
  );
  const today = indianToday();
  return requests.flatMap((request) => {
    const template = templates.get(request.kind);
    if (!template) return [];
    const language = request.language ?? template.language;
    const body = renderMessage(template, language, request.values);
    const isPhone = /^\d{10}$/.test(request.phone);
    const state = request.studentId ? consents.get(request.studentId) : undefined;
    const noConsent = state !== undefined && !canMessageState(state, today);
    const skipped = optedOut.has(request.phone) || !isPhone || noConsent;
    const templateLanguage = language === 'en' ? 'en' : 'mr';
    return [
      {
        kind: request.kind,
        jobId: request.jobId ?? null,
        studentId: request.studentId ?? null,
        phone: request.phone,
        channel: 'pending',
        body,
        language,
        whatsappTemplate: template.whatsappTemplate,
        // An approved WhatsApp template takes its parameters in the order the text names them.
        params: variablesIn(templateLanguage === 'en' ? template.bodyEn : template.bodyMr).map(
          (name) => request.values[name as keyof TemplateValues] ?? '',
        ),
        status: skipped ? 'skipped' : 'queued',
        failReason: skipped
          ? !isPhone
            ? 'No valid mobile number'
            : noConsent
              ? 'No parent consent'
              : 'Opted out'
          : null,
        dedupeKey: request.dedupeKey ?? null,
      } satisfies OutboxInsert,
    ];
  });
}

/**
 * Queues messages in the caller's transaction (the event's: a payment, a release), so a committed event
 * always has its messages and a rolled-back one has none. The worker sends them after the commit. Each
 * message to a student gets an entry in the audit trail: the student's history in Activity lists it.
 */
export async function queueMessages(tx: Executor, requests: QueueRequest[], by: AuditBy = systemActor) {
  const rows = await outboxRowsFor(tx, requests);
  const written = await insertOutboxRows(tx, rows);
  const names = new Map(requests.map((request) => [request.studentId ?? '', request.studentName ?? null]));
  await insertAuditRows(
    tx,
    written
      .filter((row) => row.studentId)
      .map((row) => ({
        actorUuid: by.uuid,
        actorName: by.name,
        actorRole: by.role,
        entity: 'message',
        entityId: String(row.id),
        entityName: names.get(row.studentId ?? '') ?? null,
        studentId: row.studentId,
        action: 'queue',
        before: null,
        after: { messageKind: kindLabels[row.kind], phone: row.phone },
      })),
  );
  return written;
}

/** One message; see queueMessages. */
export async function queueMessage(tx: Executor, request: QueueRequest, by: AuditBy = systemActor) {
  return queueMessages(tx, [request], by);
}

/** In the payment's transaction: the parent is told what was received, with the receipt number. */
export async function queuePaymentReceived(
  tx: Tx,
  {
    studentId,
    paymentId,
    amountPaise,
    receiptNumber,
    by,
  }: { studentId: string; paymentId: number | string; amountPaise: number; receiptNumber: string; by: AuditBy },
): Promise<void> {
  const student = await findStudentForMessage(tx, studentId);
  if (!student) return;
  await queueMessage(
    tx,
    {
      kind: 'payment_received',
      phone: student.parentsNo,
      studentId,
      studentName: student.studentName,
      dedupeKey: `payment:${paymentId}`,
      values: { studentName: student.studentName, studentId, amount: rupeesText(amountPaise), receiptNumber },
    },
    by,
  );
}

/**
 * In a follow-up's transaction (issue 26): the parent who made the enquiry is told when we will call
 * again. Once per enquiry and date: recording the same next date again queues nothing. The caller decides
 * whether the visitor agreed to be contacted (decision 017).
 */
export async function queueFollowUpReminder(
  tx: Executor,
  {
    enquiryId,
    enquiryName,
    phone,
    followUpOn,
    by,
  }: { enquiryId: number; enquiryName: string; phone: string; followUpOn: string; by: AuditBy },
): Promise<void> {
  await queueMessage(
    tx,
    {
      kind: 'follow_up_reminder',
      phone,
      dedupeKey: `follow_up:${enquiryId}:${followUpOn}`,
      values: { enquiryName, followUpDate: dayMonthYear(followUpOn), officePhone: institutePhone },
    },
    by,
  );
}

/**
 * In the release's transaction: every active student of the session's exam year is told their hall
 * ticket is ready, or their result declared. Released once per session and student: a withdrawal and a
 * second release tell no one twice.
 */
export async function queueReleaseMessages(
  tx: Tx,
  {
    sessionId,
    examYear,
    flag,
    by,
  }: { sessionId: number; examYear: number; flag: 'HALLTICKET' | 'RESULT' | string; by: AuditBy },
): Promise<number> {
  const kind: MessageKind = flag === 'HALLTICKET' ? 'hall_tickets_released' : 'results_declared';
  const recipients = await studentsForAudience(tx, { type: 'exam_year', examYear });
  const written = await queueMessages(
    tx,
    recipients.map((student) => ({
      kind,
      phone: student.parentsNo,
      studentId: student.studentId,
      studentName: student.studentName,
      dedupeKey: `${kind}:${sessionId}:${student.studentId}`,
      values: {
        studentName: student.studentName,
        studentId: student.studentId,
        hallTicketLink: `${siteUrl}/hallticket`,
        resultLink: `${siteUrl}/result`,
      },
    })),
    by,
  );
  return written.length;
}

/**
 * For the consent records (DPDP): sends a one-time code to a parent's phone through the outbox, in the
 * caller's transaction. The code is the caller's to make and check; it is sent even to a phone that opted
 * out of other messages (the parent asked for it). Answers the outbox id.
 */
export async function sendConsentCode(
  tx: Executor,
  {
    phone,
    code,
    link,
    studentId,
  }: { phone: string; code: string; link?: string | undefined; studentId?: string | undefined },
): Promise<number | undefined> {
  const template = await findTemplateRow(tx, 'consent_code');
  if (!template) return undefined;
  const values: TemplateValues = { code, consentLink: link ?? '' };
  const rendered = renderMessage(template, template.language, values);
  // A template rewritten without {consentLink} still carries the link the parent may answer on.
  const body = link && !rendered.includes(link) ? `${rendered}\n${link}` : rendered;
  const [row] = await insertOutboxRows(tx, [
    {
      kind: 'consent_code',
      phone,
      studentId: studentId ?? null,
      channel: 'pending',
      body,
      language: template.language,
      whatsappTemplate: template.whatsappTemplate,
      params: variablesIn(template.language === 'en' ? template.bodyEn : template.bodyMr).map(
        (name) => values[name as keyof TemplateValues] ?? '',
      ),
      status: 'queued',
    },
  ]);
  return row?.id;
}

// Sending jobs ---------------------------------------------------------------------------------------

type JobInput = z.output<typeof messageJobRequest>;

function audienceLabel(audience: MessageAudience): string {
  switch (audience.type) {
    case 'overdue':
      return 'Overdue instalments';
    case 'due_soon':
      return `Instalments due within ${audience.days} days`;
    case 'centre':
      return `Students of centre ${audience.centreId}`;
    case 'standard':
      return `Students of ${audience.standard}`;
  }
}

async function recipientsOf(db: Executor, audience: MessageAudience, today: string): Promise<RecipientRow[]> {
  switch (audience.type) {
    case 'overdue':
      return studentsForAudience(db, { type: 'overdue', today });
    case 'due_soon':
      return studentsForAudience(db, { type: 'due_soon', today, until: shiftDate(today, { days: audience.days }) });
    case 'centre':
      return studentsForAudience(db, { type: 'centre', centreId: audience.centreId });
    case 'standard':
      return studentsForAudience(db, { type: 'standard', standard: audience.standard });
  }
}

function valuesFor(student: RecipientRow, today: string): TemplateValues {
  const days = student.dueDate ? Math.abs(daysBetween(today, student.dueDate)) : 0;
  return {
    studentName: student.studentName,
    studentId: student.studentId,
    amount: rupeesText(student.remainingPaise),
    dueDate: student.dueDate ? dayMonthYear(student.dueDate) : '',
    days: String(days),
    hallTicketLink: `${siteUrl}/hallticket`,
    resultLink: `${siteUrl}/result`,
    officePhone: institutePhone,
  };
}

const requestsFor = (input: JobInput, recipients: RecipientRow[], today: string, jobId?: number): QueueRequest[] =>
  recipients.map((student) => ({
    kind: input.kind,
    phone: student.parentsNo,
    studentId: student.studentId,
    studentName: student.studentName,
    values: valuesFor(student, today),
    language: input.language,
    jobId,
  }));

const PREVIEW_ROWS = 200;

/** Who would receive what: the first recipients with their rendered text, and how many are skipped. */
export async function previewJob(
  deps: Pick<Deps, 'db' | 'clock' | 'messaging'>,
  { input }: { input: JobInput },
): Promise<MessagePreview> {
  const today = indianToday(deps.clock());
  const recipients = await recipientsOf(deps.db, input.audience, today);
  const rows = await outboxRowsFor(deps.db, requestsFor(input, recipients, today));
  const byStudent = new Map(recipients.map((student) => [student.studentId, student]));
  const skipped = rows.filter((row) => row.status === 'skipped').length;
  return {
    total: rows.length,
    willSend: rows.length - skipped,
    skipped,
    channel: deps.messaging.channel,
    recipients: rows.slice(0, PREVIEW_ROWS).map((row) => ({
      studentId: row.studentId ?? '',
      studentName: byStudent.get(row.studentId ?? '')?.studentName ?? '',
      phone: row.phone,
      text: row.body,
      skipReason: row.status === 'skipped' ? (row.failReason ?? null) : null,
    })),
  };
}

/** Starts a job: every message queued in one transaction with the job's row and its audit entry. */
export async function startJob(
  deps: Pick<Deps, 'db' | 'clock'>,
  { input, by }: { input: JobInput; by: Actor },
): Promise<MessageJob> {
  const today = indianToday(deps.clock());
  return deps.db.transaction(async (tx) => {
    // No row locks: a job only inserts (docs/decisions/009-lock-order.md does not apply).
    const recipients = await recipientsOf(tx, input.audience, today);
    if (recipients.length === 0) throw new DomainError('CONFLICT', messageTexts.nothingToSend);
    const label = `${kindLabels[input.kind]}: ${audienceLabel(input.audience)}`;
    const job = await insertJob(tx, {
      kind: input.kind,
      audience: input.audience,
      label,
      total: recipients.length,
      createdBy: by.uuid,
    });
    await queueMessages(tx, requestsFor(input, recipients, today, job.id), by);
    await recordAudit(tx, {
      by,
      entity: 'message_job',
      entityId: job.id,
      entityName: label,
      action: 'create',
      after: { messageKind: kindLabels[input.kind], recipients: recipients.length },
    });
    return (await jobsWithCounts(tx, [job]))[0] as MessageJob;
  });
}

type JobRow = NonNullable<Awaited<ReturnType<typeof findJobRow>>>;

async function jobsWithCounts(db: Executor, rows: JobRow[]): Promise<MessageJob[]> {
  const counts = await countsOfJobs(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const mine = Object.fromEntries(messageStatuses.map((status) => [status, 0])) as Record<string, number>;
    for (const count of counts) if (count.jobId === row.id) mine[count.status] = Number(count.n);
    return {
      id: row.id,
      kind: row.kind,
      label: row.label,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      total: row.total,
      counts: mine,
    };
  });
}

export async function listJobs(db: Db): Promise<MessageJob[]> {
  return jobsWithCounts(db, await listJobRows(db, 50));
}

type LogRow = Awaited<ReturnType<typeof studentMessages>>[number];

const toLogEntry = (row: LogRow): MessageLogEntry => ({
  id: Number(row.id),
  kind: row.kind,
  studentId: row.studentId,
  studentName: row.studentName,
  phone: row.phone,
  channel: row.channel,
  status: row.status,
  failReason: row.failReason,
  body: row.body,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  whatsAppLink: row.status === 'prepared' ? whatsAppLinkFor(row.phone, row.body) : null,
});

export async function getJob(db: Db, { id }: { id: number }): Promise<MessageJobDetail> {
  const row = await findJobRow(db, id);
  if (!row) throw new DomainError('NOT_FOUND', messageTexts.jobNotFound);
  const [job] = await jobsWithCounts(db, [row]);
  return { ...(job as MessageJob), messages: (await jobMessages(db, id, 200)).map(toLogEntry) };
}

/** Queues a job's failed messages again (fresh attempts); audited. */
export async function retryFailed(db: Db, { id, by }: { id: number; by: Actor }): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await findJobRow(tx, id);
    if (!row) throw new DomainError('NOT_FOUND', messageTexts.jobNotFound);
    const count = await requeueFailed(tx, id);
    if (count === 0) throw new DomainError('CONFLICT', messageTexts.nothingToRetry);
    await recordAudit(tx, {
      by,
      entity: 'message_job',
      entityId: id,
      entityName: row.label,
      action: 'retry',
      after: { recipients: count },
    });
    return count;
  });
}

/**
 * A student's messages, newest first. Counsellors reach only the students they registered (as Edit
 * Student); a student of another counsellor reads as not found.
 */
export async function listStudentMessages(
  db: Db,
  { studentId, by }: { studentId: string; by: Actor },
): Promise<MessageLogEntry[]> {
  const student = await findStudentForMessage(db, studentId);
  if (!student || (by.role !== 'admin' && student.createdBy !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
  }
  return (await studentMessages(db, studentId, 100)).map(toLogEntry);
}

// Consent -------------------------------------------------------------------------------------------

const toConsent = (row: Awaited<ReturnType<typeof upsertConsent>>): ConsentEntry => ({
  phone: row.phone,
  optedOut: row.optedOut,
  source: row.source,
  note: row.note,
  changedAt: row.changedAt.toISOString(),
});

/**
 * Records a parent's choice by phone: opted out (no more messages; those still waiting are skipped) or
 * back in. From an admin, or from the parent's STOP/START reply (`by` the system).
 */
export async function setConsent(db: Db, change: ConsentChange): Promise<ConsentEntry> {
  return db.transaction((tx) => writeConsent(tx, change));
}

type ConsentChange = {
  phone: string;
  optedOut: boolean;
  note?: string | undefined;
  source: 'admin' | 'reply';
  by: AuditBy;
};

async function writeConsent(tx: Executor, { phone, optedOut, note, source, by }: ConsentChange): Promise<ConsentEntry> {
  const row = await upsertConsent(tx, { phone, optedOut, source, note: note ?? null, changedBy: by.uuid });
  if (optedOut) await skipWaitingFor(tx, phone);
  await recordAudit(tx, {
    by,
    entity: 'message_consent',
    entityId: phone,
    entityName: phone,
    action: 'update',
    after: { optedOut, note: note ?? null },
  });
  return toConsent(row);
}

/**
 * A parent's STOP or START reply (WhatsApp or SMS), recorded as their consent choice. Answers false, and
 * changes nothing, when it repeats the choice already recorded (a second STOP, a webhook delivered twice).
 */
export async function recordReplyChoice(
  db: Db,
  { phone, optedOut, note }: { phone: string; optedOut: boolean; note: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await findConsent(tx, phone);
    if (current?.optedOut === optedOut) return false;
    await writeConsent(tx, { phone, optedOut, note, source: 'reply', by: systemActor });
    return true;
  });
}

export async function listConsents(db: Db): Promise<ConsentEntry[]> {
  return (await listConsentRows(db, 200)).map(toConsent);
}

/**
 * Demo data (seed-demo.ts): a parent who replied STOP, and a reminder job to the parents of students
 * whose instalment is due within 30 days. Answers the job's size (0 when nobody is due).
 */
export async function seedMessages(deps: Pick<Deps, 'db' | 'clock'>, { admin }: { admin: Actor }): Promise<number> {
  const today = indianToday(deps.clock());
  const [first] = await studentsForAudience(deps.db, {
    type: 'due_soon',
    today,
    until: shiftDate(today, { days: 30 }),
  });
  if (!first) return 0;
  await setConsent(deps.db, {
    phone: first.parentsNo,
    optedOut: true,
    source: 'reply',
    note: 'Replied "STOP"',
    by: systemActor,
  });
  const job = await startJob(deps, {
    input: { kind: 'instalment_due', audience: { type: 'due_soon', days: 30 }, language: 'both' },
    by: admin,
  });
  return job.total;
}
