import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { dataRequestKindLabels, isOverdue, PRIVACY_DEFAULTS } from '@app/domain/privacy.rules';
import {
  type CloseDataRequestInput,
  type CreateDataRequestInput,
  type DataRequestRowResponse,
  type PrivacySummary,
  privacyMessages,
  type StudentDataCopy,
} from '@app/domain/privacy.schemas';
import type { Executor, Tx } from '../../db/client';
import type { DataRequestRow, StudentRow } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX } from '../files/files.service';
import { findStudentWithCentre } from '../students/students.repository';
import { deleteCode } from './consent.repository';
import { listWaitingForConsent, withdrawConsent } from './consent.service';
import {
  anonymiseEnquiries,
  enquiriesOfStudent,
  erasedStudentFields,
  eraseStudentRow,
  scrubStudentAudit,
} from './erasure';
import {
  closeDataRequestRow,
  countRequests,
  findDataRequest,
  findSettings,
  insertDataRequest,
  listDataRequests,
  photosStillUsed,
  readStudentData,
  studentPhotoHashes,
} from './rights.repository';
import { deleteHallTicketAllowance, deleteMarksOf, eraseMessagesOf, messagesOf } from './student-records';

const toRow = (request: DataRequestRow, studentName: string, today: string): DataRequestRowResponse => ({
  id: request.id,
  studentId: request.studentId,
  studentName,
  kind: request.kind,
  receivedOn: request.receivedOn,
  dueOn: request.dueOn,
  details: request.details,
  status: request.status,
  outcome: request.outcome,
  handledBy: request.handledByName,
  handledAt: request.handledAt?.toISOString() ?? null,
  isOverdue: isOverdue(request, today),
});

async function studentOrNotFound(db: Executor, studentId: string, { lock = false } = {}) {
  const row = await findStudentWithCentre(db, studentId, { lock });
  if (!row) throw new DomainError('NOT_FOUND', messages.studentNotFoundWithId);
  return row;
}

const recordRequestAudit = (
  tx: Tx,
  {
    by,
    request,
    studentName,
    action,
    after,
  }: {
    by: Actor;
    request: DataRequestRow;
    studentName: string;
    action: 'create' | 'close';
    after: Record<string, unknown>;
  },
) =>
  recordAudit(tx, {
    by,
    entity: 'data_request',
    entityId: request.id,
    studentId: request.studentId,
    entityName: `${dataRequestKindLabels[request.kind]} for ${studentName}`,
    action,
    after,
  });

async function close(
  tx: Tx,
  {
    by,
    request,
    studentName,
    status,
    outcome,
    now,
  }: {
    by: Actor;
    request: DataRequestRow;
    studentName: string;
    status: 'done' | 'refused';
    outcome: string;
    now: Date;
  },
) {
  const closed = await closeDataRequestRow(tx, request.id, {
    status,
    outcome,
    handledBy: by.uuid,
    handledByName: by.name,
    handledAt: now,
  });
  if (!closed) throw new DomainError('NOT_FOUND', privacyMessages.requestNotFound);
  await recordRequestAudit(tx, { by, request, studentName, action: 'close', after: { outcome } });
  return closed;
}

/**
 * Records a family's request (the register). Its deadline is the received day plus the admin's
 * request days (90 at most, DPDP Rules). A withdrawal of consent takes effect at once, in the same
 * transaction (the student's row first, decision 009), and closes the request.
 */
export async function createDataRequest(
  deps: Pick<Deps, 'db' | 'clock'>,
  { by, input }: { by: Actor; input: CreateDataRequestInput },
): Promise<DataRequestRowResponse> {
  const now = deps.clock();
  const today = indianToday(now);
  return deps.db.transaction(async (tx) => {
    const { student } = await studentOrNotFound(tx, input.studentId, { lock: true });
    const settings = await findSettings(tx);
    const days = settings?.requestDays ?? PRIVACY_DEFAULTS.requestDays;
    const created = await insertDataRequest(tx, {
      studentId: student.studentId,
      kind: input.kind,
      receivedOn: input.receivedOn,
      dueOn: shiftDate(input.receivedOn, { days }),
      details: input.details ?? null,
      createdBy: by.uuid,
    });
    await recordRequestAudit(tx, {
      by,
      request: created,
      studentName: student.studentName,
      action: 'create',
      after: { kind: dataRequestKindLabels[created.kind], receivedOn: created.receivedOn, dueOn: created.dueOn },
    });
    if (input.kind !== 'withdraw') return toRow(created, student.studentName, today);
    if (student.consentState !== 'withdrawn') {
      await withdrawConsent(deps, { studentId: student.studentId, by, note: `Request ${created.id}` }, tx);
    }
    const closed = await close(tx, {
      by,
      request: created,
      studentName: student.studentName,
      status: 'done',
      outcome: privacyMessages.consentWithdrawn,
      now,
    });
    return toRow(closed, student.studentName, today);
  });
}

