import { messages } from '@app/domain/messages';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, visitingRecords } from '../../db/schema';
import { enquiryForm } from '../../testing/enrolment';
import { type AuthHeaders, createTestApp, type TestApp, type TestStaff } from '../../testing/test-app';

let t: TestApp;
let admin: AuthHeaders;
let priya: TestStaff;
let rahul: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: AuthHeaders, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function record(change: Record<string, unknown> = {}, by: TestStaff = priya) {
  const body = enquiryForm(change);
  const response = await call('POST', '/api/counsellor/visiting', by.headers, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: response.json().data.id as number, body };
}

const rowOf = async (id: number) =>
  (await t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.id, id)))[0];
const entriesOf = (id: number, after = 0) =>
  t.app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, String(id)), gt(auditLog.id, after)))
    .orderBy(asc(auditLog.id));
const lastAuditId = async () =>
  Number((await t.app.deps.db.select({ id: sql<string | null>`max(${auditLog.id})` }).from(auditLog))[0]?.id ?? 0);
const idsOf = async (query: string, headers: AuthHeaders = priya.headers) => {
  const response = await call('GET', `/api/counsellor/getVisiting${query}`, headers);
  expect(response.statusCode).toBe(200);
  return (response.json().data as { id: number }[]).map((r) => r.id);
};
const close = (id: number, payload: object, headers: AuthHeaders = priya.headers) =>
  call('PUT', `/api/counsellor/visiting/${id}/close`, headers, payload);
const reopen = (id: number, headers: AuthHeaders = priya.headers) =>
  call('PUT', `/api/counsellor/visiting/${id}/reopen`, headers);

