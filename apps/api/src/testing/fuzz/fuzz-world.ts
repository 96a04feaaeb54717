import { createHmac } from 'node:crypto';
import { indianToday } from '@app/domain/dates.rules';
import { examYearRange } from '@app/domain/exam-sessions.schemas';
import { PRIVACY_NOTICE } from '@app/domain/privacy.rules';
import { sessionYearsOn } from '@app/domain/standards.rules';
import type { InjectOptions } from 'fastify';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';
import { createConsentLink } from '../../modules/privacy/consent.service';
import { enquiryForm, registrationForm } from '../enrolment';
import { testJpeg } from '../photos';
import { markConsentGiven } from '../students';
import type { TestApp } from '../test-app';

/** Who sends a case: each role, and a second counsellor who tries the first one's rows. */
export const fuzzRoles = ['anonymous', 'admin', 'counsellor', 'teacher', 'counsellor2', 'student'] as const;
export type FuzzRole = (typeof fuzzRoles)[number];

/**
 * A valid request for a route, built on the rows the world made. The fuzzer mutates one part of it
 * at a time: that is what reaches the deep rules (cross-field checks, balances, ownership).
 */
export type RouteExample = {
  params?: Record<string, string>;
  /**
   * For a route that can act once on its target (deactivate, delete, verify): a new target per request,
   * made through the API, so the example stays valid in any order and however often it runs.
   */
  freshParams?: () => Promise<Record<string, string>>;
  query?: Record<string, string>;
  /** A fresh body each time (unique e-mails, centre IDs, subject codes). */
  body?: () => Record<string, unknown>;
  /**
   * A body that needs the database to stay valid (an exam year no session holds yet): asked for each
   * request instead of `body`, which then only gives the fields' valid values to mutate.
   */
  freshBody?: () => Promise<Record<string, unknown>>;
  headers?: Record<string, string>;
  /** An upload: a multipart file (the world's JPEG unless `file` says otherwise) instead of JSON. */
  multipart?: true;
  /** The file a multipart example sends instead of the JPEG (the marks upload sends a workbook). */
  file?: { content: Buffer; filename: string; type: string };
  /** Roles access.ts lets in that must still get a 4xx for this example (another counsellor's rows). */
  refused?: FuzzRole[];
  /** Query fields a counsellor may point at another user: the service scopes them (2xx of their own, or 4xx). */
  scopedFilters?: string[];
  /** Changes or deactivates whom its path names: other users' ids are never tried on it for an admin. */
  destructive?: true;
};

/** Text only rows of one counsellor carry: the other counsellor's 2xx answers must never contain it. */
export const leakMarkers = { counsellor: 'Fuzzmarkerone', counsellor2: 'Fuzzmarkertwo' } as const;

export type FuzzWorld = {
  headers: Record<FuzzRole, Record<string, string>>;
  /** Users' ids by role (anonymous: none), for other-users'-id mutations. */
  userIds: Partial<Record<FuzzRole, string>>;
  /** Each counsellor's own student. */
  studentIds: { counsellor: string; counsellor2: string };
  /** A small real JPEG, for the upload route's multipart body. */
  jpeg: Buffer;
  examples: Record<string, RouteExample>;
};

/** The webhook secrets of the fuzzed app (its WhatsApp webhook is then reachable with a valid signature). */
export const fuzzMessaging = {
  worker: false,
  whatsAppAppSecret: 'fuzz-whatsapp-app-secret',
  whatsAppVerifyToken: 'fuzz-verify-token',
  msg91WebhookSecret: 'fuzz-msg91-webhook-secret',
} as const;