/** Closes a request with what was done, or why it was refused. */
export async function closeDataRequest(
  deps: Pick<Deps, 'db' | 'clock'>,
  { by, id, input }: { by: Actor; id: number; input: CloseDataRequestInput },
): Promise<DataRequestRowResponse> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // Lock order (decision 009): the student, then the request.
    const unlocked = await findDataRequest(tx, id);
    if (!unlocked) throw new DomainError('NOT_FOUND', privacyMessages.requestNotFound);
    const { student } = await studentOrNotFound(tx, unlocked.studentId, { lock: true });
    const request = await findDataRequest(tx, id, { lock: true });
    if (!request) throw new DomainError('NOT_FOUND', privacyMessages.requestNotFound);
    if (request.status !== 'open') throw new DomainError('CONFLICT', privacyMessages.requestAlreadyClosed);
    const closed = await close(tx, {
      by,
      request,
      studentName: student.studentName,
      status: input.status,
      outcome: input.outcome,
      now,
    });
    return toRow(closed, student.studentName, indianToday(now));
  });
}

export async function listRequests(
  deps: Pick<Deps, 'db' | 'clock'>,
  { status }: { status: 'open' | 'all' },
): Promise<DataRequestRowResponse[]> {
  const today = indianToday(deps.clock());
  const rows = await listDataRequests(deps.db, { onlyOpen: status === 'open' });
  return rows.map((row) => toRow(row.request, row.studentName, today));
}

/** The admin's Home: who waits for consent, and requests open and overdue. */
export async function getPrivacySummary(deps: Pick<Deps, 'db' | 'clock'>): Promise<PrivacySummary> {
  const today = indianToday(deps.clock());
  const waiting = await listWaitingForConsent(deps, { limit: 1 });
  const requests = await countRequests(deps.db, today);
  return { waitingForConsent: waiting.total, openRequests: requests.open, overdueRequests: requests.overdue };
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]));
const photoUrl = (hash: string) => `${PHOTO_URL_PREFIX}${hash}.jpg`;

/**
 * Everything held about one student, for a copy of the data (DPDP Act s. 11): details, photos,
 * payments, marks, consents, enquiries, book sets, requests and the history of changes. Only rows of
 * this student (by ID; enquiries also by the student's own number). Messages: none are kept yet.
 */
export async function getStudentDataCopy(
  deps: Pick<Deps, 'db' | 'clock'>,
  { studentId }: { studentId: string },
): Promise<StudentDataCopy & { raw: { student: StudentRow; centerName: string } }> {
  const { student, centerName } = await studentOrNotFound(deps.db, studentId);
  const held = await readStudentData(deps.db, studentId, student.studentNo);
  const sent = await messagesOf(deps.db, studentId);
  const photos = [
    ...(student.studentPhoto === 'erased' ? [] : [{ purpose: 'Student photo', url: photoUrl(student.studentPhoto) }]),
    ...held.payments.map((payment) => ({
      purpose: `Receipt photo, payment ${payment.systemReceiptNo}`,
      url: photoUrl(payment.receiptPhoto),
    })),
    ...held.consents.flatMap((consent) =>
      consent.evidencePhoto ? [{ purpose: 'Signed consent form', url: photoUrl(consent.evidencePhoto) }] : [],
    ),
  ];
  const { studentPhoto: _photo, ...details } = student;
  return {
    format: 'mock-board/student-data-copy/v1',
    generatedAt: deps.clock().toISOString(),
    student: plain({ ...details, examCentre: `${student.examCentreId}-${centerName}` }),
    photos,
    payments: held.payments.map(plain),
    marks: held.marks.map(plain),
    consents: held.consents.map(plain),
    enquiries: held.enquiries.map(plain),
    bookSets: held.bookSets.map(plain),
    hallTicketAllowances: held.hallTicketAllowances.map(plain),
    requests: held.requests.map(plain),
    history: held.history.map(plain),
    messages: sent.map(plain),
    raw: { student, centerName },
  };
}

