import { privacyMessages } from '@app/domain/privacy.schemas';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marks, payments, students, subjects, visitingRecords } from '../../db/schema';
import { addCentres, enquiryForm, registerStudent, registrationForm } from '../../testing/enrolment';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { canMessage } from './consent.service';

let now = new Date('2026-11-24T06:00:00Z');
let t: TestApp;
let admin: { authorization: string };
let counsellor: { headers: { authorization: string }; uuid: string };

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera Joshi', branch: 'Pune' });
  await t.app.deps.db.insert(subjects).values({
    subjectCode: 701,
    subjectName: 'Mathematics',
    language: 'English',
    standard: '10th',
    examYear: 2026,
  });
});
afterAll(() => t.close());

let sequence = 0;
/** A registered student with an enquiry, a second payment and a mark: everything a family has here. */
async function family(name: string) {
  sequence += 1;
  const studentNo = `97100${String(sequence).padStart(5, '0')}`;
  const parentsNo = `96100${String(sequence).padStart(5, '0')}`;
  const studentPhoto = await t.uploadPhoto(counsellor.headers, { r: (40 * sequence) % 256, g: 200, b: 30 });
  const receiptPhoto = await t.uploadPhoto(counsellor.headers, { r: 200, g: (40 * sequence) % 256, b: 90 });
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/counsellor/visiting',
    headers: counsellor.headers,
    payload: enquiryForm({
      studentName: name,
      studentNo,
      parentsNo,
      notificationNo: parentsNo,
      reason: `Notes about ${name}`,
    }),
  });
  expect(enquiry.statusCode, enquiry.body).toBe(201);
  const studentId = await registerStudent(
    t,
    counsellor.headers,
    registrationForm({
      studentPhoto,
      receiptPhoto,
      studentName: name,
      studentNo,
      appNo: studentNo,
      parentsNo,
      notificationNo: parentsNo,
      address: `${sequence}, Residency Road of ${name}`,
    }),
  );
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/counsellor/makePayment',
    headers: counsellor.headers,
    payload: { studentId, amountPaid: 500, paymentMode: 'Cash', newDueDate: '2027-01-20', receiptPhoto },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  await t.app.deps.db
    .insert(marks)
    .values({ studentId, subjectCode: 701, marks: 60 + sequence, updatedBy: counsellor.uuid });
  return { studentId, studentNo, parentsNo, name, studentPhoto, receiptPhoto };
}

const hashOf = (url: string) => url.slice('/api/files/'.length, -'.jpg'.length);
const request = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/dataRequests', headers: admin, payload });

describe('a copy of a student’s data', () => {
  it('holds everything about the student and nothing of another', async () => {
    const one = await family('Ishita Deshmukh');
    const other = await family('Rohan Gaikwad');
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/dataCopy/${one.studentId}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`Data_${one.studentId}.json`);
    const copy = response.json();
    expect(copy.student).toMatchObject({ studentId: one.studentId, studentName: one.name, parentsNo: one.parentsNo });
    expect(copy.payments).toHaveLength(2);
    expect(copy.payments.every((p: { studentId: string }) => p.studentId === one.studentId)).toBe(true);
    expect(copy.marks).toEqual([expect.objectContaining({ subjectCode: 701, subjectName: 'Mathematics' })]);
    expect(copy.enquiries).toHaveLength(1);
    expect(copy.enquiries[0].reason).toBe(`Notes about ${one.name}`);
    expect(copy.photos.map((p: { url: string }) => p.url)).toEqual(
      expect.arrayContaining([one.studentPhoto, one.receiptPhoto]),
    );
    expect(copy.history.length).toBeGreaterThanOrEqual(3);
    expect(copy.history.every((entry: { studentId: string }) => entry.studentId === one.studentId)).toBe(true);
    expect(copy.messages.map((m: { kind: string }) => m.kind)).toContain('payment_received');
    const text = JSON.stringify(copy);
    for (const value of [other.studentId, other.name, other.studentNo, other.parentsNo, hashOf(other.studentPhoto)]) {
      expect(text).not.toContain(value);
    }

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pdf/dataCopy?studentId=${one.studentId}`,
      headers: admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain(one.name);
    expect(words).toContain(one.parentsNo);
    expect(words).toContain('Mathematics');
    expect(words).not.toContain(other.name);
  });
});

describe('the request register', () => {
  it('gives a deadline of 90 days, shows it overdue after, and closes once', async () => {
    const one = await family('Sakshi Pawar');
    const created = await request({ studentId: one.studentId, kind: 'correction', receivedOn: '2026-11-20' });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      kind: 'correction',
      receivedOn: '2026-11-20',
      dueOn: '2027-02-18',
      status: 'open',
      isOverdue: false,
    });
    const saved = now;
    try {
      // 18 February 2027 is the last day; midnight in India starts 19 February.
      now = new Date('2027-02-18T18:29:00Z');
      let summary = (await t.app.inject({ method: 'GET', url: '/api/admin/privacy/summary', headers: admin })).json();
      const overdueBefore = summary.overdueRequests;
      now = new Date('2027-02-18T18:30:00Z');
      summary = (await t.app.inject({ method: 'GET', url: '/api/admin/privacy/summary', headers: admin })).json();
      expect(summary.overdueRequests).toBe(overdueBefore + 1);
      const open = (await t.app.inject({ method: 'GET', url: '/api/admin/dataRequests', headers: admin })).json().data;
      expect(open.find((r: { id: number }) => r.id === data.id)).toMatchObject({ isOverdue: true });
    } finally {
      now = saved;
    }
    const close = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/dataRequests/${data.id}/close`, headers: admin, payload });
    const closed = await close({ status: 'done', outcome: 'Address corrected' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'done',
      outcome: 'Address corrected',
      handledBy: 'Administrator',
    });
    expect((await close({ status: 'done', outcome: 'Again' })).statusCode).toBe(409);
    expect((await request({ studentId: one.studentId, kind: 'copy', receivedOn: '2030-01-01' })).statusCode).toBe(400);
    expect((await request({ studentId: 'NOPE', kind: 'copy', receivedOn: '2026-11-20' })).statusCode).toBe(404);
  });

  it('a withdrawal of consent stops messages at once and closes the request', async () => {
    const one = await family('Omkar Shinde');
    await t.app.deps.db.update(students).set({ consentState: 'given' }).where(eq(students.studentId, one.studentId));
    expect(await canMessage(t.app.deps, one.studentId)).toBe(true);
    const created = await request({ studentId: one.studentId, kind: 'withdraw', receivedOn: '2026-11-24' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ status: 'done', outcome: privacyMessages.consentWithdrawn });
    expect(await canMessage(t.app.deps, one.studentId)).toBe(false);
  });
});

