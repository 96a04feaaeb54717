import { indianDayRange } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { renderMessage, type TemplateValues } from '@app/domain/family-messages.rules';
import { whatsAppLink } from '@app/domain/phone.rules';
import { breachBoardNotice } from '@app/domain/privacy.rules';
import {
  type BreachNotices,
  type BreachRowResponse,
  type BreachScope,
  type BreachSendReport,
  type CreateBreachInput,
  privacyMessages,
} from '@app/domain/privacy.schemas';
import { institutePhone, siteName } from '@app/domain/site';
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type BreachRow, breaches, examCentres, students } from '../../db/schema';
import type { Deps } from '../../deps';
import { formatIsoDate } from '../../lib/pdf/format';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { findTemplateRow } from '../messages/messages.repository';
import { queueMessages } from '../messages/messages.service';

const NOTICE_LIMIT = 5000;

/** The scope in words: 'students of centre 12 · standard 10th · registered 01/06/2026 to 30/06/2026'. */
function scopeText(scope: BreachScope, centreName?: string): string {
  const parts = [
    scope.centerId ? `students of centre ${scope.centerId}${centreName ? ` ${centreName}` : ''}` : 'all students',
    ...(scope.standard ? [`standard ${scope.standard}`] : []),
    ...(scope.from || scope.to
      ? [
          `registered ${scope.from ? formatIsoDate(scope.from) : 'from the start'} to ${scope.to ? formatIsoDate(scope.to) : 'today'}`,
        ]
      : []),
  ];
  return parts.join(' · ');
}

function toRow(row: BreachRow): BreachRowResponse {
  const scope = row.scope as BreachScope;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discoveredOn: row.discoveredOn,
    measures: row.measures,
    scope,
    scopeText: scopeText(scope),
    recordedAt: row.recordedAt.toISOString(),
  };
}

/** Records an incident (the breach register), audited in the same transaction. */
export async function recordBreach(
  deps: Pick<Deps, 'db'>,
  { by, input }: { by: Actor; input: CreateBreachInput },
): Promise<BreachRowResponse> {
  const scope: BreachScope = Object.fromEntries(Object.entries(input.scope).filter(([, value]) => value !== undefined));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(breaches)
      .values({
        title: input.title,
        description: input.description,
        discoveredOn: input.discoveredOn,
        measures: input.measures,
        scope,
        recordedBy: by.uuid,
      })
      .returning();
    if (!row) throw new Error('breach insert returned no row');
    await recordAudit(tx, {
      by,
      entity: 'breach',
      entityId: row.id,
      entityName: row.title,
      action: 'create',
      after: { title: row.title, discoveredOn: row.discoveredOn, scope: scopeText(scope) },
    });
    return toRow(row);
  });
}

export async function listBreaches(db: Executor): Promise<BreachRowResponse[]> {
  const rows = await db.select().from(breaches).orderBy(desc(breaches.id)).limit(200);
  return rows.map(toRow);
}

