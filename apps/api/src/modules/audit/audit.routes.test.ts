import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { visitingReasons } from '@app/domain/visiting.schemas';
import { asc, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditRow, auditLog } from '../../db/schema';
import { enquiryForm, registrationForm } from '../../testing/enrolment';
import { ADMIN, createTestApp, type TestApp } from '../../testing/test-app';
import { currentSessionYear } from '../sessions/current-session';
import { recordAudit, systemActor } from './audit.service';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;
let adminUuid: string;
let priya: Staff;
let photo: string;
let centerId = 100;
let subjectCode = 5000;
/** The exam year of the session open for registration: new papers belong to it. */
let sessionYear: number;
let phone = 9_700_000_000;

const today = indianToday();
const nextMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  adminUuid = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().uuid;
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  photo = await t.uploadPhoto(priya.headers);
  sessionYear = await currentSessionYear(t.app.deps.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const lastId = async () => {
  const [row] = await t.app.deps.db.select({ id: sql<string | null>`max(${auditLog.id})` }).from(auditLog);
  return Number(row?.id ?? 0);
};
/** An account counsellors may pay into now (another test may have changed the list). */
const anAccount = async (headers: Headers): Promise<string> =>
  (await call('GET', '/api/counsellor/settlementAccounts', headers)).json().data[0];
const entriesAfter = (id: number): Promise<AuditRow[]> =>
  t.app.deps.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));

