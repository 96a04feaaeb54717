import type { Principal } from '@app/domain/roles';

/**
 * Who may call each API route: the one table the server enforces (deny by default).
 * A route missing from this table answers 403 to everyone, and the route × role test fails,
 * so a new route cannot ship without a decision here. It follows SPEC §2's route table and §6.
 */
export type Access = 'public' | readonly Principal[];

const anyone: Access = 'public';
const signedIn: readonly Principal[] = ['admin', 'counsellor', 'teacher'];
const admin: readonly Principal[] = ['admin'];
const staff: readonly Principal[] = ['admin', 'counsellor'];
const examStaff: readonly Principal[] = ['admin', 'teacher'];
const student: readonly Principal[] = ['student'];

export const accessTable: Record<string, Access> = {
  'GET /api/health': anyone,
  'GET /api/health/ready': anyone,
  // Admins; also Prometheus with METRICS_TOKEN (the route's `acceptsToken`: a token is no user)
  'GET /api/metrics': admin,

  // Sign-in and sessions
  'POST /api/auth/login': anyone,
  'GET /api/auth/me': signedIn,
  'POST /api/auth/renew': signedIn,

  // Users
  'POST /api/auth/register': admin,
  'GET /api/admin/getUser': admin,
  'GET /api/admin/getUserWithDetails': admin,
  'PUT /api/admin/changePassword/:uuid': admin,
  'DELETE /api/admin/deleteUser/:uuid': admin,

  // Exam centres: counsellors read the list for the registration form, teachers for Marks Entry
  'GET /api/admin/getExamCenters': signedIn,
  'POST /api/admin/addCenter': admin,
  'PUT /api/admin/editcapicity/:centerId': admin,
  'DELETE /api/admin/deleteExamCenter/:centerId': admin,
  'GET /api/public/examCentres': anyone,
  'GET /api/public/releases': anyone,

  // Subjects and the exam timetable
  'GET /api/admin/getsubjects': admin,
  'GET /api/admin/timetable': staff,
  'POST /api/admin/addSubject': admin,
  'DELETE /api/admin/deleteSubject/:subjectCode': admin,
  'PUT /api/admin/addDates/:subjectCode': admin,

  // Photos: uploaded by the screens that take them (teachers: a question's image); served by an unguessable content hash
  'POST /api/upload-photo': signedIn,
  'GET /api/files/:name': anyone,

  // Visiting (enquiry) forms: counsellors record them; the list is scoped by the service
  'POST /api/counsellor/visiting': ['counsellor'],
  'GET /api/counsellor/getVisiting': staff,
  // Corrections: a counsellor their own enquiries (checked by the service), an admin any.
  'PUT /api/counsellor/visiting/:id': staff,
  'PUT /api/counsellor/visiting/:id/close': staff,
  'PUT /api/counsellor/visiting/:id/reopen': staff,
  // The funnel (issue 26): the public contact form; follow-ups, queue, enquiries and report scoped by the
  // service (a counsellor the enquiries assigned to them); an admin reassigns.
  'POST /api/public/enquiry': anyone,
  'GET /api/counsellor/follow-ups': staff,
  'GET /api/counsellor/enquiries': staff,
  'GET /api/counsellor/enquiries/:id': staff,
  'POST /api/counsellor/enquiries/:id/follow-ups': staff,
  'GET /api/counsellor/reports/funnel': staff,
  'PUT /api/admin/enquiries/:id/assign': admin,

  // Registrations: counsellors register; the list is scoped by the service
  'POST /api/counsellor/register': ['counsellor'],
  'GET /api/counsellor/getRegister': staff,
  // Edit Student (SPEC §2 admin screen; §6 counsellors also look up and edit student data): the service
  // lets counsellors reach only the students they registered
  'GET /api/counsellor/student/:studentId': staff,
  'PUT /api/counsellor/updateStudentPhoto/:studentId': staff,
  'PUT /api/counsellor/updateStudentDetails/:studentId': staff,
  'PUT /api/counsellor/updateStudentCombined/:studentId': staff,
  // Withdraw a student and make them active again (issue 25): admins; counsellors see the status
  'PUT /api/admin/withdrawStudent/:studentId': admin,
  'PUT /api/admin/reactivateStudent/:studentId': admin,
  // Courses of each exam session and their fee plans (issue 25): admins manage; the public list is the open session's
  'GET /api/admin/courses': admin,
  'POST /api/admin/examSessions/:id/courses': admin,
  'PUT /api/admin/courses/:id': admin,
  'GET /api/public/courses': anyone,
  // Concessions: staff ask (a counsellor for their own student, checked by the service); admins decide
  'POST /api/counsellor/concessions': staff,
  'GET /api/counsellor/concessions': staff,
  'PUT /api/admin/concessions/:id/approve': admin,
  'PUT /api/admin/concessions/:id/reject': admin,
  // Home: figures and charts (one endpoint per card group); the overdue list is scoped by the service
  'GET /api/admin/home/figures': admin,
  'GET /api/admin/home/charts': admin,
  'GET /api/counsellor/home/figures': ['counsellor'],
  'GET /api/counsellor/overdue': staff,
  // The Excel Export Tool (SPEC §2: admin)
  'POST /api/counsellor/getFilteredRegister': admin,

  // Messages to parents (issue 26): templates, sending jobs and consent choices are an admin's; a
  // student's messages show on Edit Student (the service keeps counsellors to their own students);
  // WhatsApp calls its webhook (the signature and the verify token are checked by the route).
  'GET /api/admin/messages/templates': admin,
  'PUT /api/admin/messages/templates/:kind': admin,
  'POST /api/admin/messages/jobs/preview': admin,
  'POST /api/admin/messages/jobs': admin,
  'GET /api/admin/messages/jobs': admin,
  'GET /api/admin/messages/jobs/:id': admin,
  'POST /api/admin/messages/jobs/:id/retry': admin,
  'GET /api/admin/messages/consents': admin,
  'PUT /api/admin/messages/consents': admin,
  'GET /api/counsellor/student/:studentId/messages': staff,
  'GET /api/public/messages/whatsapp': anyone,
  'POST /api/public/messages/whatsapp': anyone,
  // MSG91 calls these with the secret its URLs carry (checked by the route).
  'POST /api/public/messages/sms/reports': anyone,
  'POST /api/public/messages/sms/replies': anyone,

  // Payments: counsellors take them for their own students; the records are scoped by the service
  'POST /api/counsellor/makePayment': ['counsellor'],
  'GET /api/counsellor/getPayments': staff,
  // Corrections (issue 25, docs/decisions/016-receipt-corrections.md): admins cancel receipts, decide
  // counsellors' requests and refund; a counsellor asks to cancel their own student's receipt (service-checked)
  'PUT /api/admin/payments/:paymentId/cancel': admin,
  'POST /api/counsellor/payments/:paymentId/cancellationRequest': ['counsellor'],
  'GET /api/admin/cancellationRequests': admin,
  'PUT /api/admin/cancellationRequests/:id': admin,
  'POST /api/admin/refunds': admin,
  'GET /api/pdf/refund-voucher': staff,
  // GST receipts: the institute's details and the accountant's monthly summary
  'GET /api/admin/gstSettings': admin,
  'PUT /api/admin/gstSettings': admin,
  'GET /api/admin/gstSummary.xlsx': admin,

  // Collections: the ledger and history are scoped by the service (counsellors their own)
  'GET /api/counsellor/collection/:counsellorId': staff,
  'GET /api/counsellor/collection/payments/:counsellorId': staff,
  'GET /api/counsellor/settlementAccounts': staff,
  'POST /api/counsellor/myCollection/settle': ['counsellor'],
  'PUT /api/counsellor/myCollection/settlements/:id': ['counsellor'],
  'PUT /api/counsellor/myCollection/settlements/:id/withdraw': ['counsellor'],
  'PUT /api/admin/collection/:id/reverse': admin,
  'PUT /api/admin/collection/:id/verify': admin,
  // The existing client's admin list and verify, under its /counsellor paths
  'GET /api/counsellor/collection/AllTransactions': admin,
  'PUT /api/counsellor/collection/verifyPayment/:id': admin,
  'PUT /api/admin/settlementAccounts': admin,

  // Books and challans: admins send challans; counsellors receive stock and hand sets to their own
  // students; the stock and student lists are scoped by the service (a counsellor only their own)
  'POST /api/admin/addBooksWithChalan': admin,
  'GET /api/admin/chalans': admin,
  'GET /api/admin/getBooksByCounsellor/:counsellorId': staff,
  'GET /api/admin/books/pendingDistribution': admin,
  'GET /api/admin/books/pendingDistribution.xlsx': admin,
  'PUT /api/counsellor/markBookReceived/:bookId': ['counsellor'],
  'GET /api/counsellor/myChalans': ['counsellor'],
  'PUT /api/counsellor/chalans/:id/receive': ['counsellor'],
  'GET /api/counsellor/getStudentsByCounsellor/:counsellorId': staff,
  'PUT /api/counsellor/markStudentGiven/:studentId': ['counsellor'],
  'GET /api/pdf/challan': staff,

  // Documents: both admin and counsellor print registration forms (counsellors their own)
  'GET /api/pdf/registration-form': staff,
  'GET /api/pdf/payment-receipt': staff,

  // The audit trail: who changed what, for admins only
  'GET /api/admin/activity': admin,

  // Setting flags: the app reads them before anyone signs in (SPEC §2)
  'GET /api/admin/getSettingFlags': anyone,
  'PUT /api/admin/updateSettingFlag/:flagName': admin,

  // Exam sessions (docs/decisions/007-exam-sessions.md): admins manage them; the registration form reads the open one
  'GET /api/admin/examSessions': admin,
  'POST /api/admin/examSessions': admin,
  'PUT /api/admin/examSessions/:id': admin,
  'PUT /api/admin/examSessions/:id/open': admin,
  'PUT /api/admin/examSessions/:id/release': admin,
  // Optional per session: a hall ticket held for an overdue fee, allowed by an admin with a reason
  'POST /api/admin/hallTicketAllowances': admin,
  'GET /api/counsellor/openExamSession': staff,

  // Exam day (issue 15): public hall ticket, result and ticket verification (rate-limited by failures);
  // admins assign seats and print a centre's tickets; teachers and admins enter marks
  'GET /api/pdf/generate-preview': anyone,
  'GET /api/result/fetch': anyone,
  'GET /api/result/marksheet': anyone,
  'GET /api/public/verify/:code': anyone,
  'POST /api/admin/seatNumbers/assign': admin,
  'POST /api/admin/seatNumbers/renumber': admin,
  'GET /api/admin/hallTickets': admin,
  'GET /api/admin/results/missing': admin,
  'GET /api/admin/teachers/:uuid/assignment': admin,
  'PUT /api/admin/teachers/:uuid/assignment': admin,
  'GET /api/exam/assignment': ['admin', 'teacher'],
  'GET /api/exam/marks': ['admin', 'teacher'],
  'PUT /api/exam/marks': ['admin', 'teacher'],
  'POST /api/exam/marks/upload': ['admin', 'teacher'],
  'GET /api/exam/marks/template': ['admin', 'teacher'],

  // Students' own sign-in and page (issue 28): a student's session reaches only /api/student routes, and
  // only that student's own rows (the service takes the student from the token, never from the request)
  'POST /api/student/login': anyone,
  'GET /api/student/me': student,
  'GET /api/student/hallTicket': student,
  'GET /api/student/marksheet': student,
  'GET /api/student/receipt/:paymentId': student,
  'GET /api/student/tests': student,
  'POST /api/student/tests/:id/start': student,
  'GET /api/student/attempts/:attemptId': student,
  'PUT /api/student/attempts/:attemptId/answers/:questionId': student,
  'POST /api/student/attempts/:attemptId/submit': student,
  'GET /api/admin/studentPortal': admin,
  'PUT /api/admin/studentPortal': admin,
  'PUT /api/admin/students/:studentId/resetAccess': admin,
  // The question bank and online tests: teachers for the papers assigned to them (checked by the service), admins all
  'GET /api/exam/papers': examStaff,
  'GET /api/exam/chapters': examStaff,
  'POST /api/exam/chapters': examStaff,
  'GET /api/exam/questions': examStaff,
  'POST /api/exam/questions': examStaff,
  'PUT /api/exam/questions/:id': examStaff,
  'POST /api/exam/questions/upload': examStaff,
  'GET /api/exam/questions/template': examStaff,
  'GET /api/exam/tests': examStaff,
  'POST /api/exam/tests': examStaff,
  'GET /api/exam/tests/:id/results': examStaff,
  'GET /api/exam/tests/:id/results.xlsx': examStaff,

  // Backups: the whole database and every file, from the running server (`npm run backup` uses it)
  'GET /api/admin/backup': admin,

  // Families' data under the DPDP Act (issue 27): the notice is public; consent is recorded by the
  // counsellor who registered the student (checked by the service) or an admin; the rest is admins'
  'GET /api/public/privacyNotice': anyone,
  // The consent page a parent opens from the code's message: the link's token is the credential
  'GET /api/public/consentLink/:token': anyone,
  'POST /api/public/consentLink/:token': anyone,
  'GET /api/counsellor/consent/:studentId': staff,
  'POST /api/counsellor/consent/:studentId/code': staff,
  'POST /api/counsellor/consent/:studentId/confirm': staff,
  'POST /api/counsellor/consent/:studentId/paper': staff,
  'GET /api/admin/consent/waiting': admin,
  'PUT /api/admin/consent/:studentId/withdraw': admin,
  // A family's rights, through the institute: the request register, erasure and the data copy
  'GET /api/admin/privacy/summary': admin,
  'GET /api/admin/dataRequests': admin,
  'POST /api/admin/dataRequests': admin,
  'PUT /api/admin/dataRequests/:id/close': admin,
  'POST /api/admin/dataRequests/:id/erase': admin,
  'GET /api/admin/dataCopy/:studentId': admin,
  'GET /api/pdf/dataCopy': admin,
  // Retention: the rules with safe defaults, a dry run, a run now (the nightly job runs in the process)
  'GET /api/admin/privacy/settings': admin,
  'PUT /api/admin/privacy/settings': admin,
  'GET /api/admin/retention/preview': admin,
  'POST /api/admin/retention/run': admin,
  'GET /api/admin/retention/runs': admin,
  // The access log: who opened a student's record (written by the reads themselves)
  'GET /api/admin/accessLog/:studentId': admin,
  // The breach register: incidents, the families affected and the notices
  'GET /api/admin/breaches': admin,
  'POST /api/admin/breaches': admin,
  'GET /api/admin/breaches/:id/notices': admin,
  'POST /api/admin/breaches/:id/send': admin,
};

export function accessFor(method: string, url: string): Access | undefined {
  return accessTable[`${method} ${url}`];
}

/** Routes under these prefixes are documentation, open to all. */
export const publicPrefixes = ['/api/docs'];