/** The students who were in the affected data: the scope as a query over the registrations. */
function affectedWhere(scope: BreachScope): SQL | undefined {
  const parts: SQL[] = [];
  if (scope.centerId) parts.push(eq(students.examCentreId, scope.centerId));
  if (scope.standard) parts.push(eq(students.standard, scope.standard));
  const { start, end } = indianDayRange({ from: scope.from, to: scope.to });
  if (start) parts.push(gte(students.createdAt, start));
  if (end) parts.push(lt(students.createdAt, end));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The breach (locked for a send, so two sends of one breach queue one after the other), or a 404. */
async function findBreach(db: Executor, id: number, { lock = false } = {}) {
  const query = db.select().from(breaches).where(eq(breaches.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('NOT_FOUND', 'Breach not found');
  return row;
}

/** The students who were in the breach's data, by ID (`limit` for the prepared list, none for sending). */
function affectedStudents(db: Executor, scope: BreachScope, limit?: number) {
  const query = db
    .select({ studentId: students.studentId, studentName: students.studentName, parentsNo: students.parentsNo })
    .from(students)
    .where(affectedWhere(scope))
    .orderBy(asc(students.studentId));
  return limit ? query.limit(limit) : query;
}

/** What the family's notice fills in: the breach's facts (the template is `breach_notice`, both languages). */
const familyValues = (row: BreachRow, studentName: string): TemplateValues => ({
  studentName,
  discoveredOn: formatIsoDate(row.discoveredOn),
  breachTitle: row.title,
  breachDescription: row.description,
  breachMeasures: row.measures,
  officePhone: institutePhone,
});

/**
 * The families affected by a breach and the notices prepared for them (English and Marathi from the
 * `breach_notice` message template, each with a WhatsApp link to the parent) and for the Board.
 */
export async function breachNotices(deps: Pick<Deps, 'db'>, { id }: { id: number }): Promise<BreachNotices> {
  const row = await findBreach(deps.db, id);
  const scope = row.scope as BreachScope;
  const affected = await affectedStudents(deps.db, scope, NOTICE_LIMIT);
  let centreName: string | undefined;
  if (scope.centerId) {
    const [centre] = await deps.db
      .select({ name: examCentres.centerName })
      .from(examCentres)
      .where(eq(examCentres.centerId, scope.centerId));
    centreName = centre?.name;
  }
  const template = await findTemplateRow(deps.db, 'breach_notice');
  if (!template) throw new Error('the breach_notice template is missing (migration 0028)');
  const facts = {
    title: row.title,
    description: row.description,
    discoveredOn: formatIsoDate(row.discoveredOn),
    measures: row.measures,
    institute: siteName,
    phone: institutePhone,
  };
  return {
    affected: affected.length,
    board: breachBoardNotice({ ...facts, affected: affected.length, scope: scopeText(scope, centreName) }),
    families: affected.map((student) => {
      const values = familyValues(row, student.studentName);
      const notice = { en: renderMessage(template, 'en', values), mr: renderMessage(template, 'mr', values) };
      return {
        ...student,
        ...notice,
        waLink: whatsAppLink(student.parentsNo, `${notice.mr}\n\n${notice.en}`),
      };
    }),
  };
}

/**
 * Sends the families' notices through the message outbox (POST …/breaches/{id}/send): one message per
 * affected family in Marathi and English, once per breach and family (the dedupe key
 * `breach:<id>:<student>`), so a second send queues only families added since. Parents without consent,
 * opted-out numbers and missing numbers get a skipped row that says why (the outbox's own rules). One
 * transaction with its audit entries; the worker sends after the commit.
 */
export async function sendBreachNotices(
  deps: Pick<Deps, 'db' | 'messaging'>,
  { id, by }: { id: number; by: Actor },
): Promise<BreachSendReport> {
  const report = await deps.db.transaction(async (tx) => {
    const row = await findBreach(tx, id, { lock: true });
    const affected = await affectedStudents(tx, row.scope as BreachScope);
    const written = await queueMessages(
      tx,
      affected.map((student) => ({
        kind: 'breach_notice',
        phone: student.parentsNo,
        studentId: student.studentId,
        studentName: student.studentName,
        dedupeKey: `breach:${row.id}:${student.studentId}`,
        language: 'both',
        values: familyValues(row, student.studentName),
      })),
      by,
    );
    const names = new Map(affected.map((student) => [student.studentId, student.studentName]));
    const skipped = written
      .filter((message) => message.status === 'skipped')
      .map((message) => ({
        studentId: message.studentId ?? '',
        studentName: names.get(message.studentId ?? '') ?? '',
        reason: message.failReason ?? 'Not sent',
      }));
    const queued = written.length - skipped.length;
    await recordAudit(tx, {
      by,
      entity: 'breach',
      entityId: row.id,
      entityName: row.title,
      action: 'queue',
      after: { affected: affected.length, queued, skipped: skipped.length },
    });
    return {
      message: privacyMessages.breachNoticesSent,
      affected: affected.length,
      queued,
      skipped,
      alreadySent: affected.length - written.length,
    };
  });
  if (report.queued > 0) deps.messaging.wake();
  return report;
}
