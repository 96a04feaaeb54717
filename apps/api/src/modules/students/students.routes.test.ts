import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: { authorization: string };
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let studentPhoto: string;
let receiptPhoto: string;
let newPhoto: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [
    { centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 500 },
    { centerId: 2, centerName: 'Nashik', collegeName: 'HPT College', capicity: 500 },
    { centerId: 3, centerName: 'Full', collegeName: 'Tiny College', capicity: 1 },
  ]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil' });
  studentPhoto = await t.uploadPhoto(priya.headers, { r: 1, g: 2, b: 3 });
  receiptPhoto = await t.uploadPhoto(priya.headers, { r: 4, g: 5, b: 6 });
  newPhoto = await t.uploadPhoto(admin, { r: 7, g: 8, b: 9 });
  // The one seat of centre 3 is taken.
  await register({ examCentre: '3-Full' });
});
afterAll(() => t.close());

const register = (change: Record<string, unknown> = {}, headers = priya.headers) =>
  registerStudent(t, headers, registrationForm({ studentPhoto, receiptPhoto, ...change }));

const details = (change: Record<string, unknown> = {}) => ({
  studentName: 'Aarav S. Kulkarni',
  gender: 'Male',
  dob: '2011-06-15',
  motherName: 'Sunita Kulkarni',
  address: '14, Shivaji Nagar, Pune',
  pincode: '411006',
  email: 'Aarav.K@Example.com',
  studentNo: '9876500002',
  parentsNo: '9822098220',
  appNo: '9876500002',
  notificationNo: '9822098220',
  schoolCollege: 'Modern College',
  preYearPercent: 91.25,
  examCentre: '2-Nashik',
  ...change,
});

const get = (studentId: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/counsellor/student/${studentId}`, headers });
const put = (path: string, studentId: string, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/counsellor/${path}/${studentId}`, headers, payload });
const row = async (studentId: string) =>
  (await t.app.deps.db.select().from(students).where(eq(students.studentId, studentId)))[0];
