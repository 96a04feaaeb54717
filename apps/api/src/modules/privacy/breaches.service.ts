import { indianDayRange } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { whatsAppLink } from '@app/domain/phone.rules';
import { breachBoardNotice, breachFamilyNotice } from '@app/domain/privacy.rules';
import type { BreachNotices, BreachRowResponse, BreachScope, CreateBreachInput } from '@app/domain/privacy.schemas';
import { institutePhone, siteName } from '@app/domain/site';
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type BreachRow, breaches, examCentres, students } from '../../db/schema';
import type { Deps } from '../../deps';
import { formatIsoDate } from '../../lib/pdf/format';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';

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

/**
 * The families affected by a breach and the notices prepared for them (English and Marathi, each with a
 * WhatsApp link to the parent) and for the Board, from the templates in packages/domain.
 */
export async function breachNotices(deps: Pick<Deps, 'db'>, { id }: { id: number }): Promise<BreachNotices> {
  const [row] = await deps.db.select().from(breaches).where(eq(breaches.id, id)).limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'Breach not found');
  const scope = row.scope as BreachScope;
  const where = affectedWhere(scope);
  const affected = await deps.db
    .select({ studentId: students.studentId, studentName: students.studentName, parentsNo: students.parentsNo })
    .from(students)
    .where(where)
    .orderBy(asc(students.studentId))
    .limit(NOTICE_LIMIT);
  let centreName: string | undefined;
  if (scope.centerId) {
    const [centre] = await deps.db
      .select({ name: examCentres.centerName })
      .from(examCentres)
      .where(eq(examCentres.centerId, scope.centerId));
    centreName = centre?.name;
  }
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
      const notice = breachFamilyNotice({ ...facts, studentName: student.studentName });
      return {
        ...student,
        ...notice,
        waLink: whatsAppLink(student.parentsNo, `${notice.mr}\n\n${notice.en}`),
      };
    }),
  };
}