async function addCentre(capicity = 300) {
  centerId += 1;
  const response = await call('POST', '/api/admin/addCenter', admin, {
    centerId,
    centerName: `Centre ${centerId}`,
    collegeName: 'Fergusson College',
    capicity,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return centerId;
}

async function addSubject() {
  subjectCode += 1;
  const response = await call('POST', '/api/admin/addSubject', admin, {
    subjectCode,
    subjectName: `Paper ${subjectCode}`,
    language: 'English',
    standard: '10th',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return subjectCode;
}

const registration = (examCentre: number, amountPaid = 2000) =>
  registrationForm({ studentPhoto: photo, receiptPhoto: photo, examCentre, amountPaid, dueDate: nextMonth });

async function registerStudent(counsellor: Staff = priya, amountPaid = 2000): Promise<string> {
  const response = await call(
    'POST',
    '/api/counsellor/register',
    counsellor.headers,
    registration(await addCentre(), amountPaid),
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().studentId;
}

const enquiry = () => {
  phone += 1;
  return enquiryForm({
    studentName: 'Gauri Pawar',
    gender: 'Female',
    address: 'Kothrud, Pune',
    pincode: '411038',
    previousYearPercent: 75,
    email: 'gauri@example.com',
    studentNo: String(phone),
    notificationNo: String(phone),
  });
};

/** A counsellor who has collected ₹2,000 and asked for ₹100 of it to be settled; answers the settlement's id. */
async function pendingSettlement(): Promise<{ counsellor: Staff; id: number }> {
  const counsellor = await t.createStaff({ role: 'counsellor' });
  await registerStudent(counsellor);
  const settled = await call('POST', '/api/counsellor/myCollection/settle', counsellor.headers, {
    amountPaid: 100,
    remark: await anAccount(counsellor.headers),
    proofUrl: photo,
    paymentDate: today,
  });
  if (settled.statusCode !== 201) throw new Error(settled.body);
  const history = await call('GET', `/api/counsellor/collection/payments/${counsellor.uuid}`, counsellor.headers);
  return { counsellor, id: history.json()[0].id };
}

type Expected = Partial<
  Pick<AuditRow, 'actorUuid' | 'actorRole' | 'entity' | 'entityId' | 'entityName' | 'studentId' | 'action'>
> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

type Case = {
  name: string;
  /** Makes what the action needs; answers what `act` and `expected` use. */
  arrange?: () => Promise<Record<string, string | number>>;
  act: (given: Record<string, string | number>) => Promise<{ statusCode: number; body: string }>;
  expected: (given: Record<string, string | number>) => Expected[];
  /** A release also queues a message per student of the year (issue 26): those are counted, not listed. */
  messagesPerStudent?: true;
};

const photoHash = () => photo.slice('/api/files/'.length, -'.jpg'.length);

/** Every audited action of the API: each writes exactly these entries, with only the fields that changed. */
const cases: Case[] = [
  {
    name: 'an admin adds an exam centre',
    act: async () => {
      centerId += 1;
      return call('POST', '/api/admin/addCenter', admin, {
        centerId,
        centerName: 'Pune',
        collegeName: 'Fergusson College',
        capicity: 300,
      });
    },
    expected: () => [
      {
        actorUuid: adminUuid,
        actorRole: 'admin',
        entity: 'centre',
        entityId: String(centerId),
        entityName: 'Pune',
        action: 'create',
        before: null,
        after: { centerName: 'Pune', collegeName: 'Fergusson College', capacity: 300, listedPublicly: false },
      },
    ],
  },
  {
    name: "an admin changes a centre's capacity",
    arrange: async () => ({ centre: await addCentre(300) }),
    act: ({ centre }) =>
      call('PUT', `/api/admin/editcapicity/${centre}`, admin, {
        centerName: `Centre ${centre}`,
        collegeName: 'Fergusson College',
        capicity: 350,
      }),
    expected: ({ centre }) => [
      {
        entity: 'centre',
        entityId: String(centre),
        action: 'update',
        before: { capacity: 300 },
        after: { capacity: 350 },
      },
    ],
  },
  {
    name: 'an admin deletes a centre',
    arrange: async () => ({ centre: await addCentre(40) }),
    act: ({ centre }) => call('DELETE', `/api/admin/deleteExamCenter/${centre}`, admin),
    expected: ({ centre }) => [
      {
        entity: 'centre',
        entityId: String(centre),
        action: 'delete',
        before: {
          centerName: `Centre ${centre}`,
          collegeName: 'Fergusson College',
          capacity: 40,
          listedPublicly: false,
        },
        after: null,
      },
    ],
  },
  {
    name: 'an admin switches a setting flag',
    arrange: async () => {
      await call('PUT', '/api/admin/updateSettingFlag/RESULT', admin, { flagValue: 'false' });
      return {};
    },
    act: () => call('PUT', '/api/admin/updateSettingFlag/RESULT', admin, { flagValue: 'true' }),
    messagesPerStudent: true,
    expected: () => [
      // The SPEC flag is the release of the session open for registration (docs/decisions/007).
      {
        entity: 'exam_session',
        entityId: expect.any(String),
        action: 'update',
        before: { resultsReleased: false },
        after: { resultsReleased: true },
      },
    ],
  },
  {
    name: 'an admin adds a subject',
    act: async () => {
      subjectCode += 1;
      return call('POST', '/api/admin/addSubject', admin, {
        subjectCode,
        subjectName: 'Geography',
        language: 'Marathi',
        standard: '10th',
      });
    },
    expected: () => [
      {
        entity: 'subject',
        entityId: String(subjectCode),
        entityName: 'Geography',
        action: 'create',
        before: null,
        after: {
          subjectName: 'Geography',
          language: 'Marathi',
          standard: '10th',
          examYear: sessionYear,
          maxMarks: 100,
        },
      },
    ],
  },
  {
    name: "an admin sets a subject's exam date and time",
    arrange: async () => ({ subject: await addSubject() }),
    act: ({ subject }) =>
      call('PUT', `/api/admin/addDates/${subject}`, admin, { examDate: '2027-03-02', examTime: '11:00 AM-2:00 PM' }),
    expected: ({ subject }) => [
      {
        entity: 'subject',
        entityId: String(subject),
        action: 'update',
        before: { examDate: null, examTime: null },
        after: { examDate: '2027-03-02', examTime: '11:00 AM-2:00 PM' },
      },
    ],
  },
  {
    name: 'an admin deletes a subject',
    arrange: async () => ({ subject: await addSubject() }),
    act: ({ subject }) => call('DELETE', `/api/admin/deleteSubject/${subject}`, admin),
    expected: ({ subject }) => [
      {
        entity: 'subject',
        entityId: String(subject),
        action: 'delete',
        before: {
          subjectName: `Paper ${subject}`,
          language: 'English',
          standard: '10th',
          examYear: sessionYear,
          maxMarks: 100,
        },
        after: null,
      },
    ],
  },
  {
    name: 'an admin creates a user (never the password)',
    act: () =>
      call('POST', '/api/auth/register', admin, {
        name: 'Rahul Patil',
        email: 'rahul.audit@test.local',
        role: 'counsellor',
        contactNum: '9881054321',
        branch: 'Nashik',
        commission: 12.5,
        dob: '1990-01-01',
        password: 'secret-word-1',
      }),
    expected: () => [
      {
        entity: 'user',
        entityName: 'Rahul Patil',
        action: 'create',
        before: null,
        after: {
          name: 'Rahul Patil',
          userName: 'Rahul Patil',
          email: 'rahul.audit@test.local',
          role: 'counsellor',
          contactNum: '9881054321',
          branch: 'Nashik',
          commissionBp: 1250,
          dob: '1990-01-01',
          isActive: true,
        },
      },
    ],
  },
  {
    name: 'an admin deactivates a user',
    arrange: async () => ({ user: (await t.createStaff({ role: 'teacher', name: 'Anil Joshi' })).uuid }),
    act: ({ user }) => call('DELETE', `/api/admin/deleteUser/${user}`, admin),
    expected: ({ user }) => [
      {
        entity: 'user',
        entityId: String(user),
        entityName: 'Anil Joshi',
        action: 'deactivate',
        before: { isActive: true },
        after: { isActive: false },
      },
    ],
  },
  {
    name: 'an admin activates a user again',
    arrange: async () => {
      const user = (await t.createStaff({ role: 'teacher', name: 'Anil Joshi' })).uuid;
      await call('DELETE', `/api/admin/deleteUser/${user}`, admin);
      return { user };
    },
    act: ({ user }) => call('DELETE', `/api/admin/deleteUser/${user}`, admin),
    expected: ({ user }) => [
      {
        entity: 'user',
        entityId: String(user),
        action: 'activate',
        before: { isActive: false },
        after: { isActive: true },
      },
    ],
  },
  {
    name: "an admin changes a user's password (that it changed, never what to)",
    arrange: async () => ({ user: (await t.createStaff({ role: 'teacher', name: 'Meena Shah' })).uuid }),
    act: ({ user }) => call('PUT', `/api/admin/changePassword/${user}`, admin, { password: 'new-secret-22' }),
    expected: ({ user }) => [
      {
        entity: 'user',
        entityId: String(user),
        entityName: 'Meena Shah',
        action: 'password_change',
        before: null,
        after: null,
      },
    ],
  },
  {
    name: 'a counsellor records an enquiry',
    act: () => call('POST', '/api/counsellor/visiting', priya.headers, enquiry()),
    expected: () => [
      {
        actorUuid: priya.uuid,
        actorRole: 'counsellor',
        entity: 'enquiry',
        entityName: 'Gauri Pawar',
        action: 'create',
        before: null,
        after: expect.objectContaining({
          studentName: 'Gauri Pawar',
          studentNo: String(phone),
          reason: visitingReasons[0],
        }),
      },
    ],
  },
  {
    name: 'a counsellor registers a student with the first payment: the student, then the payment',
    arrange: async () => ({ centre: await addCentre() }),
    act: ({ centre }) => call('POST', '/api/counsellor/register', priya.headers, registration(Number(centre))),
    expected: ({ centre }) => [
      {
        actorUuid: priya.uuid,
        entity: 'student',
        entityId: expect.stringMatching(/^\d{7}$/),
        studentId: expect.stringMatching(/^\d{7}$/),
        entityName: 'Aarav Kulkarni',
        action: 'create',
        before: null,
        after: expect.objectContaining({
          studentName: 'Aarav Kulkarni',
          examCentreId: Number(centre),
          studentPhoto: photoHash(),
          totalPaise: 585_000,
          paidPaise: 200_000,
          remainingPaise: 385_000,
          dueDate: nextMonth,
          counsellor: 'Priya Deshmukh',
        }),
      },
      {
        actorUuid: priya.uuid,
        entity: 'payment',
        studentId: expect.stringMatching(/^\d{7}$/),
        action: 'create',
        before: null,
        after: {
          systemReceiptNo: expect.any(String),
          amountPaise: 200_000,
          paymentMode: 'Cash',
          receiptNo: '1045',
          receiptPhoto: photoHash(),
        },
      },
      // The parent's receipt message, queued in the same transaction (issue 26).
      {
        actorUuid: priya.uuid,
        entity: 'message',
        studentId: expect.stringMatching(/^\d{7}$/),
        entityName: 'Aarav Kulkarni',
        action: 'queue',
        before: null,
        after: { messageKind: 'Payment received', phone: '9822098220' },
      },
    ],
  },
  {
    name: 'a counsellor takes an instalment: the payment with the balance before and after',
    arrange: async () => ({ student: await registerStudent() }),
    act: ({ student }) =>
      call('POST', '/api/counsellor/makePayment', priya.headers, {
        studentId: student,
        amountPaid: 3850,
        paymentMode: 'Online',
        receiptPhoto: photo,
      }),
    expected: ({ student }) => [
      {
        entity: 'payment',
        studentId: String(student),
        action: 'create',
        before: { paidPaise: 200_000, remainingPaise: 385_000, dueDate: nextMonth },
        after: {
          systemReceiptNo: expect.any(String),
          amountPaise: 385_000,
          paymentMode: 'Online',
          receiptPhoto: photoHash(),
          paidPaise: 585_000,
          remainingPaise: 0,
          dueDate: null,
        },
      },
      {
        entity: 'message',
        studentId: String(student),
        action: 'queue',
        before: null,
        after: { messageKind: 'Payment received', phone: '9822098220' },
      },
    ],
  },
  {
    name: 'a counsellor submits a settlement',
    arrange: async () => {
      const counsellor = await t.createStaff({ role: 'counsellor' });
      await registerStudent(counsellor);
      return {
        counsellor: counsellor.uuid,
        token: counsellor.headers.authorization,
        account: await anAccount(counsellor.headers),
      };
    },
    act: ({ token, account }) =>
      call(
        'POST',
        '/api/counsellor/myCollection/settle',
        { authorization: String(token) },
        { amountPaid: 250.5, remark: account, proofUrl: photo, paymentDate: today },
      ),
    expected: ({ counsellor, account }) => [
      {
        actorUuid: String(counsellor),
        entity: 'settlement',
        action: 'create',
        before: null,
        after: {
          counsellorId: counsellor,
          amountPaise: 25_050,
          paymentDate: today,
          remark: account,
          proofPhoto: photoHash(),
          verifyStatus: 'pending',
        },
      },
    ],
  },
  {
    name: 'an admin verifies a settlement',
    arrange: async () => ({ id: (await pendingSettlement()).id }),
    act: ({ id }) => call('PUT', `/api/admin/collection/${id}/verify`, admin, { status: 'verified' }),
    expected: ({ id }) => [
      {
        actorUuid: adminUuid,
        entity: 'settlement',
        entityId: String(id),
        action: 'verify',
        before: { verifyStatus: 'pending' },
        after: { verifyStatus: 'verified' },
      },
    ],
  },
  {
    name: 'an admin rejects a settlement, with the reason',
    arrange: async () => ({ id: (await pendingSettlement()).id }),
    act: ({ id }) =>
      call('PUT', `/api/admin/collection/${id}/verify`, admin, {
        status: 'rejected',
        reason: 'Not in the bank statement',
      }),
    expected: ({ id }) => [
      {
        entity: 'settlement',
        entityId: String(id),
        action: 'reject',
        before: { verifyStatus: 'pending', rejectionReason: null },
        after: { verifyStatus: 'rejected', rejectionReason: 'Not in the bank statement' },
      },
    ],
  },
  {
    name: 'an admin changes the settlement accounts',
    arrange: async () => {
      await call('PUT', '/api/admin/settlementAccounts', admin, { accounts: ['SBI Current', 'HDFC Savings'] });
      return {};
    },
    act: () => call('PUT', '/api/admin/settlementAccounts', admin, { accounts: ['SBI Current', 'Axis Bank'] }),
    expected: () => [
      {
        entity: 'settlement_accounts',
        action: 'update',
        before: { accounts: ['SBI Current', 'HDFC Savings'] },
        after: { accounts: ['SBI Current', 'Axis Bank'] },
      },
    ],
  },
];

describe('every audited action writes its entries in the same transaction', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const given = (await c.arrange?.()) ?? {};
    const from = await lastId();
    const response = await c.act(given);
    expect(response.statusCode, response.body).toBeLessThan(300);
    const all = await entriesAfter(from);
    const entries = c.messagesPerStudent ? all.filter((entry) => entry.entity !== 'message') : all;
    if (c.messagesPerStudent) {
      for (const entry of all.filter((item) => item.entity === 'message')) {
        expect(entry).toMatchObject({ action: 'queue', studentId: expect.stringMatching(/^\d{7}$/) });
      }
    }
    expect(entries).toEqual(c.expected(given).map((entry) => expect.objectContaining(entry)));
    for (const entry of entries) {
      expect(entry.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.stringify([entry.before, entry.after])).not.toMatch(/password|secret-word|new-secret|argon2|hash/i);
    }
  });

  it('an update that changes nothing writes nothing', async () => {
    const centre = await addCentre(120);
    const from = await lastId();
    const same = { centerName: `Centre ${centre}`, collegeName: 'Fergusson College', capicity: 120 };
    expect((await call('PUT', `/api/admin/editcapicity/${centre}`, admin, same)).statusCode).toBe(200);
    expect(await entriesAfter(from)).toEqual([]);
  });
});

describe('a failing write leaves no entry', () => {
  const refused: Case[] = [
    {
      name: 'a capacity below the students registered (409 inside the transaction)',
      arrange: async () => {
        const centre = await addCentre(5);
        await call('POST', '/api/counsellor/register', priya.headers, registration(centre));
        return { centre };
      },
      act: ({ centre }) =>
        call('PUT', `/api/admin/editcapicity/${centre}`, admin, {
          centerName: 'X',
          collegeName: 'Y',
          capicity: 0,
        }),
      expected: () => [],
    },
    {
      name: 'a duplicate centre ID (the unique index refuses the insert)',
      arrange: async () => ({ centre: await addCentre() }),
      act: ({ centre }) =>
        call('POST', '/api/admin/addCenter', admin, { centerId: centre, centerName: 'Again', collegeName: 'Again' }),
      expected: () => [],
    },
    {
      name: 'a duplicate enquiry (the unique index refuses the insert)',
      arrange: async () => {
        const body = enquiry();
        await call('POST', '/api/counsellor/visiting', priya.headers, body);
        return { body: JSON.stringify(body) };
      },
      act: ({ body }) => call('POST', '/api/counsellor/visiting', priya.headers, JSON.parse(String(body))),
      expected: () => [],
    },
    {
      name: 'an instalment above what remains',
      arrange: async () => ({ student: await registerStudent() }),
      act: ({ student }) =>
        call('POST', '/api/counsellor/makePayment', priya.headers, {
          studentId: student,
          amountPaid: 99_999,
          paymentMode: 'Cash',
          receiptPhoto: photo,
        }),
      expected: () => [],
    },
    {
      name: 'a settlement decided twice',
      arrange: async () => {
        const { id } = await pendingSettlement();
        await call('PUT', `/api/admin/collection/${id}/verify`, admin, { status: 'verified' });
        return { id };
      },
      act: ({ id }) => call('PUT', `/api/admin/collection/${id}/verify`, admin, { status: 'rejected', reason: 'x' }),
      expected: () => [],
    },
    {
      name: 'a full exam centre refuses a registration',
      arrange: async () => {
        const centre = await addCentre(1);
        await call('POST', '/api/counsellor/register', priya.headers, registration(centre));
        return { centre };
      },
      act: ({ centre }) => call('POST', '/api/counsellor/register', priya.headers, registration(Number(centre))),
      expected: () => [],
    },
  ];

  it.each(refused.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const given = (await c.arrange?.()) ?? {};
    const from = await lastId();
    const response = await c.act(given);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await entriesAfter(from)).toEqual([]);
  });

  it('a failure after the entry was written takes the entry back with the change', async () => {
    const student = await registerStudent();
    // The balance update of an instalment fails after the payment and its entry were written.
    await t.app.deps.db.execute(
      sql.raw(`create function audit_test_fail() returns trigger as $$
      begin raise exception 'forced failure'; end; $$ language plpgsql`),
    );
    await t.app.deps.db.execute(
      sql.raw(`create trigger audit_test_fail before update on students for each row
        when (new.student_id = '${student}') execute function audit_test_fail()`),
    );
    try {
      const from = await lastId();
      const response = await call('POST', '/api/counsellor/makePayment', priya.headers, {
        studentId: student,
        amountPaid: 100,
        paymentMode: 'Cash',
        newDueDate: nextMonth,
        receiptPhoto: photo,
      });
      expect(response.statusCode).toBe(500);
      expect(await entriesAfter(from)).toEqual([]);
    } finally {
      await t.app.deps.db.execute(sql.raw('drop trigger audit_test_fail on students'));
      await t.app.deps.db.execute(sql.raw('drop function audit_test_fail()'));
    }
  });

  it('recordAudit inside a transaction that rolls back leaves nothing', async () => {
    const from = await lastId();
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await recordAudit(tx, {
          by: systemActor,
          entity: 'flag',
          entityId: 'RESULT',
          action: 'update',
          after: { x: 1 },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await entriesAfter(from)).toEqual([]);
  });
});

describe('the trail is append-only', () => {
  it.each([
    ['UPDATE', "update audit_log set actor_name = 'Someone else'"],
    ['DELETE', 'delete from audit_log'],
    ['TRUNCATE', 'truncate audit_log'],
  ])('refuses %s', async (_operation, statement) => {
    await addCentre();
    const before = await t.app.deps.db.select().from(auditLog).orderBy(asc(auditLog.id));
    await expect(t.app.deps.db.execute(sql.raw(statement))).rejects.toThrow();
    expect(await t.app.deps.db.select().from(auditLog).orderBy(asc(auditLog.id))).toEqual(before);
  });

  it('says why', async () => {
    await expect(t.app.deps.db.execute(sql.raw('delete from audit_log'))).rejects.toSatisfy((error: unknown) =>
      /append-only/.test(String((error as { cause?: unknown }).cause ?? error)),
    );
  });

  it('records the first admin as created by the system', async () => {
    const [first] = await t.app.deps.db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1);
    expect(first).toMatchObject({
      actorUuid: null,
      actorName: 'System',
      entity: 'user',
      action: 'create',
      after: expect.objectContaining({ email: ADMIN.email, role: 'admin' }),
    });
  });
});

