import { activityResponse } from '@app/domain/audit.schemas';
import {
  addChallanResponse,
  bookStockResponse,
  challanPage,
  counsellorStudentsResponse,
  pendingDistributionResponse,
} from '@app/domain/books.schemas';
import { examCentre } from '@app/domain/centres.schemas';
import { collectionPayment, collectionSummary } from '@app/domain/collections.schemas';
import { messageResponse } from '@app/domain/common.schemas';
import { cancellationRequest, correctionResponse, gstSettings } from '@app/domain/corrections.schemas';
import {
  concessionResponse,
  concessionsResponse,
  courseResponse,
  coursesResponse,
  publicCoursesResponse,
} from '@app/domain/courses.schemas';
import {
  marksSheet,
  marksUploadReport,
  missingMarks,
  myAssignment,
  resultResponse,
  seatAssignment,
  teacherAssignmentResponse,
  verifyResponse,
} from '@app/domain/exam.schemas';
import { examSession, openExamSession, releaseResponse } from '@app/domain/exam-sessions.schemas';
import {
  consentEntry,
  messageJob,
  messageJobDetail,
  messageLogEntry,
  messagePreview,
  messageTemplate,
} from '@app/domain/family-messages.schemas';
import { settingFlag } from '@app/domain/flags.schemas';
import {
  enquiryHistory,
  enquiryList,
  followUpAnswer,
  followUpQueue,
  funnelEnquiry,
  funnelReport,
} from '@app/domain/funnel.schemas';
import { adminCharts, adminFigures, counsellorFigures, overduePage } from '@app/domain/home.schemas';
import {
  attemptView,
  chapter,
  onlineTest,
  paperChoice,
  portalSettingsSchema,
  question,
  questionImportReport,
  saveAnswerResponse,
  studentProfile,
  studentSession,
  studentTest,
  testAnalysis,
} from '@app/domain/online-tests.schemas';
import { pageOf } from '@app/domain/paging.schemas';
import { makePaymentResponse, paymentSummaryPage } from '@app/domain/payments.schemas';
import {
  accessLogResponse,
  breachesResponse,
  breachNotices,
  breachSaved,
  breachSendReport,
  consentAnswer,
  consentStatusResponse,
  consentWaitingResponse,
  dataRequestSaved,
  dataRequestsResponse,
  privacySettingsResponse,
  privacySummary,
  retentionReport,
  retentionRuns,
  sendConsentCodeResponse,
} from '@app/domain/privacy.schemas';
import { registerStudentResponse, registrationRow } from '@app/domain/registrations.schemas';
import { studentDetail } from '@app/domain/students.schemas';
import { subject } from '@app/domain/subjects.schemas';
import { sessionUser, user } from '@app/domain/users.schemas';
import { visitingRecord, visitingRecordPage } from '@app/domain/visiting.schemas';
import { z } from 'zod';

const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
const savedWith = <T extends z.ZodType>(data: T) => messageResponse.extend({ data });

/**
 * Every JSON answer the web reads, by name, as the domain's schemas describe it (the API's routes answer
 * with the same schemas). `api.get(path, 'users')` is typed from here; in development and tests the
 * client also checks each answer against its schema, so a drift between the API and the web fails a
 * test. The production build never loads this file (api-client.ts imports it under import.meta.env.DEV).
 */