/**
 * Erases a student's personal data on a family's erasure request, keeping what the law requires: fee
 * receipts and accounts (payments, their receipt photos, the student's ID, name, standard, centre and fee
 * account) for the statutory 8 years, and the consent record (proof of lawful processing). Contact
 * details, date of birth, mother's name, school, marks, the student's photos and the enquiries' details
 * and notes are removed or anonymised; old audit entries lose the erased values; consent is withdrawn and
 * the student withdrawn. One transaction: the student's row, then the enquiries, then the marks
 * (decision 009). Photos are deleted from the file store after the commit, unless something kept uses them.
 */
export async function eraseForRequest(
  deps: Pick<Deps, 'db' | 'clock' | 'files'>,
  { by, id }: { by: Actor; id: number },
): Promise<DataRequestRowResponse> {
  const now = deps.clock();
  const today = indianToday(now);
  const { row, photos } = await deps.db.transaction(async (tx) => {
    const unlocked = await findDataRequest(tx, id);
    if (!unlocked) throw new DomainError('NOT_FOUND', privacyMessages.requestNotFound);
    const { student } = await studentOrNotFound(tx, unlocked.studentId, { lock: true });
    const request = await findDataRequest(tx, id, { lock: true });
    if (!request) throw new DomainError('NOT_FOUND', privacyMessages.requestNotFound);
    if (request.kind !== 'erasure') throw new DomainError('BAD_REQUEST', privacyMessages.requestNotErasure);
    if (request.status !== 'open') throw new DomainError('CONFLICT', privacyMessages.requestAlreadyClosed);
    if (student.studentPhoto === 'erased') throw new DomainError('CONFLICT', privacyMessages.alreadyErased);

    const photoHashes = await studentPhotoHashes(tx, student.studentId);
    const enquiryIds = await enquiriesOfStudent(tx, student);
    const isActive = student.status === 'active';
    await eraseStudentRow(tx, student.studentId, {
      consentState: 'withdrawn',
      ...(isActive
        ? {
            status: 'inactive',
            withdrawalReason: 'Data erased at the family’s request',
            withdrawnOn: today,
            seatNumber: null,
            seatSerial: null,
          }
        : {}),
    });
    await deleteCode(tx, student.studentId);
    const enquiries = await anonymiseEnquiries(tx, enquiryIds);
    const marksDeleted = await deleteMarksOf(tx, student.studentId);
    await deleteHallTicketAllowance(tx, student.studentId);
    await eraseMessagesOf(tx, student.studentId);
    // The message entries (issue 26) name the phone they went to.
    await scrubStudentAudit(tx, student.studentId, [...erasedStudentFields, 'phone']);
    const kept = await photosStillUsed(tx, photoHashes, { exceptStudent: student.studentId });
    const toDelete = photoHashes.filter((hash) => !kept.has(hash));
    await recordAudit(tx, {
      by,
      entity: 'student',
      entityId: student.studentId,
      studentId: student.studentId,
      entityName: student.studentName,
      action: 'erase',
      after: {
        erasedFields: [...erasedStudentFields, 'marks', 'enquiry details and notes', 'messages’ numbers and texts'],
        photosDeleted: toDelete.length,
      },
    });
    const outcome = `Erased: contact details, date of birth, mother's name, school, photos (${toDelete.length}), marks (${marksDeleted}), enquiries (${enquiries}). Kept for 8 years: fee receipts and accounts.`;
    const closed = await close(tx, { by, request, studentName: student.studentName, status: 'done', outcome, now });
    return { row: toRow(closed, student.studentName, today), photos: toDelete };
  });
  for (const hash of photos) await deps.files.delete(hash);
  return row;
}
