import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { UNPAGED_REGISTRATIONS_LIMIT } from '@app/domain/paging.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, students, visitingRecords } from '../../db/schema';
import { addCentres, registrationForm } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { currentSessionYear } from '../sessions/current-session';

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let studentPhoto: string;
let receiptPhoto: string;
const nextMonth = (() => {
  const date = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
})();

beforeAll(async () => {
  t = await createTestApp();
  await addCentres(t, [
    { centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 500 },
    { centerId: 2, centerName: 'Nashik', collegeName: 'HPT College', capicity: 500 },
    { centerId: 9, centerName: 'Small', collegeName: 'Tiny College', capicity: 6 },
  ]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
  studentPhoto = await t.uploadPhoto(priya.headers, { r: 1, g: 2, b: 3 });
  receiptPhoto = await t.uploadPhoto(priya.headers, { r: 4, g: 5, b: 6 });
});
afterAll(() => t.close());

/** The form with the values the server derives or takes from the session sent wrong: it ignores them. */
const form = (change: Record<string, unknown> = {}) =>
  registrationForm({
    studentPhoto,
    receiptPhoto,
    dueDate: nextMonth,
    previousYear: 'ignored',
    examYear: 1900,
    paymentStandard: '10th',
    totalamount: 1,
    amountRemaining: 0,
    uuid: rahul.uuid,
    counsellor: 'Someone Else',
    counsellorBranch: 'Fake',
    ...change,
  });

const register = (payload: Record<string, unknown>, headers = priya.headers) =>
  t.app.inject({ method: 'POST', url: '/api/counsellor/register', headers, payload });
const list = async (headers: { authorization: string }, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/counsellor/getRegister${query}`, headers })).json();
const studentRow = async (studentId: string) =>
  (await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId)))[0];

describe('POST /api/counsellor/register', () => {
  it('registers with every derived value computed by the server, and the counsellor from the session', async () => {
    const response = await register(form());
    expect(response.statusCode).toBe(201);
    const { studentId, message } = response.json();
    expect(message).toBe(messages.studentRegistered);
    expect(studentId).toMatch(/^\d{7}$/);
    expect(studentId.slice(0, 2)).toBe(indianToday().slice(2, 4));
    const row = await studentRow(studentId);
    expect(row).toMatchObject({
      totalPaise: 585_000,
      paidPaise: 200_000,
      remainingPaise: 385_000,
      dueDate: nextMonth,
      previousYear: '9th',
      // The session open for registration gives the exam year (its own for 10th), never the date.
      examYear: await currentSessionYear(t.app.deps.db),
      createdBy: priya.uuid,
      counsellor: 'Priya Deshmukh',
      counsellorBranch: 'Pune - Kothrud',
      examCentreId: 1,
    });
  });

  it('records the amount paid as the first payment, with its receipt, and answers its ID and receipt number', async () => {
    const { studentId, paymentId, receiptNumber } = (
      await register(form({ studentNo: '9876500002', appNo: '9876500002', modeOfPayment: 'Card' }))
    ).json();
    const rows = await t.app.deps.db.select().from(payments).where(eq(payments.studentId, studentId));
    expect(rows).toHaveLength(1);
    expect(paymentId).toBe(rows[0]?.paymentId);
    expect(receiptNumber).toBe(rows[0]?.systemReceiptNo);
    expect(receiptNumber).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(rows[0]).toMatchObject({
      amountPaise: 200_000,
      paymentMode: 'Cheque',
      receiptNo: '1045',
      createdBy: priya.uuid,
    });
  });

  it('charges the fee of the payment standard and needs no due date once all is paid', async () => {
    const response = await register(
      form({ standard: '12th', branch: 'PCM', paymentStandard: '11th+12th', amountPaid: 9850, dueDate: '2001-01-01' }),
    );
    expect(response.statusCode).toBe(201);
    const row = await studentRow(response.json().studentId);
    expect(row).toMatchObject({
      totalPaise: 985_000,
      paidPaise: 985_000,
      remainingPaise: 0,
      dueDate: null,
      previousYear: '11th',
    });
  });

  it('records no payment when nothing is paid', async () => {
    const { studentId, paymentId, receiptNumber } = (await register(form({ amountPaid: 0 }))).json();
    expect({ paymentId, receiptNumber }).toEqual({ paymentId: null, receiptNumber: null });
    expect(await t.app.deps.db.select().from(payments).where(eq(payments.studentId, studentId))).toHaveLength(0);
    expect((await studentRow(studentId))?.remainingPaise).toBe(585_000);
  });

  it.each([
    [{ amountPaid: 5850.01 }, messages.amountPaidTooHigh],
    [{ amountPaid: -1 }, messages.amountPaidInvalid],
    [{ amountPaid: 10.005 }, messages.amountPaidInvalid],
    [{ dueDate: '' }, messages.dueDateRequired],
    [{ dueDate: null }, messages.dueDateRequired],
    [{ dueDate: '2020-01-01' }, messages.dueDatePast],
    [{ pincode: '4110' }, messages.pincodeDigits],
    [{ studentNo: '98765', appNo: '98765' }, messages.phoneDigits],
    [{ appNo: '9000000000' }, messages.notificationNumber],
    [{ notificationNo: '9000000000' }, messages.notificationNumber],
    [{ email: 'aarav@' }, messages.invalidEmail],
    [{ preYearPercent: 101 }, messages.percentRange],
    [{ branch: 'PCB' }, 'Choose a medium or group of this standard'],
    [{ modeOfPayment: 'Bitcoin' }, messages.paymentModeInvalid],
    [{ receiptNo: 'R-12' }, messages.receiptNoDigits],
    [{ examCentre: '' }, messages.examCentreRequired],
    [{ examCentre: '7777-Nowhere' }, messages.examCentreUnknown],
    [{ studentPhoto: '' }, messages.studentPhotoRequired],
    [{ studentPhoto: 'https://elsewhere.example/photo.jpg' }, messages.photoNotStored],
    [{ receiptPhoto: `/api/files/${'a'.repeat(64)}.jpg` }, messages.photoNotStored],
    [{ motherName: '' }, "Mother's name is required"],
    [{ studentName: 'x'.repeat(101) }, 'Must be at most 100 characters'],
  ])('refuses %j with its message and registers nobody', async (change, message) => {
    const before = (await list(await t.adminAuth())).data.length;
    const response = await register(form(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await list(await t.adminAuth())).data.length).toBe(before);
  });

  it('is for counsellors only', async () => {
    expect((await register(form(), await t.adminAuth())).statusCode).toBe(403);
  });

  it('never overfills a centre, and gives concurrent registrations distinct, consecutive IDs', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register(
          form({
            examCentre: 9,
            studentNo: `98700000${String(i).padStart(2, '0')}`,
            appNo: `98700000${String(i).padStart(2, '0')}`,
          }),
        ),
      ),
    );
    const codes = results.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(6);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(results.find((response) => response.statusCode === 409)?.json().message).toBe(messages.examCentreFull);
    const ids = results
      .filter((r) => r.statusCode === 201)
      .map((r) => Number(r.json().studentId))
      .sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(6);
    expect((ids.at(-1) ?? 0) - (ids[0] ?? 0)).toBe(5);
  });
});

/** A centre of its own, filled with `count` students registered by Priya: each test makes its own rows. */
async function centreWithStudents(centerId: number, count: number) {
  await addCentres(t, [{ centerId, centerName: `Centre ${centerId}`, collegeName: 'Test College', capicity: count }]);
  for (let i = 0; i < count; i += 1) {
    expect((await register(form({ examCentre: centerId }))).statusCode).toBe(201);
  }
}

describe('GET /api/counsellor/getRegister', () => {
  it('gives a counsellor only their students, and an admin everyone with counsellor and branch', async () => {
    expect((await register(form())).statusCode).toBe(201);
    await register(form({ studentName: 'Rahul Student', examCentre: 2 }), rahul.headers);
    const mine = (await list(priya.headers, `?uuid=${rahul.uuid}&role=admin`)).data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row: { createdBy: string }) => row.createdBy === priya.uuid)).toBe(true);
    const all = (await list(await t.adminAuth())).data;
    const rahulRow = all.find((row: { studentName: string }) => row.studentName === 'Rahul Student');
    expect(rahulRow).toMatchObject({
      counsellor: 'Rahul Patil',
      counsellorBranch: 'Nashik',
      examCentre: '2-Nashik',
      totalAmount: 5850,
      amountPaid: 2000,
      amountRemaining: 3850,
    });
  });

  it('answers a list asked for without a page with the newest 1,000 and the totals, not every row', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Many Students', branch: 'Pune' });
    const centre = { centerId: 907, centerName: 'Unpaged', collegeName: 'No Limit College' };
    await addCentres(t, [centre]);
    const start = Date.UTC(2026, 5, 1);
    for (let i = 0; i <= UNPAGED_REGISTRATIONS_LIMIT; i += 1) {
      await insertTestStudent(t.app.deps.database, {
        createdBy: counsellor.uuid,
        examCentreId: centre.centerId,
        createdAt: new Date(start + i * 60_000),
        studentName: `Unpaged ${i}`,
      });
    }
    const answer = await list(counsellor.headers, `?uuid=${counsellor.uuid}&role=counsellor`);
    expect(answer.data).toHaveLength(UNPAGED_REGISTRATIONS_LIMIT);
    expect(answer.totalCount).toBe(UNPAGED_REGISTRATIONS_LIMIT + 1);
    expect(answer.data[0].studentName).toBe(`Unpaged ${UNPAGED_REGISTRATIONS_LIMIT}`);
    expect(answer.data.at(-1).studentName).toBe('Unpaged 1');
  });

  it('pages and filters in the database', async () => {
    const admin = await t.adminAuth();
    await centreWithStudents(21, 6);
    const ravi = await t.createStaff({ role: 'counsellor', name: 'Ravi Jadhav', branch: 'Nashik' });
    expect((await register(form({ studentName: 'Ravi Pager', examCentre: 2 }), ravi.headers)).statusCode).toBe(201);
    const page = await list(admin, '?page=1&limit=3');
    expect(page.data).toHaveLength(3);
    expect(page.totalCount).toBeGreaterThan(3);
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 3));
    const small = await list(admin, '?page=1&limit=50&examCentre=21');
    expect(small.totalCount).toBe(6);
    const twelfth = await list(admin, '?page=1&standard=12th');
    expect(twelfth.data.every((row: { standard: string }) => row.standard === '12th')).toBe(true);
    const search = await list(admin, '?page=1&search=ravi%20pag');
    expect(search.data.map((row: { studentName: string }) => row.studentName)).toEqual(['Ravi Pager']);
    const byId = await list(admin, `?page=1&search=${search.data[0].studentId}`);
    expect(byId.totalCount).toBe(1);
    const byCounsellor = await list(admin, `?page=1&counsellor=${ravi.uuid}`);
    expect(byCounsellor.totalCount).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/getRegister?page=0', headers: admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/counsellor/getRegister?limit=5000&page=1', headers: admin }))
        .statusCode,
    ).toBe(400);
  });
});

describe('exam centres with students', () => {
  it('count them, refuse deletion, and refuse a capacity below them', async () => {
    const admin = await t.adminAuth();
    await centreWithStudents(22, 6);
    const centres = (await t.app.inject({ method: 'GET', url: '/api/admin/getExamCenters', headers: admin })).json()
      .data;
    expect(centres.find((centre: { centerId: number }) => centre.centerId === 22).registeredCount).toBe(6);
    const remove = await t.app.inject({ method: 'DELETE', url: '/api/admin/deleteExamCenter/22', headers: admin });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(messages.centreHasStudents);
    const shrink = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/editcapicity/22',
      headers: admin,
      payload: { centerName: 'Centre 22', collegeName: 'Test College', capicity: 5 },
    });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toBe(messages.capacityBelowRegistered);
  });
});

describe('registering from an enquiry', () => {
  let enquirySeq = 0;
  const enquiry = async (headers = priya.headers) => {
    enquirySeq += 1;
    const studentNo = `97000${String(enquirySeq).padStart(5, '0')}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/visiting',
      headers,
      payload: {
        studentName: 'Isha Pawar',
        gender: 'Female',
        dob: '2011-03-04',
        address: 'Kothrud, Pune',
        pincode: '411038',
        standard: '10th',
        branch: 'Semi-English',
        schoolCollege: 'New English School',
        previousYearPercent: 88,
        email: 'isha@example.com',
        studentNo,
        parentsNo: '9822011111',
        notificationNo: studentNo,
        demoGiven: 'YES',
        reason: 'Other',
        otherReason: 'Will decide after the results',
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  };
  const convertedOf = async (id: number) =>
    (await t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.id, id)))[0]?.convertedStudentId;

  it('marks the enquiry converted to the new student in the same transaction, audited', async () => {
    const id = await enquiry();
    const response = await register(form({ enquiryId: id, studentNo: '9876511111', appNo: '9876511111' }));
    expect(response.statusCode).toBe(201);
    const { studentId } = response.json();
    expect(await convertedOf(id)).toBe(studentId);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/counsellor/getVisiting?page=1&limit=100', headers: priya.headers })
    ).json().data;
    expect(listed.find((record: { id: number }) => record.id === id)?.convertedStudentId).toBe(studentId);
    const audit = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'enquiry'));
    expect(audit.find((entry) => entry.entityId === String(id) && entry.action === 'update')).toMatchObject({
      actorUuid: priya.uuid,
      studentId,
      after: { convertedStudentId: studentId },
    });
  });

  it('refuses an enquiry already converted, and registers nobody', async () => {
    const id = await enquiry();
    expect((await register(form({ enquiryId: id, studentNo: '9876522222', appNo: '9876522222' }))).statusCode).toBe(
      201,
    );
    const before = (await t.app.deps.db.select().from(students)).length;
    const again = await register(form({ enquiryId: id, studentNo: '9876533333', appNo: '9876533333' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.enquiryAlreadyConverted);
    expect((await t.app.deps.db.select().from(students)).length).toBe(before);
  });

  it("refuses another counsellor's enquiry or one that does not exist, and leaves it unconverted", async () => {
    const id = await enquiry(rahul.headers);
    const before = (await t.app.deps.db.select().from(students)).length;
    for (const enquiryId of [id, 999_999]) {
      const response = await register(form({ enquiryId, studentNo: '9876544444', appNo: '9876544444' }));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(messages.enquiryNotFound);
    }
    expect(await convertedOf(id)).toBeNull();
    expect((await t.app.deps.db.select().from(students)).length).toBe(before);
    expect((await register(form({ enquiryId: 'abc' }))).statusCode).toBe(400);
  });
});