export const apiResponses = {
  message: messageResponse,
  // Students' own page and online tests (issue 28)
  studentSession,
  studentProfile,
  studentTests: dataOf(studentTest),
  attemptView,
  answerSaved: saveAnswerResponse,
  portalSettings: portalSettingsSchema,
  portalSettingsSaved: savedWith(portalSettingsSchema),
  papers: dataOf(paperChoice),
  chapters: dataOf(chapter),
  chapterSaved: savedWith(chapter),
  questions: dataOf(question),
  questionSaved: savedWith(question),
  onlineTests: dataOf(onlineTest),
  onlineTestSaved: savedWith(onlineTest),
  testAnalysis,
  questionImportReport,
  sessionUser,
  user,
  users: dataOf(user),
  userSaved: savedWith(user),
  activity: activityResponse,
  challanPage,
  challanAdded: addChallanResponse,
  bookStock: bookStockResponse,
  counsellorStudents: counsellorStudentsResponse,
  pendingDistribution: pendingDistributionResponse,
  centres: dataOf(examCentre),
  centreSaved: savedWith(examCentre),
  collectionSummary,
  collectionPayments: z.array(collectionPayment),
  settlementAccounts: dataOf(z.string()),
  marksSheet,
  marksUploadReport,
  myAssignment,
  missingMarks,
  seatAssignment,
  teacherAssignment: teacherAssignmentResponse,
  result: resultResponse,
  verify: verifyResponse,
  flags: dataOf(settingFlag),
  flagUpdated: savedWith(settingFlag).extend({ seatsAssigned: z.number().int() }),
  adminFigures,
  adminCharts,
  counsellorFigures,
  overduePage,
  paymentsPage: paymentSummaryPage,
  paymentMade: makePaymentResponse,
  correction: correctionResponse,
  cancellationDecided: z.union([correctionResponse, messageResponse]),
  cancellationRequests: dataOf(cancellationRequest),
  gstSettings,
  gstSettingsSaved: gstSettings.extend({ message: z.string() }),
  registrationsPage: pageOf(registrationRow),
  studentRegistered: registerStudentResponse,
  student: z.object({ student: studentDetail }),
  courses: coursesResponse,
  courseSaved: courseResponse,
  publicCourses: publicCoursesResponse,
  concessions: concessionsResponse,
  concessionSaved: concessionResponse,
  examSessions: dataOf(examSession),
  examSessionSaved: savedWith(examSession),
  examSessionReleased: releaseResponse,
  openExamSession: z.object({ data: openExamSession }),
  subjects: dataOf(subject),
  subjectSaved: savedWith(subject),
  visitingPage: visitingRecordPage,
  visitingSaved: savedWith(visitingRecord),
  /** A closed or reopened enquiry: a website enquiry answers its funnel shape. */
  enquiryClosed: savedWith(visitingRecord.or(funnelEnquiry)),
  uploadedPhoto: z.object({ imageUrl: z.string() }),
  followUpQueue,
  followUpSaved: followUpAnswer,
  enquiryHistory,
  enquiryList,
  funnelReport,
  consentStatus: consentStatusResponse,
  consentCodeSent: sendConsentCodeResponse,
  consentRecorded: consentAnswer,
  consentWaiting: consentWaitingResponse,
  dataRequests: dataRequestsResponse,
  dataRequestSaved,
  privacySummary,
  privacySettings: privacySettingsResponse,
  retentionReport,
  retentionRuns,
  accessLog: accessLogResponse,
  breaches: breachesResponse,
  breachSaved,
  breachNotices,
  breachSendReport,
  messageTemplates: dataOf(messageTemplate).extend({ variables: z.array(z.string()) }),
  messageTemplateSaved: savedWith(messageTemplate),
  messagePreview,
  messageJobStarted: savedWith(messageJob),
  messageJobs: dataOf(messageJob),
  messageJobDetail,
  messageJobRetried: messageResponse.extend({ retried: z.number().int() }),
  studentMessages: dataOf(messageLogEntry),
  messageConsents: dataOf(consentEntry),
  messageConsentSaved: savedWith(consentEntry),
};

export type ApiResponses = typeof apiResponses;

/** Throws when an answer does not match its schema, naming the call and the fields that differ. */
export function checkResponse(name: keyof ApiResponses, call: string, data: unknown): void {
  const result = apiResponses[name].safeParse(data);
  if (result.success) return;
  throw new Error(`${call} answered something other than '${name}': ${z.prettifyError(result.error)}`);
}