describe('PUT /api/counsellor/visiting/:id (edit)', () => {
  it('lets a counsellor correct their own enquiry, keeps who recorded it, and audits only what changed', async () => {
    const { id, body } = await record();
    const before = await rowOf(id);
    const response = await call('PUT', `/api/counsellor/visiting/${id}`, priya.headers, {
      ...body,
      studentName: 'Aarav S. Kulkarni',
      standard: '12th',
      branch: 'PCM',
      previousYearPercent: 90.25,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.enquiryUpdated);
    expect(response.json().data).toMatchObject({
      id,
      studentName: 'Aarav S. Kulkarni',
      previousYear: '11th',
      previousYearPercent: 90.25,
      createdBy: priya.uuid,
      counsellor: 'Priya Deshmukh',
      createdAt: before?.createdAt.toISOString(),
    });
    const [entry, ...more] = await entriesOf(id, 0).then((rows) => rows.filter((r) => r.action === 'update'));
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorUuid: priya.uuid,
      entityName: 'Aarav S. Kulkarni',
      before: {
        studentName: 'Aarav Kulkarni',
        standard: '10th',
        branch: 'Semi-English',
        previousYear: '9th',
        previousYearPercentBp: 8250,
      },
      after: {
        studentName: 'Aarav S. Kulkarni',
        standard: '12th',
        branch: 'PCM',
        previousYear: '11th',
        previousYearPercentBp: 9025,
      },
    });
  });

  it("refuses another counsellor's enquiry as not found and changes nothing; an admin may edit any", async () => {
    const { id, body } = await record();
    const from = await lastAuditId();
    const refused = await call('PUT', `/api/counsellor/visiting/${id}`, rahul.headers, { ...body, studentName: 'X' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.enquiryNotFound);
    expect((await rowOf(id))?.studentName).toBe('Aarav Kulkarni');
    expect(await entriesOf(id, from)).toEqual([]);
    const byAdmin = await call('PUT', `/api/counsellor/visiting/${id}`, admin, {
      ...body,
      studentName: 'Fixed By Admin',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ studentName: 'Fixed By Admin', createdBy: priya.uuid });
  });

  it.each([
    [{ pincode: '41100' }, messages.pincodeDigits],
    [{ parentsNo: '98220' }, messages.phoneDigits],
    [{ reason: 'Other' }, messages.otherReasonRequired],
    [{ branch: 'PCM' }, messages.branchOfStandard],
  ])('answers 400 for %j with the form’s message and changes nothing', async (change, message) => {
    const { id, body } = await record();
    const before = await rowOf(id);
    const from = await lastAuditId();
    const response = await call('PUT', `/api/counsellor/visiting/${id}`, priya.headers, {
      ...body,
      studentName: 'Changed',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await rowOf(id)).toEqual(before);
    expect(await entriesOf(id, from)).toEqual([]);
  });

  it('refuses to edit a closed enquiry (409: reopen it first), unchanged; once reopened it can be edited', async () => {
    const { id, body } = await record();
    expect((await close(id, { reason: 'Duplicate' })).statusCode).toBe(200);
    const before = await rowOf(id);
    const from = await lastAuditId();
    for (const headers of [priya.headers, admin]) {
      const response = await call('PUT', `/api/counsellor/visiting/${id}`, headers, {
        ...body,
        studentName: 'Changed',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.enquiryClosedEditReopenFirst);
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await entriesOf(id, from)).toEqual([]);
    expect((await reopen(id)).statusCode).toBe(200);
    const edited = await call('PUT', `/api/counsellor/visiting/${id}`, priya.headers, {
      ...body,
      studentName: 'Changed',
    });
    expect(edited.statusCode).toBe(200);
    expect((await rowOf(id))?.studentName).toBe('Changed');
  });

  it('refuses to take another enquiry’s student number and standard (409), unchanged', async () => {
    const first = await record();
    const { id, body } = await record();
    const from = await lastAuditId();
    const response = await call('PUT', `/api/counsellor/visiting/${id}`, priya.headers, {
      ...body,
      studentNo: first.body.studentNo,
      notificationNo: first.body.studentNo,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.visitingDuplicate);
    expect((await rowOf(id))?.studentNo).toBe(body.studentNo);
    expect(await entriesOf(id, from)).toEqual([]);
  });

  it('answers 404 for an enquiry that does not exist or a malformed id', async () => {
    expect((await call('PUT', '/api/counsellor/visiting/999999', admin, enquiryForm())).statusCode).toBe(404);
    expect((await call('PUT', '/api/counsellor/visiting/abc', admin, enquiryForm())).statusCode).toBe(400);
  });
});

describe('closing and reopening an enquiry', () => {
  it('closes with a reason: it leaves the default list, the closed filter shows it; the audit entry says why', async () => {
    const { id } = await record();
    const from = await lastAuditId();
    const response = await close(id, { reason: 'Duplicate' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.enquiryClosed);
    expect(response.json().data).toMatchObject({ closedReason: 'Duplicate', closedNote: null });
    expect(await idsOf('')).not.toContain(id);
    expect(await idsOf('?page=1&limit=200')).not.toContain(id);
    expect(await idsOf('?page=1&limit=200&status=all')).toContain(id);
    expect(await idsOf('?page=1&limit=200&status=closed')).toContain(id);
    expect(await idsOf('?page=1&limit=200&status=closed', admin)).toContain(id);
    expect(await entriesOf(id, from)).toEqual([
      expect.objectContaining({
        action: 'close',
        actorUuid: priya.uuid,
        entityName: 'Aarav Kulkarni',
        after: { closedReason: 'Duplicate' },
      }),
    ]);
    expect(await rowOf(id)).toMatchObject({ closedBy: priya.uuid, closedReason: 'Duplicate' });
  });

  it('reopens: back in the default list, the entry keeps the reason it was closed for', async () => {
    const { id } = await record();
    expect((await close(id, { reason: 'Other', note: 'Parent asked to wait' })).statusCode).toBe(200);
    const from = await lastAuditId();
    const response = await reopen(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ closedAt: null, closedReason: null, closedNote: null });
    expect(await idsOf('')).toContain(id);
    expect(await idsOf('?page=1&limit=200&status=closed')).not.toContain(id);
    expect(await entriesOf(id, from)).toEqual([
      expect.objectContaining({
        action: 'reopen',
        before: { closedReason: 'Other', closedNote: 'Parent asked to wait' },
        after: null,
      }),
    ]);
    expect(await rowOf(id)).toMatchObject({ closedAt: null, closedBy: null });
  });

  it.each([
    [{}, messages.closeReasonRequired],
    [{ reason: 'Deleted' }, messages.closeReasonRequired],
    [{ reason: 'Other' }, messages.closeNoteRequired],
    [{ reason: 'Other', note: '   ' }, messages.closeNoteRequired],
  ])('refuses to close with %j (400) and changes nothing', async (payload, message) => {
    const { id } = await record();
    const before = await rowOf(id);
    const response = await close(id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await rowOf(id)).toEqual(before);
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it('refuses to close twice, to reopen an open one, and another counsellor either way', async () => {
    const { id } = await record();
    expect((await reopen(id)).json().message).toBe(messages.enquiryNotClosed);
    expect((await close(id, { reason: 'Wrong entry' }, rahul.headers)).statusCode).toBe(404);
    expect((await close(id, { reason: 'Wrong entry' })).statusCode).toBe(200);
    const again = await close(id, { reason: 'Duplicate' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.enquiryAlreadyClosed);
    expect((await reopen(id, rahul.headers)).statusCode).toBe(404);
    expect((await reopen(id, admin)).statusCode).toBe(200);
    expect((await entriesOf(id)).map((e) => e.action)).toEqual(['create', 'close', 'reopen']);
  });

  it('20 concurrent closes of one enquiry: exactly one closes it, one audit entry', async () => {
    const { id } = await record();
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(id, { reason: 'Duplicate' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await entriesOf(id)).map((e) => e.action)).toEqual(['create', 'close']);
  });

  it('refuses to close an enquiry registered as a student (409): the student is withdrawn instead', async () => {
    const { id, body } = await record();
    const registered = await registerFrom(id, body);
    expect(registered.statusCode, registered.body).toBe(201);
    const response = await close(id, { reason: 'Duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.enquiryConverted);
    expect((await rowOf(id))?.closedAt).toBeNull();
    // Its corrections land in the student's history.
    const edited = await call('PUT', `/api/counsellor/visiting/${id}`, priya.headers, { ...body, pincode: '411038' });
    expect(edited.statusCode).toBe(200);
    const [entry] = (await entriesOf(id)).filter((e) => e.action === 'update');
    expect(entry?.studentId).toBe(registered.json().studentId);
  });

  it('refuses to register a student from a closed enquiry (409) until it is reopened', async () => {
    const { id, body } = await record();
    expect((await close(id, { reason: 'Not interested' })).statusCode).toBe(200);
    const refused = await registerFrom(id, body);
    expect([refused.statusCode, refused.json().message]).toEqual([409, messages.enquiryClosedReopenFirst]);
    expect((await rowOf(id))?.convertedStudentId).toBeNull();
    expect((await reopen(id)).statusCode).toBe(200);
    expect((await registerFrom(id, body)).statusCode).toBe(201);
  });
});

let centre: number | undefined;
async function registerFrom(id: number, body: Record<string, unknown>) {
  if (centre === undefined) {
    centre = 700;
    await call('POST', '/api/admin/addCenter', admin, {
      centerId: centre,
      centerName: 'Centre 700',
      collegeName: 'Fergusson College',
      capicity: 50,
    });
  }
  const photo = await t.uploadPhoto(priya.headers);
  return call('POST', '/api/counsellor/register', priya.headers, {
    ...body,
    motherName: 'Sunita Kulkarni',
    appNo: body.studentNo,
    preYearPercent: 82.5,
    examCentre: centre,
    receiptNo: '1045',
    studentPhoto: photo,
    receiptPhoto: photo,
    amountPaid: 2000,
    modeOfPayment: 'Cash',
    dueDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    enquiryId: id,
  });
}