const history = async (studentId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/activity?studentId=${studentId}`, headers: admin })).json()
    .data as { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];

describe('GET /api/counsellor/student/{studentId}', () => {
  it("answers SPEC §3 Student detail to an admin and to the student's own counsellor", async () => {
    const studentId = await register();
    for (const headers of [admin, priya.headers]) {
      const response = await get(studentId, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().student).toMatchObject({
        studentId,
        studentName: 'Aarav Kulkarni',
        gender: 'Male',
        dob: '2011-06-14',
        standard: '10th',
        previousYear: '9th',
        branch: 'Semi-English',
        preYearPercent: 82.5,
        examCentre: '1-Pune',
        examYear: expect.any(Number),
        studentPhoto,
      });
    }
  });

  it("answers 404 'Student not found with this ID' for an unknown ID and for another counsellor's student", async () => {
    const studentId = await register();
    for (const response of [await get('2699999'), await get(studentId, rahul.headers)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(messages.studentNotFoundWithId);
    }
  });
});

describe('PUT /api/counsellor/updateStudentDetails/{studentId}', () => {
  it('changes the details, keeps standard, branch and examYear, and records the change', async () => {
    const studentId = await register();
    const before = await row(studentId);
    const response = await put(
      'updateStudentDetails',
      studentId,
      details({ standard: '12th', branch: 'PCM', examYear: 1999, previousYear: '11th', studentId }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(messages.studentDetailsUpdated);
    const after = await row(studentId);
    expect(after).toMatchObject({
      studentName: 'Aarav S. Kulkarni',
      dob: '2011-06-15',
      email: 'aarav.k@example.com',
      pincode: '411006',
      preYearPercentBp: 9125,
      examCentreId: 2,
      standard: before?.standard,
      branch: before?.branch,
      examYear: before?.examYear,
      previousYear: before?.previousYear,
      totalPaise: before?.totalPaise,
      remainingPaise: before?.remainingPaise,
    });
    const [entry] = await history(studentId);
    expect(entry?.action).toBe('update');
    expect(entry?.before).toMatchObject({ studentName: 'Aarav Kulkarni', examCentreId: 1, preYearPercentBp: 8250 });
    expect(entry?.after).toMatchObject({ studentName: 'Aarav S. Kulkarni', examCentreId: 2, preYearPercentBp: 9125 });
    expect(entry?.after).not.toHaveProperty('motherName'); // unchanged fields are not listed
  });

  it('refuses a body naming another student than the address, on each update route, changing nothing', async () => {
    const studentId = await register();
    const other = await register();
    const recorded = (await history(studentId)).length;
    for (const [path, body] of [
      ['updateStudentDetails', details({ studentId: other })],
      ['updateStudentPhoto', { studentId: other, studentPhoto: newPhoto, prevPhotoUrl: studentPhoto }],
      ['updateStudentCombined', details({ studentId: other, studentPhoto: newPhoto, prevPhotoUrl: studentPhoto })],
    ] as const) {
      const response = await put(path, studentId, body, priya.headers);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toBe(messages.studentIdMismatch);
    }
    expect((await get(studentId)).json().student).toMatchObject({ studentName: 'Aarav Kulkarni', studentPhoto });
    expect((await get(other)).json().student).toMatchObject({ studentName: 'Aarav Kulkarni', studentPhoto });
    expect(await history(studentId)).toHaveLength(recorded);
  });

  it('lets a counsellor edit their own students only', async () => {
    const studentId = await register();
    expect((await put('updateStudentDetails', studentId, details(), rahul.headers)).statusCode).toBe(404);
    expect((await put('updateStudentDetails', studentId, details(), priya.headers)).statusCode).toBe(200);
  });

  it('refuses each SPEC §5 rule with its message, changing nothing', async () => {
    const studentId = await register();
    const recorded = (await history(studentId)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pincode: '41100' }, 'pincode', messages.pincodeDigits],
      [{ studentNo: '98765' }, 'studentNo', messages.phoneDigits],
      [{ parentsNo: 'abc' }, 'parentsNo', messages.phoneDigits],
      [{ email: 'aarav@example' }, 'email', messages.invalidEmail],
      [{ preYearPercent: 100.5 }, 'preYearPercent', messages.percentRange],
      [{ preYearPercent: 50.123 }, 'preYearPercent', messages.percentRange],
      [{ studentName: '  ' }, 'studentName', messages.studentNameRequired],
      [{ gender: '' }, 'gender', messages.genderRequired],
      [{ dob: '' }, 'dob', messages.studentDobRequired],
      [{ dob: '2024-01-01' }, 'dob', messages.studentDobRange],
      [{ motherName: '' }, 'motherName', messages.motherNameRequired],
      [{ address: '' }, 'address', messages.addressRequired],
      [{ schoolCollege: '' }, 'schoolCollege', messages.schoolRequired],
      [{ pincode: '41100a' }, 'pincode', messages.pincodeDigits],
      [{ email: 'aarav@example.c' }, 'email', messages.invalidEmail],
      [{ preYearPercent: -1 }, 'preYearPercent', messages.percentRange],
      [{ appNo: '9000000000' }, 'appNo', messages.notificationNumber],
      [{ examCentre: '' }, 'examCentre', messages.examCentreRequired],
      [{ notificationNo: '9000000000' }, 'notificationNo', messages.notificationNumber],
    ];
    for (const [change, path, message] of cases) {
      const response = await put('updateStudentDetails', studentId, details(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    const { motherName, ...withoutMother } = details();
    expect((await put('updateStudentDetails', studentId, withoutMother)).statusCode).toBe(400);
    expect(motherName).toBeTruthy();
    expect((await row(studentId))?.studentName).toBe('Aarav Kulkarni');
    expect(await history(studentId)).toHaveLength(recorded); // nothing new
  });

  it('refuses an unknown centre and a full one, and keeps the student where they were', async () => {
    const studentId = await register();
    const unknown = await put('updateStudentDetails', studentId, details({ examCentre: '77-Nowhere' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messages.examCentreUnknown);
    const full = await put('updateStudentDetails', studentId, details({ examCentre: '3-Full' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(messages.examCentreFull);
    expect((await row(studentId))?.examCentreId).toBe(1);
  });

  it('lets a student already at a full centre keep their seat while other details change', async () => {
    const studentId = (
      await t.app.deps.db.select({ id: students.studentId }).from(students).where(eq(students.examCentreId, 3))
    )[0]?.id;
    expect(studentId).toBeDefined();
    const response = await put('updateStudentDetails', String(studentId), details({ examCentre: '3-Full' }));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('PUT /api/counsellor/updateStudentPhoto/{studentId}', () => {
  it('replaces the photo with a stored one and records it', async () => {
    const studentId = await register();
    const response = await put('updateStudentPhoto', studentId, {
      studentId,
      studentPhoto: newPhoto,
      prevPhotoUrl: studentPhoto,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.studentPhotoUpdated);
    expect((await get(studentId)).json().student.studentPhoto).toBe(newPhoto);
    const [entry] = await history(studentId);
    expect(Object.keys(entry?.after ?? {})).toEqual(['studentPhoto']);
  });

  it('refuses a photo that is missing or not stored on this server', async () => {
    const studentId = await register();
    const missing = await put('updateStudentPhoto', studentId, { studentId, prevPhotoUrl: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toContainEqual({ path: 'studentPhoto', message: messages.newPhotoFirst });
    const foreign = await put('updateStudentPhoto', studentId, {
      studentPhoto: `/api/files/${'b'.repeat(64)}.jpg`,
      prevPhotoUrl: '',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(messages.photoNotStored);
    expect((await get(studentId)).json().student.studentPhoto).toBe(studentPhoto);
  });
});

describe('PUT /api/counsellor/updateStudentCombined/{studentId}', () => {
  it('changes details and photo together, as one entry of the history', async () => {
    const studentId = await register();
    const recorded = (await history(studentId)).length;
    const response = await put(
      'updateStudentCombined',
      studentId,
      details({ studentPhoto: newPhoto, prevPhotoUrl: studentPhoto, standard: '12th' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = (await get(studentId)).json().student;
    expect(after).toMatchObject({ studentName: 'Aarav S. Kulkarni', studentPhoto: newPhoto, standard: '10th' });
    const entries = await history(studentId);
    expect(entries).toHaveLength(recorded + 1);
    expect(entries[0]?.after).toMatchObject({ studentName: 'Aarav S. Kulkarni', studentPhoto: expect.any(String) });
  });

  it('changes nothing when one part is refused', async () => {
    const studentId = await register();
    const response = await put(
      'updateStudentCombined',
      studentId,
      details({ studentPhoto: newPhoto, examCentre: '3-Full' }),
    );
    expect(response.statusCode).toBe(409);
    const after = (await get(studentId)).json().student;
    expect(after).toMatchObject({ studentName: 'Aarav Kulkarni', studentPhoto, examCentre: '1-Pune' });
  });
});
