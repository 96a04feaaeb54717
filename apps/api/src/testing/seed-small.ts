import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { eq } from 'drizzle-orm';
import { examSessions, type UserRow, users } from '../db/schema';
import { keepEarlyReport } from '../modules/messages/messages.repository';
import { seedMessages } from '../modules/messages/messages.service';
import { createConsentLink } from '../modules/privacy/consent.service';
import type { Actor } from '../plugins/auth';
import { seedBooks } from '../seed/books';
import { seedCorrections } from '../seed/corrections';
import { seedCourses } from '../seed/courses';
import { seedEnrolment, seedInstalments, seedSettlements } from '../seed/enrolment';
import { seedExamDay } from '../seed/exam-day';
import { seedFunnel } from '../seed/funnel';
import { seedOnlineTests } from '../seed/online-tests';
import { seedPrivacy } from '../seed/privacy';
import type { TestApp } from './test-app';

const withoutSecret = ({ passwordHash: _secret, ...actor }: UserRow): Actor => actor;

async function actorOf(t: TestApp, uuid: string): Promise<Actor> {
  const [row] = await t.app.deps.db.select().from(users).where(eq(users.uuid, uuid));
  if (!row) throw new Error(`no user ${uuid}`);
  return withoutSecret(row);
}

/**
 * Demo-like data, small: staff, centres, a scheduled subject, enquiries, registrations with photos and
 * receipts, second instalments (one sent with an Idempotency-Key), settlements verified and rejected,
 * challans with books received and given, seat numbers and marks.
 * Through the API and the seed code the demo uses, so every table the product writes gets rows.
 */
export async function seedSmall(t: TestApp, { students = 12, visits = 6 } = {}): Promise<void> {
  const admin = await t.adminAuth();
  const call = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method, url, headers: admin, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  for (const centerId of [1, 2]) {
    await call('POST', '/api/admin/addCenter', {
      centerId,
      centerName: `Centre ${centerId}`,
      collegeName: `College ${centerId}`,
      capicity: 100,
    });
  }
  await call('POST', '/api/admin/addSubject', {
    subjectCode: 1001,
    subjectName: 'Marathi',
    language: 'Marathi',
    standard: '10th',
  });
  await call('PUT', '/api/admin/addDates/1001', {
    examDate: shiftDate(indianToday(), { days: 100 }),
    examTime: '11:00 AM-2:00 PM',
  });
  await call('PUT', '/api/admin/settlementAccounts', { accounts: ['HDFC Bank - Kothrud', 'SBI - Nashik'] });

  const first = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  const second = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
  const teacher = await t.createStaff({ role: 'teacher', name: 'Anil Joshi' });
  const counsellors = [await actorOf(t, first.uuid), await actorOf(t, second.uuid)];
  const [adminRow] = await t.app.deps.db.select().from(users).where(eq(users.role, 'admin'));
  await seedEnrolment(t.app.deps, { counsellors, centreIds: [1, 2], students, visits });
  await seedInstalments(t.app.deps, { counsellors });

  // A payment sent with an Idempotency-Key keeps its answer in a table of its own.
  const [owing] = (
    await t.app.inject({ method: 'GET', url: '/api/counsellor/getRegister', headers: first.headers })
  ).json().data as { studentId: string; amountRemaining: number }[];
  if (owing && owing.amountRemaining > 1) {
    const photo = await t.uploadPhoto(first.headers, { r: 200, g: 10, b: 90 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/counsellor/makePayment',
      headers: { ...first.headers, 'idempotency-key': 'seed-small-1' },
      payload: {
        studentId: owing.studentId,
        amountPaid: 1,
        paymentMode: 'Online',
        newDueDate: shiftDate(indianToday(), { days: 200 }),
        receiptPhoto: photo,
      },
    });
    if (response.statusCode !== 201) throw new Error(`payment: ${response.body}`);
  }
  const adminActor = withoutSecret(adminRow as UserRow);
  await seedSettlements(t.app.deps, { counsellors, admin: adminActor });
  await seedBooks(t.app.deps, { counsellors, admin: adminActor });
  await seedCorrections(t.app.deps, { counsellors, admin: adminActor });
  await seedFunnel(t.app.deps, { counsellors });
  await seedMessages(t.app.deps, { admin: adminActor });
  // An SMS delivery report that came before its send was recorded, kept until it is.
  await keepEarlyReport(t.app.deps.db, { providerMessageId: 'msg91-early-0001', status: 'delivered' });
  await seedExamDay(t.app.deps.db, { centreIds: [1, 2], admin: adminActor, teacher: await actorOf(t, teacher.uuid) });
  // A course with an instalment plan and concessions asked, approved and rejected (issue 25).
  const session = (
    await t.app.deps.db.select().from(examSessions).where(eq(examSessions.openForRegistration, true))
  )[0];
  if (session) await seedCourses(t.app.deps, { sessionId: session.id, admin: adminActor, counsellors });
  // An admin allows one student's hall ticket whatever their fees (the session may hold overdue ones).
  if (owing) {
    await call('POST', '/api/admin/hallTicketAllowances', { studentId: owing.studentId, reason: 'Paid at the branch' });
  }
  // Issue 27: consents, a code out for a held student, requests, reads, a breach, the rules and a run.
  await seedPrivacy(t.app.deps, { counsellors, admin: adminActor });
  const waiting = (await t.app.inject({ method: 'GET', url: '/api/admin/consent/waiting', headers: admin })).json();
  const held = waiting.students[0]?.studentId;
  if (held) {
    await call('POST', `/api/counsellor/consent/${held}/code`, { language: 'mr' });
    // The link to the consent page that a configured provider's message would carry (this app has none).
    await t.app.deps.db.transaction((tx) => createConsentLink(tx, held, t.app.deps.clock()));
  }
  await call('PUT', '/api/admin/privacy/settings', {
    requestDays: 60,
    enquiryMonths: 12,
    photoMonths: 6,
    financialYears: 8,
  });
  await call('POST', '/api/admin/retention/run', {});
  // Issue 28: a question bank, a test sat and one open, and the portal's switch set once.
  await seedOnlineTests(t.app.deps, { admin: adminActor });
  await call('PUT', '/api/admin/studentPortal', { studentSignIn: true });
  if (held) await call('PUT', `/api/admin/students/${held}/resetAccess`, {});
  // Results declared last: from then on only an admin may change marks.
  await call('PUT', '/api/admin/updateSettingFlag/RESULT', { flagValue: 'true' });
}