describe('erasure', () => {
  it('keeps the receipts and accounts, removes the rest, and scrubs the old audit values', async () => {
    const one = await family('Pranali Kale');
    const other = await family('Kunal More');
    // A change through Edit Student puts the old and new address in the audit trail.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/updateStudentDetails/${one.studentId}`,
      headers: admin,
      payload: {
        studentName: one.name,
        gender: 'Female',
        dob: '2011-02-03',
        motherName: 'Lata Kale',
        address: '99, Secret Lane, Pune',
        pincode: '411030',
        email: 'pranali@example.com',
        studentNo: one.studentNo,
        parentsNo: one.parentsNo,
        appNo: one.studentNo,
        notificationNo: one.parentsNo,
        schoolCollege: 'Modern School',
        preYearPercent: 77,
        examCentre: '1-Pune',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const paymentsBefore = await t.app.deps.db.select().from(payments).where(eq(payments.studentId, one.studentId));

    const created = (await request({ studentId: one.studentId, kind: 'erasure', receivedOn: '2026-11-24' })).json()
      .data;
    const erase = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/dataRequests/${created.id}/erase`, headers: admin });
    const erased = await erase();
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ status: 'done' });
    expect((await erase()).statusCode).toBe(409);

    // Receipts and accounts stay, with their photos.
    const paymentsAfter = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.studentId, one.studentId))
      .orderBy(asc(payments.paymentId));
    expect(paymentsAfter).toEqual([...paymentsBefore].sort((a, b) => a.paymentId - b.paymentId));
    expect(await t.app.deps.files.has(hashOf(one.receiptPhoto))).toBe(true);
    const [row] = await t.app.deps.db.select().from(students).where(eq(students.studentId, one.studentId));
    expect(row).toMatchObject({
      studentName: one.name,
      totalPaise: 585_000,
      paidPaise: 250_000,
      address: 'Erased',
      motherName: 'Erased',
      parentsNo: '0000000000',
      studentPhoto: 'erased',
      consentState: 'withdrawn',
      status: 'inactive',
    });
    // The photo is gone from the store; marks and enquiry details too.
    expect(await t.app.deps.files.has(hashOf(one.studentPhoto))).toBe(false);
    expect(await t.app.deps.db.select().from(marks).where(eq(marks.studentId, one.studentId))).toEqual([]);
    const [enquiry] = await t.app.deps.db
      .select()
      .from(visitingRecords)
      .where(eq(visitingRecords.convertedStudentId, one.studentId));
    const enquiryText = JSON.stringify(
      enquiry ?? (await t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.studentName, 'Erased'))),
    );
    expect(enquiryText).not.toContain(`Notes about ${one.name}`);
    expect(enquiryText).not.toContain(one.parentsNo);
    // Old audit entries keep no erased value; the erasure itself is recorded without values.
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.studentId, one.studentId))
      .orderBy(asc(auditLog.id));
    const trail = JSON.stringify(entries.map((entry) => [entry.before, entry.after]));
    for (const value of ['99, Secret Lane, Pune', 'Lata Kale', one.parentsNo, hashOf(one.studentPhoto)]) {
      expect(trail).not.toContain(value);
    }
    expect(trail).toContain('(erased)');
    const [erasure] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, one.studentId), eq(auditLog.action, 'erase')));
    expect(erasure?.after).toMatchObject({ photosDeleted: 1 });
    // The audit trail is still append-only outside an erasure.
    await expect(
      t.app.deps.db.update(auditLog).set({ actorName: 'x' }).where(eq(auditLog.studentId, one.studentId)),
    ).rejects.toThrow();

    // Another family is untouched.
    const [kept] = await t.app.deps.db.select().from(students).where(eq(students.studentId, other.studentId));
    expect(kept).toMatchObject({ parentsNo: other.parentsNo, address: expect.stringContaining(other.name) });
    expect(await t.app.deps.files.has(hashOf(other.studentPhoto))).toBe(true);
    expect(await t.app.deps.db.select().from(marks).where(eq(marks.studentId, other.studentId))).toHaveLength(1);
  });

  it('refuses to erase on a request that is not an erasure', async () => {
    const one = await family('Neha Jagtap');
    const created = (await request({ studentId: one.studentId, kind: 'copy', receivedOn: '2026-11-24' })).json().data;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/dataRequests/${created.id}/erase`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.app.deps.db.select().from(students).where(eq(students.studentId, one.studentId));
    expect(row?.parentsNo).toBe(one.parentsNo);
  });
});
