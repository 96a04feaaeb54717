import { visitingReasons } from '@app/domain/visiting.schemas';
import type { TestApp } from './test-app';

/** As the Add Centre form sends it; no capacity means no seat limit. */
type Centre = { centerId: number; centerName: string; collegeName: string; capicity?: number };

/** Adds exam centres as the admin, in order (throws unless each answers 201). */
export async function addCentres(t: TestApp, centres: Centre[]): Promise<void> {
  for (const centre of centres) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addCenter',
      headers: await t.adminAuth(),
      payload: centre,
    });
    if (response.statusCode !== 201) throw new Error(`add centre ${centre.centerId}: ${response.body}`);
  }
}

const nextMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * The body of POST /api/counsellor/register, valid as it stands: Aarav, 10th, at centre 1, ₹2,000 of
 * ₹5,850 paid in cash, the rest due in 30 days. `values` brings the photos (uploaded by the test) and
 * replaces any other field.
 */
export function registrationForm(
  values: { studentPhoto: string; receiptPhoto: string } & Record<string, unknown>,
): Record<string, unknown> {
  return {
    studentName: 'Aarav Kulkarni',
    gender: 'Male',
    dob: '2011-06-14',
    motherName: 'Sunita Kulkarni',
    address: '12, Shivaji Nagar, Pune',
    pincode: '411005',
    email: 'aarav@example.com',
    studentNo: '9876500001',
    parentsNo: '9822098220',
    appNo: '9876500001',
    notificationNo: '9822098220',
    standard: '10th',
    schoolCollege: 'New English School',
    preYearPercent: 82.5,
    branch: 'Semi-English',
    examCentre: '1-Pune',
    receiptNo: '1045',
    amountPaid: 2000,
    modeOfPayment: 'Cash',
    dueDate: nextMonth(),
    ...values,
  };
}

/** Registers through the API as the counsellor `headers` signs in; answers the new student ID (throws unless 201). */
export async function registerStudent(
  t: TestApp,
  headers: { authorization: string },
  form: Record<string, unknown>,
): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/counsellor/register', headers, payload: form });
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  return response.json().studentId as string;
}

/** Adds a course to the open exam session as the admin `headers` signs in; answers its id (throws unless 201). */
export async function addOpenSessionCourse(
  t: TestApp,
  headers: { authorization: string },
  course: { name: string; standard: string; branches: string[]; fee: number },
): Promise<number> {
  const open = await t.app.inject({ method: 'GET', url: '/api/counsellor/openExamSession', headers });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/examSessions/${open.json().data.id}/courses`,
    headers,
    payload: course,
  });
  if (response.statusCode !== 201) throw new Error(`add course: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

let phone = 9_800_000_000;
let parentPhone = 9_700_000_000;

/**
 * Registers `studentName` with a student number and a parent number of its own (each call new ones), so
 * each student's messages and codes are told apart by the parent's number; `values` replaces any field.
 */
export function registerWithOwnPhones(
  t: TestApp,
  headers: { authorization: string },
  { photo, studentName, ...values }: { photo: string; studentName: string } & Record<string, unknown>,
): Promise<string> {
  phone += 1;
  parentPhone += 1;
  return registerStudent(
    t,
    headers,
    registrationForm({
      studentPhoto: photo,
      receiptPhoto: photo,
      studentName,
      studentNo: String(phone),
      appNo: String(phone),
      parentsNo: String(parentPhone),
      notificationNo: String(parentPhone),
      ...values,
    }),
  );
}

/**
 * The body of POST /api/counsellor/visiting, valid as it stands: Aarav's enquiry for the 10th, a demo
 * given. Each call takes a new student number (an enquiry is one per number and standard); `change`
 * replaces any field.
 */
export function enquiryForm(change: Record<string, unknown> = {}): Record<string, unknown> {
  phone += 1;
  const studentNo = String(phone);
  return {
    studentName: 'Aarav Kulkarni',
    gender: 'Male',
    dob: '2011-06-14',
    address: '12, Shivaji Nagar, Pune',
    pincode: '411005',
    standard: '10th',
    branch: 'Semi-English',
    schoolCollege: 'New English School',
    previousYearPercent: 82.5,
    email: 'aarav@example.com',
    studentNo,
    parentsNo: '9822098220',
    notificationNo: studentNo,
    demoGiven: 'YES',
    reason: visitingReasons[0],
    ...change,
  };
}