const future = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Makes the rows every example stands on, through the API (real parts, no fixtures in SQL). */
export async function buildFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const admin = await t.adminAuth();
  const call = async (options: InjectOptions, status: number) => {
    const response = await t.app.inject(options);
    if (response.statusCode !== status) {
      throw new Error(`fuzz world: ${options.method} ${options.url} → ${response.statusCode} ${response.body}`);
    }
    return response.json();
  };

  for (const [centerId, centerName] of [
    [101, 'Fuzz Pune'],
    [102, 'Fuzz Nashik'],
  ] as const) {
    await call(
      {
        method: 'POST',
        url: '/api/admin/addCenter',
        headers: admin,
        payload: { centerId, centerName, collegeName: 'Fuzz College', capicity: 100_000 },
      },
      201,
    );
  }
  for (const [subjectCode, standard] of [
    [5001, '10th'],
    [5002, '12th'],
  ] as const) {
    await call(
      {
        method: 'POST',
        url: '/api/admin/addSubject',
        headers: admin,
        payload: { subjectCode, subjectName: 'Mathematics', language: 'English', standard },
      },
      201,
    );
  }
  // The 12th paper set's timetable: the hall ticket of an 11th+12th student prints it.
  await call(
    {
      method: 'PUT',
      url: '/api/admin/addDates/5002',
      headers: admin,
      payload: { examDate: future(90), examTime: '11:00 AM-2:00 PM' },
    },
    200,
  );

  const one = await t.createStaff({ role: 'counsellor', name: 'Fuzz Counsellor One', branch: 'Pune' });
  const two = await t.createStaff({ role: 'counsellor', name: 'Fuzz Counsellor Two', branch: 'Nashik' });
  const teacher = await t.createStaff({ role: 'teacher', name: 'Fuzz Teacher' });
  const signInOnly = await t.createStaff({ role: 'counsellor', name: 'Fuzz Sign In', branch: 'Pune' });
  const passwordVictim = await t.createStaff({ role: 'counsellor', name: 'Fuzz Victim One', branch: 'Pune' });
  const photoOne = await t.uploadPhoto(one.headers, { r: 11, g: 12, b: 13 });
  const photoTwo = await t.uploadPhoto(two.headers, { r: 21, g: 22, b: 23 });

  const visiting = (name: string) =>
    enquiryForm({ studentName: name, gender: 'Female', email: 'student@example.com', motherName: 'Sunita' });
  const registration = (name: string, photo: string) =>
    registrationForm({
      studentPhoto: photo,
      receiptPhoto: photo,
      studentName: name,
      dob: '2008-06-14',
      standard: '11th+12th',
      paymentStandard: '11th+12th',
      branch: 'PCM',
      examCentre: '101-Fuzz Pune',
      amountPaid: 1000,
    });
  /** Registers as the counsellor; answers the student ID. */
  const register = async (staff: { headers: { authorization: string } }, payload: Record<string, unknown>) =>
    (await call({ method: 'POST', url: '/api/counsellor/register', headers: staff.headers, payload }, 201))
      .studentId as string;

  for (const [staff, marker] of [
    [one, leakMarkers.counsellor],
    [two, leakMarkers.counsellor2],
  ] as const) {
    await call(
      {
        method: 'POST',
        url: '/api/counsellor/visiting',
        headers: staff.headers,
        payload: visiting(`Visitor ${marker}`),
      },
      201,
    );
  }
  const studentOne: string = await register(one, registration(`Aarav ${leakMarkers.counsellor}`, photoOne));
  const studentTwo: string = await register(two, registration(`Ishaan ${leakMarkers.counsellor2}`, photoTwo));
  /** A new student of counsellor one, for a route that acts once on a student (withdraw, make active). */
  const freshStudent = (): Promise<string> => register(one, registration('Fuzz Leaving Student', photoOne));
  // A fully paid student too: counsellor one has money to settle however many settlements a run makes.
  await register(one, { ...registration('Fuzz Paid Student', photoOne), amountPaid: 9850, dueDate: null });
  const paymentOne: number = (
    await call(
      {
        method: 'POST',
        url: '/api/counsellor/makePayment',
        headers: one.headers,
        payload: {
          studentId: studentOne,
          amountPaid: 500,
          paymentMode: 'Cash',
          newDueDate: future(30),
          receiptPhoto: photoOne,
        },
      },
      201,
    )
  ).paymentId;
  /** A new receipt of counsellor one (a fresh student's registration payment), for a route that acts once on it. */
  const freshPayment = async (): Promise<string> => {
    const studentId = await freshStudent();
    const page = await call(
      { method: 'GET', url: `/api/counsellor/getPayments?page=1&search=${studentId}`, headers: one.headers },
      200,
    );
    return String(page.data[0].payments[0].paymentId);
  };
  /** A cancellation request waiting for an admin, on a fresh receipt. */
  const freshCancellationRequest = async (): Promise<string> => {
    const paymentId = await freshPayment();
    await call(
      {
        method: 'POST',
        url: `/api/counsellor/payments/${paymentId}/cancellationRequest`,
        headers: one.headers,
        payload: { reason: 'Entered twice' },
      },
      201,
    );
    const { data } = await call(
      { method: 'GET', url: '/api/admin/cancellationRequests?status=pending', headers: admin },
      200,
    );
    return String(data.find((row: { paymentId: number }) => String(row.paymentId) === paymentId).id);
  };
  const refundOne: number = (
    await call(
      {
        method: 'POST',
        url: '/api/admin/refunds',
        headers: admin,
        payload: {
          paymentId: paymentOne,
          amount: 1,
          refundMode: 'Cash',
          refundedOn: indianToday(),
          reason: 'Fuzz refund',
        },
      },
      201,
    )
  ).refundId;
  const settlement = () => ({
    counsellorId: one.uuid,
    counsellorName: 'Fuzz Counsellor One',
    amountPaid: 1,
    remark: 'Other: cash handed to the office',
    proofUrl: photoOne,
    paymentDate: indianToday(),
  });
  let unique = 0;
  const next = () => {
    unique += 1;
    return unique;
  };

  /** A pending settlement of counsellor one; when their balance runs out, a fully paid student tops it up. */
  /** A new enquiry of counsellor one (closed when asked), for the routes that close or reopen one. */
  const freshEnquiry = async ({ closed = false } = {}): Promise<Record<string, string>> => {
    const { data } = await call(
      { method: 'POST', url: '/api/counsellor/visiting', headers: one.headers, payload: visiting('Fuzz Enquiry') },
      201,
    );
    if (closed) {
      await call(
        {
          method: 'PUT',
          url: `/api/counsellor/visiting/${data.id}/close`,
          headers: one.headers,
          payload: { reason: 'Duplicate' },
        },
        200,
      );
    }
    return { id: String(data.id) };
  };
  const editableEnquiry = await freshEnquiry();
  /** A link to the consent page for a new student, as the code's message through a provider carries. */
  const freshConsentLink = async (): Promise<string> => {
    const studentId = await freshStudent();
    return t.app.deps.db.transaction((tx) => createConsentLink(tx, studentId, t.app.deps.clock()));
  };
  const breachOne: number = (
    await call(
      {
        method: 'POST',
        url: '/api/admin/breaches',
        headers: admin,
        payload: {
          title: 'Lost phone',
          description: 'A phone with the register was lost.',
          discoveredOn: indianToday(),
          measures: 'The phone was wiped remotely.',
          scope: { centerId: 101 },
        },
      },
      201,
    )
  ).data.id;
  /** A family's request about a student, recorded by the admin; answers its id. */
  const freshRequest = async (studentId: string, kind: string): Promise<number> =>
    (
      await call(
        {
          method: 'POST',
          url: '/api/admin/dataRequests',
          headers: admin,
          payload: { studentId, kind, receivedOn: indianToday() },
        },
        201,
      )
    ).data.id;

  const freshSettlement = async (): Promise<number> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/counsellor/myCollection/settle',
        headers: one.headers,
        payload: settlement(),
      });
      if (response.statusCode === 201) {
        const history = await call(
          { method: 'GET', url: `/api/counsellor/collection/payments/${one.uuid}`, headers: admin },
          200,
        );
        const rows: { id: number }[] = history.data ?? history;
        return Math.max(...rows.map((row) => row.id));
      }
      await register(one, { ...registration('Fuzz Paid Student', photoOne), amountPaid: 9850, dueDate: null });
    }
    throw new Error('fuzz world: could not make a settlement');
  };
  const photoName = photoOne.split('/').pop() ?? '';
  /** Counsellor one's student's details as the Edit Student screen sends them (standard, branch: read-only). */
  const studentDetails = () => ({
    studentId: studentOne,
    studentName: `Aarav ${leakMarkers.counsellor}`,
    gender: 'Male',
    dob: '2008-06-14',
    motherName: 'Sunita Kulkarni',
    address: '14, Shivaji Nagar, Pune',
    pincode: '411005',
    email: 'student@example.com',
    studentNo: '9822011111',
    parentsNo: '9822098220',
    appNo: '9822011111',
    notificationNo: '9822098220',
    standard: '11th+12th',
    schoolCollege: 'New English School',
    preYearPercent: 82.5,
    branch: 'PCM',
    examCentre: '101-Fuzz Pune',
    examYear: 2027,
  });

  // Books: a challan to counsellor one with a stock of 11th sets in hand (Mark Given takes one set per
  // fresh student), and one to counsellor two, so each has a challan and books the other may not reach.
  const challan = (counsellorId: string, items: { standard: string; bookName: string; totalCount: number }[]) => ({
    chalanDate: indianToday(),
    counsellorId,
    items,
  });
  const elevenths = ['Physics', 'Chemistry', 'Math', 'Biology'].map((bookName) => ({
    standard: '11th',
    bookName,
    totalCount: 50_000,
  }));
  const challanOne: number = (
    await call(
      { method: 'POST', url: '/api/admin/addBooksWithChalan', headers: admin, payload: challan(one.uuid, elevenths) },
      201,
    )
  ).data.id;
  await call(
    {
      method: 'POST',
      url: '/api/admin/addBooksWithChalan',
      headers: admin,
      payload: challan(two.uuid, [{ standard: '10th', bookName: 'English', totalCount: 5 }]),
    },
    201,
  );
  const booksOf = async (counsellorId: string): Promise<{ id: number; standard: string; bookName: string }[]> =>
    (await call({ method: 'GET', url: `/api/admin/getBooksByCounsellor/${counsellorId}`, headers: admin }, 200)).data;
  for (const book of await booksOf(one.uuid)) {
    await call({ method: 'PUT', url: `/api/counsellor/markBookReceived/${book.id}`, headers: one.headers }, 200);
  }
  /** A book of counsellor one with copies pending: a new challan of one Science book. */
  const freshPendingBook = async (): Promise<string> => {
    await call(
      {
        method: 'POST',
        url: '/api/admin/addBooksWithChalan',
        headers: admin,
        payload: challan(one.uuid, [{ standard: '10th', bookName: 'Science', totalCount: 1 }]),
      },
      201,
    );
    const book = (await booksOf(one.uuid)).find((row) => row.standard === '10th' && row.bookName === 'Science');
    if (!book) throw new Error('fuzz world: no Science book after its challan');
    return String(book.id);
  };
  /** A new challan to counsellor one, not yet confirmed as received. */
  const freshChallan = async (): Promise<string> => {
    const { data } = await call(
      {
        method: 'POST',
        url: '/api/admin/addBooksWithChalan',
        headers: admin,
        payload: challan(one.uuid, [{ standard: '10th', bookName: 'Science', totalCount: 1 }]),
      },
      201,
    );
    return String(data.id);
  };
  /** A new student of counsellor one (11th+12th) whose 11th set is not given yet. */
  const freshBookStudent = async (): Promise<string> =>
    await register(one, registration('Fuzz Book Student', photoOne));

  // Exam day: a 12th student sits this year's exam (two-year students sit next year's)
  const examStudent: string = await register(one, {
    ...registration('Rohan Deshmukh', photoOne),
    standard: '12th',
    paymentStandard: '12th',
  });
  // The parent consented at the office (issue 27), so the student may sign in to the portal.
  await markConsentGiven(t.app.deps.database, [examStudent]);
  // centre 101's students get seat numbers and a mark, then hall tickets and results are
  // released (so renumbering is refused, and a teacher may no longer change a mark: both checked below).
  await call({ method: 'POST', url: '/api/admin/seatNumbers/assign', headers: admin, payload: { centerId: 101 } }, 200);
  // The teacher enters both papers at both centres.
  const assignment = { centres: [101, 102], papers: [5001, 5002] };
  await call(
    {
      method: 'PUT',
      url: `/api/admin/teachers/${teacher.uuid}/assignment`,
      headers: admin,
      payload: assignment,
    },
    200,
  );
  await call(
    {
      method: 'PUT',
      url: '/api/exam/marks',
      headers: teacher.headers,
      payload: { studentId: examStudent, subjectCode: 5002, marks: 71 },
    },
    200,
  );
  for (const flagName of ['HALLTICKET', 'RESULT']) {
    await call(
      {
        method: 'PUT',
        url: `/api/admin/updateSettingFlag/${flagName}`,
        headers: admin,
        payload: { flagValue: 'true' },
      },
      200,
    );
  }
  // Exam sessions: the open one (its releases stay as above) and a spare one whose details the edit changes.
  const sessions: { id: number; openForRegistration: boolean }[] = (
    await call({ method: 'GET', url: '/api/admin/examSessions', headers: admin }, 200)
  ).data;
  const openSessionId = String(sessions.find((session) => session.openForRegistration)?.id);
  const sessionDates = (year: number) => ({ startsOn: `${year}-06-01`, endsOn: `${year + 1}-03-31` });
  const spareSessionId = String(
    (
      await call(
        {
          method: 'POST',
          url: '/api/admin/examSessions',
          headers: admin,
          payload: { name: 'Fuzz Spare Session', examYear: 2039, ...sessionDates(2039) },
        },
        201,
      )
    ).data.id,
  );
  // Courses (issue 25): one on the spare session that the edit example changes, and its next names.
  const courseBody = (name: string) => ({
    name,
    standard: '12th',
    branches: ['PCM', 'PCB'],
    fee: 9000,
    planKind: 'amount',
    instalments: [
      { dueDate: '2039-07-01', value: 3000 },
      { dueDate: '2039-10-01', value: 3000 },
      { dueDate: '2040-01-15', value: 3000 },
    ],
  });
  const fuzzCourseId = String(
    (
      await call(
        {
          method: 'POST',
          url: `/api/admin/examSessions/${spareSessionId}/courses`,
          headers: admin,
          payload: courseBody('Fuzz Course'),
        },
        201,
      )
    ).data.id,
  );
  let courseCount = 0;
  /** A new concession request of counsellor one's student (₹1), for the routes that decide one once. */
  const freshConcession = async () =>
    String(
      (
        await call(
          {
            method: 'POST',
            url: '/api/counsellor/concessions',
            headers: one.headers,
            payload: { studentId: studentOne, amount: 1, reason: 'Fuzz concession' },
          },
          201,
        )
      ).data.id,
    );
  /**
   * A new session's exam year: one of the domain's range (examYearRange) that no session holds yet,
   * the clock's next years first. Only a session actually made takes a year, so however many cases
   * run (the exhaustive mode builds this body about 150 times), the example stays valid until the
   * range is full.
   */
  const clockYear = sessionYearsOn(t.app.deps.clock()).examYear;
  const freeSessionYear = async (): Promise<number> => {
    const sessions: { examYear: number }[] = (
      await call({ method: 'GET', url: '/api/admin/examSessions', headers: admin }, 200)
    ).data;
    const taken = new Set(sessions.map((session) => session.examYear));
    const span = examYearRange.max - examYearRange.min + 1;
    for (let step = 1; step <= span; step += 1) {
      const year = examYearRange.min + ((clockYear - examYearRange.min + step) % span);
      if (!taken.has(year)) return year;
    }
    throw new Error('fuzz world: every exam year of examYearRange has a session');
  };
  const newSession = (year: number) => ({ name: `Fuzz Session ${year}`, examYear: year, ...sessionDates(year) });
  let spareEdits = 0;
  const lookup = {
    studentName: 'Rohan Deshmukh',
    studentId: examStudent,
    motherName: 'Sunita Kulkarni',
  };
  const seatNumber: string = (
    await call({ method: 'GET', url: `/api/result/fetch?${new URLSearchParams(lookup)}`, headers: {} }, 200)
  ).seatNumber;
  const marksFile = {
    content: await workbookBuffer(
      {
        name: 'Marks',
        columns: ['Student ID', 'Student Name', '5002 Mathematics'].map((header) => ({ header, width: 20 })),
      },
      [[examStudent, lookup.studentName, 72]],
    ),
    filename: 'marks.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };

  // Messages (issue 26): a sending job to centre 101's parents, and WhatsApp's signed webhook.
  const messageJob = { kind: 'instalment_due', audience: { type: 'centre', centreId: 101 }, language: 'both' };
  const jobId: number = (
    await call({ method: 'POST', url: '/api/admin/messages/jobs', headers: admin, payload: messageJob }, 201)
  ).data.id;
  const whatsAppReply = {
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ value: { messages: [{ from: '919800000077', type: 'text', text: { body: 'STOP' } }] } }] }],
  };

  // Issue 28: the exam student signs in to their own page; a chapter and questions of paper 5002, a test
  // for the 12th that stays open for a month (the student's sitting runs through the whole run), and a
  // second test whose sitting is submitted (submitting again answers the same result).
  const studentLogin = { studentId: examStudent, dob: '2008-06-14' };
  const student = {
    authorization: `Bearer ${(await call({ method: 'POST', url: '/api/student/login', payload: studentLogin }, 200)).token}`,
  };
  const chapterId: number = (
    await call(
      {
        method: 'POST',
        url: '/api/exam/chapters',
        headers: admin,
        payload: { subjectCode: 5002, name: 'Fuzz Optics' },
      },
      201,
    )
  ).data.id;
  let chapters = 0;
  const questionBody = () => ({
    chapterId,
    type: 'single',
    textEn: 'Which lens converges light?',
    textMr: 'कोणते भिंग प्रकाश एकत्र करते?',
    options: [{ en: 'Convex' }, { en: 'Concave' }],
    key: { choices: [0] },
    marks: 2,
    negativeMarks: 0.5,
    difficulty: 'medium',
    explanationEn: 'A convex lens converges.',
  });
  const questionId: number = (
    await call({ method: 'POST', url: '/api/exam/questions', headers: admin, payload: questionBody() }, 201)
  ).data.id;
  const testBody = () => ({
    title: 'Fuzz Optics Test',
    standards: ['12th'],
    branches: [],
    subjectCodes: [5002],
    questionIds: [questionId],
    durationMinutes: 600,
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 30 * 24 * 3_600_000).toISOString(),
    attemptsAllowed: 1,
    shuffle: true,
    showAnswers: 'after_submit',
  });
  const testId: number = (
    await call({ method: 'POST', url: '/api/exam/tests', headers: admin, payload: testBody() }, 201)
  ).data.id;
  const submittedTestId: number = (
    await call({ method: 'POST', url: '/api/exam/tests', headers: admin, payload: testBody() }, 201)
  ).data.id;
  const start = async (id: number): Promise<string> =>
    (await call({ method: 'POST', url: `/api/student/tests/${id}/start`, headers: student }, 200)).attemptId;
  const attemptId = await start(testId);
  const submittedAttemptId = await start(submittedTestId);
  await call({ method: 'POST', url: `/api/student/attempts/${submittedAttemptId}/submit`, headers: student }, 200);
  const studentPaymentId = String(
    (await call({ method: 'GET', url: '/api/student/me', headers: student }, 200)).fees.payments[0].paymentId,
  );
  let answerSeq = 0;
  const questionsFile = {
    content: (
      await t.app.inject({ method: 'GET', url: '/api/exam/questions/template?subjectCode=5002', headers: admin })
    ).rawPayload,
    filename: 'questions.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };

  const examples: Record<string, RouteExample> = {
    'GET /api/admin/messages/templates': {},
    'PUT /api/admin/messages/templates/:kind': {
      params: { kind: 'follow_up_reminder' },
      body: () => ({
        bodyEn: 'Dear parent, we will call you on {followUpDate}.',
        bodyMr: 'प्रिय पालक, आम्ही आपल्याला {followUpDate} रोजी संपर्क करू.',
        language: 'both',
      }),
    },
    'POST /api/admin/messages/jobs/preview': { body: () => messageJob },
    'POST /api/admin/messages/jobs': { body: () => messageJob },
    'GET /api/admin/messages/jobs': {},
    'GET /api/admin/messages/jobs/:id': { params: { id: String(jobId) } },
    // Nothing of the job failed: a retry is refused (409) and changes nothing.
    'POST /api/admin/messages/jobs/:id/retry': { params: { id: String(jobId) }, refused: ['admin'] },
    'GET /api/admin/messages/consents': {},
    'PUT /api/admin/messages/consents': {
      body: () => ({ phone: '9800000078', optedOut: true, note: 'Asked by phone' }),
    },
    'GET /api/counsellor/student/:studentId/messages': { params: { studentId: studentOne }, refused: ['counsellor2'] },
    'GET /api/public/messages/whatsapp': {
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': fuzzMessaging.whatsAppVerifyToken, 'hub.challenge': '42' },
    },
    'POST /api/public/messages/whatsapp': {
      body: () => whatsAppReply,
      headers: {
        'x-hub-signature-256': `sha256=${createHmac('sha256', fuzzMessaging.whatsAppAppSecret).update(JSON.stringify(whatsAppReply)).digest('hex')}`,
      },
    },
    // MSG91's webhooks with the secret their URLs carry: a report still on its way (5: pending) for a
    // request of MSG91's, and a parent's STOP by SMS.
    'POST /api/public/messages/sms/reports': {
      query: { token: fuzzMessaging.msg91WebhookSecret },
      body: () => ({ requestId: '3466786f6b4a373830313330', number: '919800000079', status: '5', desc: 'PENDING' }),
    },
    'POST /api/public/messages/sms/replies': {
      query: { token: fuzzMessaging.msg91WebhookSecret },
      body: () => ({ number: '919800000079', message: 'STOP', keyword: 'STOP' }),
    },
    'GET /api/health': {},
    'GET /api/health/ready': {},
    'GET /api/metrics': {},
    'POST /api/auth/login': {
      body: () => ({ email: signInOnly.email, password: signInOnly.password, role: 'counsellor' }),
    },
    'GET /api/auth/me': {},
    'POST /api/auth/renew': {},

    'POST /api/auth/register': {
      body: () => ({
        name: 'Fuzz New User',
        email: `fuzz-user-${next()}@test.local`,
        role: 'counsellor',
        contactNum: '9876543210',
        branch: 'Pune',
        commission: 10,
        dob: '1990-01-01',
        password: 'a-good-password',
      }),
    },
    'GET /api/admin/getUser': { query: { role: 'counsellor' } },
    'GET /api/admin/getUserWithDetails': { query: { role: 'counsellor' } },
    'PUT /api/admin/changePassword/:uuid': {
      params: { uuid: passwordVictim.uuid },
      body: () => ({ password: 'another-password' }),
      destructive: true,
    },
    'DELETE /api/admin/deleteUser/:uuid': {
      freshParams: async () => ({ uuid: (await t.createStaff({ role: 'teacher', name: 'Fuzz Leaver' })).uuid }),
      destructive: true,
    },

    'GET /api/admin/getExamCenters': {},
    'GET /api/public/examCentres': {},
    'GET /api/public/releases': {},
    'POST /api/admin/addCenter': {
      body: () => ({ centerId: 1000 + next(), centerName: 'Fuzz Centre', collegeName: 'Fuzz College', capicity: 500 }),
    },
    'PUT /api/admin/editcapicity/:centerId': {
      params: { centerId: '102' },
      body: () => ({ centerName: 'Fuzz Nashik', collegeName: 'Fuzz College', capicity: 90_000 }),
    },
    'DELETE /api/admin/deleteExamCenter/:centerId': {
      freshParams: async () => {
        const centerId = 1000 + next();
        await call(
          {
            method: 'POST',
            url: '/api/admin/addCenter',
            headers: admin,
            payload: { centerId, centerName: 'Fuzz Closing', collegeName: 'Fuzz College', capicity: 10 },
          },
          201,
        );
        return { centerId: String(centerId) };
      },
      destructive: true,
    },

    'GET /api/admin/getsubjects': {},
    'GET /api/admin/timetable': { query: { standard: '10th' } },
    'POST /api/admin/addSubject': {
      body: () => ({ subjectCode: 600_000 + next(), subjectName: 'Physics', language: 'English', standard: '12th' }),
    },
    'DELETE /api/admin/deleteSubject/:subjectCode': {
      freshParams: async () => {
        const subjectCode = 600_000 + next();
        await call(
          {
            method: 'POST',
            url: '/api/admin/addSubject',
            headers: admin,
            // Of an exam year whose hall tickets are not out (this world's session released its own).
            payload: { subjectCode, subjectName: 'Chemistry', language: 'English', standard: '12th', examYear: 2039 },
          },
          201,
        );
        return { subjectCode: String(subjectCode) };
      },
      destructive: true,
    },
    'PUT /api/admin/addDates/:subjectCode': {
      params: { subjectCode: '5001' },
      body: () => ({ examDate: future(60), examTime: '11:00 AM-2:00 PM' }),
    },

    'POST /api/upload-photo': { multipart: true },
    'GET /api/files/:name': { params: { name: photoName } },

    'POST /api/counsellor/visiting': { body: () => visiting('Fuzz Visitor') },
    'GET /api/counsellor/getVisiting': {
      query: { uuid: one.uuid, role: 'counsellor' },
      scopedFilters: ['uuid', 'role', 'counsellor'],
    },
    'PUT /api/counsellor/visiting/:id': {
      params: editableEnquiry,
      body: () => visiting('Fuzz Edited'),
      refused: ['counsellor2'],
    },
    'PUT /api/counsellor/visiting/:id/close': {
      freshParams: () => freshEnquiry(),
      body: () => ({ reason: 'Other', note: 'Entered twice' }),
      refused: ['counsellor2'],
      destructive: true,
    },
    'PUT /api/counsellor/visiting/:id/reopen': {
      freshParams: () => freshEnquiry({ closed: true }),
      refused: ['counsellor2'],
      destructive: true,
    },

    // The funnel (issue 26).
    'POST /api/public/enquiry': {
      body: () => ({
        name: 'Fuzz Parent',
        phone: String(7_000_000_000 + next()),
        standard: '10th',
        city: 'Pune',
        message: 'Fuzz enquiry',
        consent: true,
      }),
    },
    'GET /api/counsellor/follow-ups': { query: { counsellor: one.uuid }, scopedFilters: ['counsellor'] },
    'GET /api/counsellor/enquiries': {
      query: { source: 'walk-in', status: 'new', counsellor: one.uuid },
      scopedFilters: ['counsellor'],
    },
    'GET /api/counsellor/enquiries/:id': { params: editableEnquiry, refused: ['counsellor2'] },
    'POST /api/counsellor/enquiries/:id/follow-ups': {
      params: editableEnquiry,
      body: () => ({ kind: 'call', doneOn: indianToday(), outcome: 'No answer', nextFollowUpOn: future(3) }),
      refused: ['counsellor2'],
    },
    'GET /api/counsellor/reports/funnel': {
      query: { from: future(-30), to: future(0), counsellor: one.uuid, branch: 'Pune' },
      scopedFilters: ['counsellor', 'branch'],
    },
    'PUT /api/admin/enquiries/:id/assign': {
      freshParams: () => freshEnquiry(),
      body: () => ({ counsellor: one.uuid }),
      destructive: true,
    },

    'POST /api/counsellor/register': { body: () => registration('Fuzz Student', photoOne) },
    'GET /api/counsellor/getRegister': {
      query: {
        uuid: one.uuid,
        role: 'counsellor',
        page: '1',
        limit: '10',
        search: 'Fuzz',
        standard: '11th+12th',
        examCentre: '101',
        counsellor: one.uuid,
      },
      scopedFilters: ['uuid', 'role', 'counsellor'],
    },

    // Edit Student: counsellor one's student, which counsellor two may not reach.
    'GET /api/counsellor/student/:studentId': { params: { studentId: studentOne }, refused: ['counsellor2'] },
    'PUT /api/counsellor/updateStudentPhoto/:studentId': {
      params: { studentId: studentOne },
      body: () => ({ studentId: studentOne, studentPhoto: photoOne, prevPhotoUrl: photoOne }),
      refused: ['counsellor2'],
    },
    'PUT /api/counsellor/updateStudentDetails/:studentId': {
      params: { studentId: studentOne },
      body: () => studentDetails(),
      refused: ['counsellor2'],
    },
    'PUT /api/counsellor/updateStudentCombined/:studentId': {
      params: { studentId: studentOne },
      body: () => ({ ...studentDetails(), studentPhoto: photoOne, prevPhotoUrl: photoOne }),
      refused: ['counsellor2'],
    },
    // Withdraw and make active again: a fresh student each time (each acts once on its student).
    'PUT /api/admin/withdrawStudent/:studentId': {
      freshParams: async () => ({ studentId: await freshStudent() }),
      body: () => ({ reason: 'Other', otherReason: 'Moved abroad', withdrawnOn: indianToday() }),
      destructive: true,
    },
    'PUT /api/admin/reactivateStudent/:studentId': {
      freshParams: async () => {
        const studentId = await freshStudent();
        await call(
          {
            method: 'PUT',
            url: `/api/admin/withdrawStudent/${studentId}`,
            headers: admin,
            payload: { reason: 'Fees not paid', withdrawnOn: indianToday() },
          },
          200,
        );
        return { studentId };
      },
      destructive: true,
    },
    'GET /api/admin/home/figures': {},
    'GET /api/admin/home/charts': {},
    'GET /api/counsellor/home/figures': {},
    'GET /api/counsellor/overdue': {
      query: { counsellor: one.uuid, page: '1', limit: '10' },
      scopedFilters: ['counsellor'],
    },
    'POST /api/counsellor/getFilteredRegister': {
      body: () => ({
        standard: '12th',
        counsellor: one.uuid,
        examCentre: '101-Fuzz Pune',
        fromDate: future(-30),
        toDate: future(1),
        onlyZeroRemaining: false,
        onlyNonZeroRemaining: true,
        columns: ['studentId', 'studentName', 'totalAmount', 'dueDate', 'createdAt'],
      }),
    },

    'POST /api/counsellor/makePayment': {
      body: () => ({
        studentId: studentOne,
        amountPaid: 1,
        paymentMode: 'Cash',
        receiptNo: '2045',
        newDueDate: future(30),
        receiptPhoto: photoOne,
      }),
      refused: ['counsellor2'],
    },
    'GET /api/counsellor/getPayments': {
      query: { uuid: one.uuid, role: 'counsellor' },
      scopedFilters: ['uuid', 'role', 'counsellor'],
    },

    // Corrections (issue 25): each cancellation acts once on its receipt, so a fresh one per request.
    'PUT /api/admin/payments/:paymentId/cancel': {
      freshParams: async () => ({ paymentId: await freshPayment() }),
      body: () => ({ reason: 'Entered against the wrong student', dueDate: future(20) }),
      destructive: true,
    },
    'POST /api/counsellor/payments/:paymentId/cancellationRequest': {
      freshParams: async () => ({ paymentId: await freshPayment() }),
      body: () => ({ reason: 'Parent paid twice' }),
      refused: ['counsellor2'],
      destructive: true,
    },
    'GET /api/admin/cancellationRequests': { query: { status: 'pending' } },
    'PUT /api/admin/cancellationRequests/:id': {
      freshParams: async () => ({ id: await freshCancellationRequest() }),
      body: () => ({ status: 'rejected', reason: 'The receipt is right' }),
      destructive: true,
    },
    'POST /api/admin/refunds': {
      body: () => ({
        paymentId: paymentOne,
        amount: 0.01,
        refundMode: 'Online',
        refundedOn: indianToday(),
        reason: 'Family withdrew',
      }),
    },
    'GET /api/pdf/refund-voucher': { query: { refundId: String(refundOne) }, refused: ['counsellor2'] },
    'GET /api/admin/gstSettings': {},
    'PUT /api/admin/gstSettings': {
      body: () => ({ gstin: '', legalName: 'Mock Board Exams Pvt Ltd', address: 'Pune', bankName: 'Bank A' }),
    },
    'GET /api/admin/gstSummary.xlsx': { query: { month: indianToday().slice(0, 7) } },

    'GET /api/counsellor/collection/:counsellorId': { params: { counsellorId: one.uuid }, refused: ['counsellor2'] },
    'GET /api/counsellor/collection/payments/:counsellorId': {
      params: { counsellorId: one.uuid },
      refused: ['counsellor2'],
    },
    'GET /api/counsellor/settlementAccounts': {},
    'POST /api/counsellor/myCollection/settle': { body: settlement },
    'PUT /api/admin/collection/:id/verify': {
      freshParams: async () => ({ id: String(await freshSettlement()) }),
      body: () => ({ status: 'verified' }),
      destructive: true,
    },
    // Corrections: the counsellor edits or withdraws a pending settlement of their own; an admin reverses a verified one.
    'PUT /api/counsellor/myCollection/settlements/:id': {
      freshParams: async () => ({ id: String(await freshSettlement()) }),
      body: () => {
        const { amountPaid, remark, proofUrl, paymentDate } = settlement();
        return { amountPaid, remark, proofUrl, paymentDate };
      },
      refused: ['counsellor2'],
      destructive: true,
    },
    'PUT /api/counsellor/myCollection/settlements/:id/withdraw': {
      freshParams: async () => ({ id: String(await freshSettlement()) }),
      refused: ['counsellor2'],
      destructive: true,
    },
    'PUT /api/admin/collection/:id/reverse': {
      freshParams: async () => {
        const id = await freshSettlement();
        await call(
          { method: 'PUT', url: `/api/admin/collection/${id}/verify`, headers: admin, payload: { status: 'verified' } },
          200,
        );
        return { id: String(id) };
      },
      body: () => ({ reason: 'The deposit is not in the bank statement' }),
      destructive: true,
    },
    'GET /api/counsellor/collection/AllTransactions': {},
    'PUT /api/counsellor/collection/verifyPayment/:id': {
      freshParams: async () => ({ id: String(await freshSettlement()) }),
      body: () => ({ status: 'rejected' }),
      destructive: true,
    },
    'GET /api/admin/activity': { query: { entity: 'centre', limit: '10' } },
    'GET /api/admin/backup': {},

    // Issue 27: a parent's consent (a wrong code is a 400 that changes nothing; three sends an hour)
    'GET /api/public/privacyNotice': {},
    // The consent page's link: a fresh student's link each time (it is used once)
    'GET /api/public/consentLink/:token': { freshParams: async () => ({ token: await freshConsentLink() }) },
    'POST /api/public/consentLink/:token': {
      freshParams: async () => ({ token: await freshConsentLink() }),
      body: () => ({ messages: true, noticeVersion: PRIVACY_NOTICE.version }),
      destructive: true,
    },
    'GET /api/counsellor/consent/:studentId': { params: { studentId: studentOne }, refused: ['counsellor2'] },
    // A new student each time: three codes an hour per student is the limit.
    'POST /api/counsellor/consent/:studentId/code': {
      freshParams: async () => ({ studentId: await freshStudent() }),
      body: () => ({ language: 'mr' }),
      refused: ['counsellor2'],
    },
    'POST /api/counsellor/consent/:studentId/confirm': {
      params: { studentId: studentOne },
      body: () => ({ code: '123456', messages: true }),
      refused: ['admin', 'counsellor', 'counsellor2'],
    },
    'POST /api/counsellor/consent/:studentId/paper': {
      params: { studentId: studentOne },
      body: () => ({ photo: photoOne, messages: false }),
      refused: ['counsellor2'],
    },
    'GET /api/admin/consent/waiting': {},
    'GET /api/admin/privacy/summary': {},
    'GET /api/admin/dataRequests': { query: { status: 'all' } },
    'POST /api/admin/dataRequests': {
      body: () => ({ studentId: studentOne, kind: 'copy', receivedOn: indianToday(), details: 'Asked at the branch' }),
    },
    'PUT /api/admin/dataRequests/:id/close': {
      freshParams: async () => ({ id: String(await freshRequest(studentOne, 'correction')) }),
      body: () => ({ status: 'done', outcome: 'Address corrected on Edit Student' }),
    },
    'POST /api/admin/dataRequests/:id/erase': {
      freshParams: async () => ({ id: String(await freshRequest(await freshStudent(), 'erasure')) }),
      destructive: true,
    },
    'GET /api/admin/dataCopy/:studentId': { params: { studentId: studentOne } },
    'GET /api/pdf/dataCopy': { query: { studentId: studentOne } },
    'GET /api/admin/privacy/settings': {},
    'PUT /api/admin/privacy/settings': {
      body: () => ({ requestDays: 90, enquiryMonths: 12, photoMonths: 6, financialYears: 8 }),
    },
    'GET /api/admin/retention/preview': {},
    'POST /api/admin/retention/run': {},
    'GET /api/admin/retention/runs': {},
    'GET /api/admin/accessLog/:studentId': { params: { studentId: studentOne } },
    'GET /api/admin/breaches': {},
    'POST /api/admin/breaches': {
      body: () => ({
        title: 'Registration list shared in a public group',
        description: 'A counsellor posted a photo of the register table in a public WhatsApp group.',
        discoveredOn: indianToday(),
        measures: 'The message was deleted within an hour and the group admin removed it.',
        scope: { centerId: 101, standard: '11th+12th' },
      }),
    },
    'GET /api/admin/breaches/:id/notices': { params: { id: String(breachOne) } },
    'POST /api/admin/breaches/:id/send': { params: { id: String(breachOne) } },
    'PUT /api/admin/consent/:studentId/withdraw': {
      freshParams: async () => ({ studentId: await freshStudent() }),
      destructive: true,
    },
    'PUT /api/admin/settlementAccounts': {
      body: () => ({ accounts: ['Company account at Bank A', 'Company account at Bank B'] }),
    },

    'GET /api/pdf/registration-form': { query: { studentId: studentOne }, refused: ['counsellor2'] },
    'GET /api/pdf/payment-receipt': {
      query: { studentId: studentOne, paymentId: String(paymentOne) },
      refused: ['counsellor2'],
    },

    'POST /api/admin/addBooksWithChalan': {
      body: () => ({
        chalanDate: indianToday(),
        counsellorId: one.uuid,
        items: [
          { standard: '10th', bookName: 'Math', totalCount: 2 },
          { standard: 'pamphlet', bookName: indianToday().split('-').reverse().join('/'), totalCount: 10 },
          { standard: 'receiptBook', bookName: '1201', totalCount: 50 },
        ],
      }),
    },
    'GET /api/admin/chalans': {
      query: { counsellor: one.uuid, from: future(-30), to: future(1), chalanNo: '0', page: '1', limit: '10' },
    },
    'GET /api/admin/getBooksByCounsellor/:counsellorId': {
      params: { counsellorId: one.uuid },
      refused: ['counsellor2'],
    },
    'GET /api/admin/books/pendingDistribution': {},
    'GET /api/admin/books/pendingDistribution.xlsx': {},
    'PUT /api/counsellor/markBookReceived/:bookId': {
      freshParams: async () => ({ bookId: await freshPendingBook() }),
      refused: ['counsellor2'],
    },
    'GET /api/counsellor/myChalans': { query: { page: '1', limit: '10' } },
    'PUT /api/counsellor/chalans/:id/receive': {
      freshParams: async () => ({ id: await freshChallan() }),
      body: () => ({ signedCopyUrl: photoOne }),
      refused: ['counsellor2'],
      destructive: true,
    },
    'GET /api/counsellor/getStudentsByCounsellor/:counsellorId': {
      params: { counsellorId: one.uuid },
      refused: ['counsellor2'],
    },
    'PUT /api/counsellor/markStudentGiven/:studentId': {
      freshParams: async () => ({ studentId: await freshBookStudent() }),
      body: () => ({ bookSet: '11th' }),
      refused: ['counsellor2'],
    },
    'GET /api/pdf/challan': { query: { id: String(challanOne) }, refused: ['counsellor2'] },

    'GET /api/admin/getSettingFlags': {},
    'GET /api/admin/examSessions': {},
    'POST /api/admin/examSessions': {
      body: () => newSession(clockYear + 1),
      freshBody: async () => newSession(await freeSessionYear()),
    },
    'PUT /api/admin/examSessions/:id': {
      params: { id: spareSessionId },
      body: () => ({ name: `Fuzz Spare Session ${++spareEdits}`, examYear: 2039, ...sessionDates(2039) }),
    },
    // The open session opened again, its results released again: the world stays as it is.
    'PUT /api/admin/examSessions/:id/open': { params: { id: openSessionId } },
    'PUT /api/admin/examSessions/:id/release': {
      params: { id: openSessionId },
      body: () => ({ flag: 'RESULT', released: true }),
    },
    'GET /api/counsellor/openExamSession': {},
    'GET /api/admin/courses': { query: { sessionId: spareSessionId } },
    'POST /api/admin/examSessions/:id/courses': {
      params: { id: spareSessionId },
      body: () => courseBody(`Fuzz Course ${++courseCount}`),
    },
    'PUT /api/admin/courses/:id': { params: { id: fuzzCourseId }, body: () => courseBody('Fuzz Course') },
    'GET /api/public/courses': {},
    'POST /api/counsellor/concessions': {
      body: () => ({ studentId: studentOne, amount: 1, reason: 'Sibling enrolled' }),
      refused: ['counsellor2'],
    },
    'GET /api/counsellor/concessions': {
      query: { status: 'requested', studentId: studentOne },
      scopedFilters: ['studentId'],
    },
    'PUT /api/admin/concessions/:id/approve': {
      freshParams: async () => ({ id: await freshConcession() }),
      destructive: true,
    },
    'PUT /api/admin/concessions/:id/reject': {
      freshParams: async () => ({ id: await freshConcession() }),
      body: () => ({ reason: 'Not eligible' }),
      destructive: true,
    },
    'POST /api/admin/hallTicketAllowances': {
      body: () => ({ studentId: examStudent, reason: 'Paid at the branch today' }),
    },
    'PUT /api/admin/updateSettingFlag/:flagName': {
      // 'true': the exam-day examples below stand on released hall tickets and results.
      params: { flagName: 'HALLTICKET' },
      body: () => ({ flagValue: 'true' }),
    },

    'GET /api/pdf/generate-preview': { query: lookup },
    'GET /api/result/fetch': { query: lookup },
    'GET /api/result/marksheet': { query: lookup },
    'GET /api/public/verify/:code': {
      params: { code: t.app.deps.ticketSigner.sign({ studentId: examStudent, seatNumber }) },
    },
    'POST /api/admin/seatNumbers/assign': { body: () => ({ centerId: 101 }) },
    // Hall tickets are released in this world: a renumbering is refused (409), and changes nothing.
    'POST /api/admin/seatNumbers/renumber': { body: () => ({ confirm: true }), refused: ['admin'] },
    'GET /api/admin/hallTickets': { query: { centerId: '101' } },
    'GET /api/admin/results/missing': {},
    'GET /api/admin/teachers/:uuid/assignment': { params: { uuid: teacher.uuid } },
    'PUT /api/admin/teachers/:uuid/assignment': { params: { uuid: teacher.uuid }, body: () => assignment },
    'GET /api/exam/assignment': {},
    'GET /api/exam/marks': { query: { centerId: '101', standard: '11th+12th' } },
    'GET /api/exam/marks/template': { query: { centerId: '101', standard: '11th+12th' } },
    // Results are declared: only an admin may still change a mark.
    'PUT /api/exam/marks': {
      body: () => ({ studentId: examStudent, subjectCode: 5002, marks: 73 }),
      refused: ['teacher'],
    },
    'POST /api/exam/marks/upload': { query: { save: 'false' }, multipart: true, file: marksFile },

    // Students' own routes (issue 28): the student comes from the token, never from the request
    'POST /api/student/login': {
      // A mutation may have switched students' sign-in off: on again before each case.
      freshParams: async () => {
        await call(
          { method: 'PUT', url: '/api/admin/studentPortal', headers: admin, payload: { studentSignIn: true } },
          200,
        );
        return {};
      },
      body: () => studentLogin,
    },
    'GET /api/student/me': {},
    'GET /api/student/hallTicket': {},
    'GET /api/student/marksheet': {},
    'GET /api/student/receipt/:paymentId': { params: { paymentId: studentPaymentId } },
    'GET /api/student/tests': {},
    'POST /api/student/tests/:id/start': { params: { id: String(testId) } },
    'GET /api/student/attempts/:attemptId': { params: { attemptId } },
    'PUT /api/student/attempts/:attemptId/answers/:questionId': {
      params: { attemptId, questionId: String(questionId) },
      body: () => {
        answerSeq += 1;
        return { answer: { choices: [answerSeq % 2] }, review: false, seq: answerSeq };
      },
    },
    'POST /api/student/attempts/:attemptId/submit': { params: { attemptId: submittedAttemptId } },
    'GET /api/admin/studentPortal': {},
    'PUT /api/admin/studentPortal': { body: () => ({ studentSignIn: true }) },
    'PUT /api/admin/students/:studentId/resetAccess': {
      freshParams: async () => ({ studentId: await freshStudent() }),
      destructive: true,
    },
    'GET /api/exam/papers': {},
    'GET /api/exam/chapters': { query: { subjectCode: '5002' } },
    'POST /api/exam/chapters': {
      body: () => {
        chapters += 1;
        return { subjectCode: 5002, name: `Fuzz Chapter ${chapters}` };
      },
    },
    'GET /api/exam/questions': { query: { chapterId: String(chapterId) } },
    'POST /api/exam/questions': { body: questionBody },
    'PUT /api/exam/questions/:id': { params: { id: String(questionId) }, body: questionBody },
    'GET /api/exam/questions/template': { query: { subjectCode: '5002' } },
    'POST /api/exam/questions/upload': {
      query: { subjectCode: '5002', save: 'false' },
      multipart: true,
      file: questionsFile,
    },
    'GET /api/exam/tests': {},
    'POST /api/exam/tests': { body: testBody },
    'GET /api/exam/tests/:id/results': { params: { id: String(testId) } },
    'GET /api/exam/tests/:id/results.xlsx': { params: { id: String(testId) } },
  };

  return {
    headers: {
      anonymous: {},
      admin,
      counsellor: one.headers,
      teacher: teacher.headers,
      counsellor2: two.headers,
      student,
    },
    userIds: {
      admin: (await call({ method: 'GET', url: '/api/auth/me', headers: admin }, 200)).uuid,
      counsellor: one.uuid,
      counsellor2: two.uuid,
      teacher: teacher.uuid,
    },
    studentIds: { counsellor: studentOne, counsellor2: studentTwo },
    jpeg: await testJpeg(64, 64, { r: 90, g: 80, b: 70 }),
    examples,
  };
}