describe('GET /api/admin/activity', () => {
  const activity = (query: string, headers: Headers = admin) => call('GET', `/api/admin/activity?${query}`, headers);

  it('lists the newest first, a page at a time, with a cursor to the next page', async () => {
    const centres = [await addCentre(), await addCentre(), await addCentre()];
    const first = await activity('entity=centre&limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data.map((entry: { entityId: string }) => entry.entityId)).toEqual(
      [centres[2], centres[1]].map(String),
    );
    expect(page1.nextCursor).toBe(page1.data[1].id);
    const page2 = (await activity(`entity=centre&limit=2&before=${page1.nextCursor}`)).json();
    expect(page2.data[0].entityId).toBe(String(centres[0]));
    expect(page2.data[0].id).toBeLessThan(page1.data[1].id);

    // Walking every page reaches the end, each entry once.
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: { data: { id: number }[]; nextCursor: number | null } = (
        await activity(`entity=centre&limit=4${cursor ? `&before=${cursor}` : ''}`)
      ).json();
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.length).toBe((await t.app.deps.db.select().from(auditLog).where(sql`entity = 'centre'`)).length);
  });

  it('answers the entry in the shape the screen reads, the actor by name and role', async () => {
    const centre = await addCentre(300);
    await call('PUT', `/api/admin/editcapicity/${centre}`, admin, {
      centerName: `Centre ${centre}`,
      collegeName: 'Fergusson College',
      capicity: 350,
    });
    const [entry] = (await activity(`entity=centre&entityId=${centre}&limit=1`)).json().data;
    expect(entry).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: { uuid: adminUuid, name: 'Administrator', role: 'admin' },
      entity: 'centre',
      entityId: String(centre),
      entityName: `Centre ${centre}`,
      studentId: null,
      action: 'update',
      before: { capacity: 300 },
      after: { capacity: 350 },
    });
  });

  it("filters by user and by student: a student's whole history is one filter", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Sneha Kulkarni' });
    const student = await registerStudent(counsellor);
    await call('POST', '/api/counsellor/makePayment', counsellor.headers, {
      studentId: student,
      amountPaid: 100,
      paymentMode: 'Cash',
      newDueDate: nextMonth,
      receiptPhoto: photo,
    });
    const history = (await activity(`studentId=${student}`)).json().data;
    expect(history.map((entry: { entity: string; action: string }) => `${entry.entity} ${entry.action}`)).toEqual([
      'message queue',
      'payment create',
      'message queue',
      'payment create',
      'student create',
    ]);
    const theirs = (await activity(`actor=${counsellor.uuid}`)).json().data;
    expect(theirs).toHaveLength(5);
    expect(theirs.every((entry: { actor: { name: string } }) => entry.actor.name === 'Sneha Kulkarni')).toBe(true);
    expect((await activity(`actor=${counsellor.uuid}&entity=student`)).json().data).toHaveLength(1);
  });

  it('takes dates as Indian calendar days, both ends included', async () => {
    const entityId = `edge-${Date.now()}`;
    // 9 March 23:59:59, 10 March 00:00:00, 10 March 23:59:59.999 and 11 March 00:00:00, India time.
    const instants = [
      '2024-03-09T18:29:59Z',
      '2024-03-09T18:30:00Z',
      '2024-03-10T18:29:59.999Z',
      '2024-03-10T18:30:00Z',
    ];
    for (const at of instants) {
      await t.app.deps.db.insert(auditLog).values({
        at: new Date(at),
        actorName: 'Test',
        actorRole: 'admin',
        entity: 'flag',
        entityId,
        action: 'update',
      });
    }
    const atsOf = async (query: string) =>
      (await activity(`entity=flag&entityId=${entityId}&${query}`))
        .json()
        .data.map((entry: { at: string }) => new Date(entry.at).toISOString());
    expect(await atsOf('from=2024-03-10&to=2024-03-10')).toEqual([
      '2024-03-10T18:29:59.999Z',
      '2024-03-09T18:30:00.000Z',
    ]);
    expect(await atsOf('from=2024-03-10')).toHaveLength(3);
    expect(await atsOf('to=2024-03-09')).toEqual(['2024-03-09T18:29:59.000Z']);
    expect(await atsOf('from=&to=')).toHaveLength(4);
  });

  it.each([
    ['actor=not-a-uuid', 'actor'],
    ['entity=password', messages.activityEntityUnknown],
    ['from=2024-03-10&to=2024-03-09', messages.activityDateRange],
    ['from=2024-02-30', messages.invalidDate],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['before=abc', 'before'],
    [`studentId=${'9'.repeat(21)}`, 'studentId'],
  ])('answers 400 for %s', async (query, text) => {
    const response = await activity(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
    expect(`${response.json().message} ${JSON.stringify(response.json().issues ?? [])}`).toContain(text);
  });

  it('is for admins only', async () => {
    expect((await activity('', priya.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
  });
});
