import { flagLabels } from './flags.schemas';
import { type Role, roleLabels } from './roles';

/**
 * The audit trail's vocabulary: what can be changed (entities), how (actions), and how each recorded
 * field reads in words. A module that starts recording a new kind of change adds its entity, its
 * actions and its fields here; the Activity screen then reads them without further work.
 */
export const auditEntities = [
  'student',
  'payment',
  'settlement',
  'settlement_accounts',
  'flag',
  'user',
  'centre',
  'subject',
  'enquiry',
  'challan',
  'book_stock',
  'book_set',
  'marks',
  'seat_numbers',
  'exam_session',
  'course',
  'concession',
  'refund',
  'cancellation_request',
  'gst_settings',
  'consent',
  'data_request',
  'privacy_settings',
  'breach',
  'message',
  'message_template',
  'message_job',
  'message_consent',
  'student_portal',
  'chapter',
  'question',
  'online_test',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditEntityLabels: Record<AuditEntity, string> = {
  student: 'Student',
  payment: 'Payment',
  settlement: 'Settlement',
  settlement_accounts: 'Settlement accounts',
  flag: 'Setting flag',
  user: 'User',
  centre: 'Exam centre',
  subject: 'Subject',
  enquiry: 'Enquiry',
  challan: 'Challan',
  book_stock: 'Book stock',
  book_set: 'Book set',
  marks: 'Marks',
  seat_numbers: 'Seat numbers',
  exam_session: 'Exam session',
  course: 'Course',
  concession: 'Concession',
  refund: 'Refund',
  cancellation_request: 'Cancellation request',
  gst_settings: 'GST settings',
  consent: "Parent's consent",
  data_request: "Family's data request",
  privacy_settings: 'Privacy settings',
  breach: 'Data breach',
  message: 'Message to parent',
  message_template: 'Message template',
  message_job: 'Sending job',
  message_consent: 'Message consent',
  student_portal: 'Student portal',
  chapter: 'Chapter',
  question: 'Question',
  online_test: 'Online test',
};

export const auditActions = [
  'create',
  'update',
  'delete',
  'verify',
  'reject',
  'activate',
  'deactivate',
  'password_change',
  'receive',
  'give',
  'renew',
  'close',
  'reopen',
  'withdraw',
  'reactivate',
  'reverse',
  'request',
  'approve',
  'cancel',
  'follow_up',
  'assign',
  'send_code',
  'erase',
  'queue',
  'retry',
  'reset_access',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The verb of an entry's sentence: '{actor} changed Exam centre 12'. */
export const auditActionVerbs: Record<AuditAction, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  verify: 'verified',
  reject: 'rejected',
  activate: 'activated',
  deactivate: 'deactivated',
  password_change: 'changed the password of',
  receive: 'received',
  give: 'gave',
  renew: 'renewed the session of',
  close: 'closed',
  reopen: 'reopened',
  withdraw: 'withdrew',
  reactivate: 'made active',
  reverse: 'reversed',
  request: 'requested',
  approve: 'approved',
  cancel: 'cancelled',
  follow_up: 'followed up',
  assign: 'assigned',
  send_code: 'sent a one-time code for',
  erase: 'erased the personal data of',
  queue: 'queued',
  retry: 'retried',
  reset_access: 'reset the sign-in of',
};

/**
 * How a value is shown: `paise` as rupees, `date` day/month/year, `basisPoints` as a percentage,
 * `photo` as a link to the picture, `onOff` for 'true'/'false' flags, `yesNo` for booleans, `user` by
 * the user's name, `role` by its label, `list` joined with commas,
 * `studentStatus` as Active or Withdrawn; `text` as it is.
 */
export type AuditFieldKind =
  | 'text'
  | 'paise'
  | 'date'
  | 'basisPoints'
  | 'photo'
  | 'onOff'
  | 'yesNo'
  | 'user'
  | 'role'
  | 'list'
  | 'studentStatus';

type FieldFormat = { label: string; kind?: AuditFieldKind };

/**
 * Every recorded field in words, in the order an entry lists them. Keys are the names the services
 * record (the table's column names in camelCase).
 */
export const auditFields: Record<string, FieldFormat> = {
  // A parent's consent (issue 27)
  consentState: { label: 'Consent' },
  consentMethod: { label: 'Verified by' },
  noticeVersion: { label: 'Privacy notice version' },
  evidencePhoto: { label: 'Signed form', kind: 'photo' },
  sentTo: { label: 'Sent to' },
  affected: { label: 'Families affected' },
  queued: { label: 'Notices queued' },
  skipped: { label: 'Not sent (no consent or number)' },
  kind: { label: 'Request' },
  receivedOn: { label: 'Received on', kind: 'date' },
  dueOn: { label: 'Due by', kind: 'date' },
  outcome: { label: 'Outcome' },
  erasedFields: { label: 'Erased', kind: 'list' },
  photosDeleted: { label: 'Photos deleted' },
  requestDays: { label: 'Days to answer a request' },
  enquiryMonths: { label: 'Enquiries anonymised after (months)' },
  photoMonths: { label: 'Photos deleted after (months)' },
  financialYears: { label: 'Financial records kept (years)' },
  // Messages to parents (issue 26)
  message: { label: 'Message' },
  messageKind: { label: 'Kind of message' },
  phone: { label: 'Phone' },
  bodyEn: { label: 'English text' },
  bodyMr: { label: 'Marathi text' },
  whatsappTemplate: { label: 'WhatsApp template' },
  recipients: { label: 'Recipients' },
  optedOut: { label: 'Opted out', kind: 'yesNo' },
  // Exam centres
  centerName: { label: 'Centre name' },
  collegeName: { label: 'College' },
  capacity: { label: 'Capacity' },
  city: { label: 'City' },
  listedPublicly: { label: 'Listed on the public site', kind: 'yesNo' },
  // Subjects
  subjectName: { label: 'Subject name' },
  language: { label: 'Language' },
  examDate: { label: 'Exam date', kind: 'date' },
  examTime: { label: 'Exam time' },
  // Setting flags
  flagValue: { label: 'Value', kind: 'onOff' },
  // Users
  name: { label: 'Name' },
  userName: { label: 'User name' },
  email: { label: 'Email' },
  role: { label: 'Role', kind: 'role' },
  contactNum: { label: 'Contact number' },
  commissionBp: { label: 'Commission', kind: 'basisPoints' },
  isActive: { label: 'Active', kind: 'yesNo' },
  // Students and enquiries
  studentId: { label: 'Student ID' },
  convertedStudentId: { label: 'Registered as student' },
  studentName: { label: 'Student name' },
  gender: { label: 'Gender' },
  dob: { label: 'Date of birth', kind: 'date' },
  motherName: { label: "Mother's name" },
  address: { label: 'Address' },
  pincode: { label: 'Pincode' },
  studentNo: { label: 'Student mobile' },
  parentsNo: { label: 'Parent mobile' },
  appNo: { label: 'Application number' },
  notificationNo: { label: 'Notification number' },
  standard: { label: 'Standard' },
  previousYear: { label: 'Previous year' },
  schoolCollege: { label: 'School / college' },
  preYearPercentBp: { label: 'Previous year percentage', kind: 'basisPoints' },
  previousYearPercentBp: { label: 'Previous year percentage', kind: 'basisPoints' },
  branch: { label: 'Branch' },
  examCentreId: { label: 'Exam centre' },
  examYear: { label: 'Exam year' },
  studentPhoto: { label: 'Photo', kind: 'photo' },
  paymentStandard: { label: 'Fee standard' },
  totalPaise: { label: 'Total fee', kind: 'paise' },
  paidPaise: { label: 'Paid', kind: 'paise' },
  remainingPaise: { label: 'Remaining', kind: 'paise' },
  dueDate: { label: 'Due date', kind: 'date' },
  counsellor: { label: 'Counsellor' },
  counsellorBranch: { label: 'Counsellor branch' },
  demoGiven: { label: 'Demo given' },
  reason: { label: 'Reason' },
  closedReason: { label: 'Closed because' },
  closedNote: { label: 'Closing note' },
  assignedTo: { label: 'Assigned to', kind: 'user' },
  nextFollowUpOn: { label: 'Next follow-up', kind: 'date' },
  stage: { label: 'Stage' },
  source: { label: 'Source' },
  doneOn: { label: 'Done on', kind: 'date' },
  // Payments
  systemReceiptNo: { label: 'Receipt number' },
  amountPaise: { label: 'Amount', kind: 'paise' },
  paymentMode: { label: 'Mode' },
  receiptNo: { label: 'Receipt book number' },
  receiptPhoto: { label: 'Receipt photo', kind: 'photo' },
  // Cancellations and refunds (issue 25)
  cancelReason: { label: 'Reason for cancelling' },
  cancelled: { label: 'Cancelled', kind: 'yesNo' },
  requestStatus: { label: 'Request' },
  voucherNo: { label: 'Voucher number' },
  refundMode: { label: 'Refund mode' },
  refundedOn: { label: 'Refunded on', kind: 'date' },
  // GST settings
  gstin: { label: 'GSTIN' },
  legalName: { label: 'Legal name' },
  bankName: { label: 'Bank' },
  bankAccount: { label: 'Bank account' },
  ifsc: { label: 'IFSC' },
  // Settlements
  counsellorId: { label: 'Counsellor', kind: 'user' },
  paymentDate: { label: 'Payment date', kind: 'date' },
  remark: { label: 'Paid into' },
  proofPhoto: { label: 'Proof', kind: 'photo' },
  verifyStatus: { label: 'Status' },
  rejectionReason: { label: 'Reason for rejection' },
  reversalReason: { label: 'Reason for reversal' },
  accounts: { label: 'Accounts', kind: 'list' },
  // Challans and books
  chalanNo: { label: 'Challan number' },
  chalanDate: { label: 'Challan date', kind: 'date' },
  signedCopyPhoto: { label: 'Signed copy', kind: 'photo' },
  items: { label: 'Items', kind: 'list' },
  bookName: { label: 'Book' },
  newStock: { label: 'New stock' },
  totalCount: { label: 'In hand' },
  distributedCount: { label: 'Distributed' },
  bookSet: { label: 'Book set' },
  // Withdrawals
  status: { label: 'Status', kind: 'studentStatus' },
  withdrawalReason: { label: 'Reason for withdrawal' },
  withdrawnOn: { label: 'Withdrawn on', kind: 'date' },
  // Exam day
  seatNumber: { label: 'Seat number' },
  // Exam sessions
  twoYearExamYear: { label: 'Exam year of the two-year courses' },
  startsOn: { label: 'Starts on', kind: 'date' },
  endsOn: { label: 'Ends on', kind: 'date' },
  openForRegistration: { label: 'Open for registration', kind: 'yesNo' },
  hallTicketsReleased: { label: 'Hall tickets released', kind: 'yesNo' },
  resultsReleased: { label: 'Results released', kind: 'yesNo' },
  holdTicketsWhileOverdue: { label: 'No hall ticket while fees are overdue', kind: 'yesNo' },
  // Courses and concessions (issue 25)
  branches: { label: 'Mediums or groups', kind: 'list' },
  feePaise: { label: 'Fee', kind: 'paise' },
  instalmentPlan: { label: 'Instalment plan', kind: 'list' },
  offered: { label: 'Offered for registration', kind: 'yesNo' },
  courseId: { label: 'Course' },
  courseName: { label: 'Course' },
  concessionPaise: { label: 'Concessions', kind: 'paise' },
  decisionReason: { label: 'Decision reason' },
  ticketAllowedReason: { label: 'Hall ticket allowed, reason' },
  seatSerial: { label: 'Seat serial' },
  marks: { label: 'Marks' },
  centres: { label: 'Exam centres', kind: 'list' },
  papers: { label: 'Papers', kind: 'list' },
  maxMarks: { label: 'Maximum marks' },
  assigned: { label: 'Seats assigned' },
  first: { label: 'First seat' },
  last: { label: 'Last seat' },
};

/** A field's label and kind; a field nobody described yet reads as its name in words ('fooBar', 'foo_bar' → 'Foo bar'). */
export function auditField(key: string): Required<FieldFormat> {
  const known = auditFields[key];
  if (known) return { label: known.label, kind: known.kind ?? 'text' };
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), kind: 'text' };
}

/** Fields never recorded: secrets, and columns that only restate the entry itself or another field. */
export const unrecordedFields: ReadonlySet<string> = new Set([
  'password',
  'passwordHash',
  'sessionVersion',
  'createdAt',
  'updatedAt',
  'createdBy',
  'decidedBy',
  'decidedAt',
  'reversedBy',
  'reversedAt',
  'withdrawnAt',
  'receivedBy',
  'receivedAt',
  'startMinute',
  'endMinute',
  'seatSerial',
  'closedAt',
  'closedBy',
]);

/** Anything that looks like a secret is dropped too, whatever its name. */
export function isRecordable(key: string): boolean {
  return !unrecordedFields.has(key) && !/password|secret|token|hash/i.test(key);
}

/** The entry's subject in words: 'Exam centre 12 (Pune)', 'Setting flag Hall Ticket', 'User Priya Deshmukh'. */
export function auditSubject(entry: {
  entity: string;
  entityId: string;
  entityName: string | null;
  studentId?: string | null;
}): string {
  const label = auditEntityLabels[entry.entity as AuditEntity] ?? auditField(entry.entity).label;
  switch (entry.entity) {
    case 'flag':
      return `${label} ${flagLabels[entry.entityId as keyof typeof flagLabels] ?? entry.entityId}`;
    case 'user':
      return `${label} ${entry.entityName ?? entry.entityId}`;
    case 'settlement_accounts':
      return label;
    case 'student':
      return entry.entityName ? `${label} ${entry.entityId} (${entry.entityName})` : `${label} ${entry.entityId}`;
    default: {
      const named = entry.entityName
        ? `${label} ${entry.entityId} (${entry.entityName})`
        : `${label} ${entry.entityId}`;
      return entry.studentId ? `${named} of student ${entry.studentId}` : named;
    }
  }
}

/** '{actor name} ({role}) changed Exam centre 12 (Pune)'; the system has no role to show. */
export function auditHeadline(entry: {
  actor: { name: string; role: string };
  action: string;
  entity: string;
  entityId: string;
  entityName: string | null;
  studentId?: string | null;
}): string {
  const verb = auditActionVerbs[entry.action as AuditAction] ?? auditField(entry.action).label.toLowerCase();
  const role = roleLabels[entry.actor.role as Role];
  const who = role ? `${entry.actor.name} (${role})` : entry.actor.name;
  return `${who} ${verb} ${auditSubject(entry)}`;
}

type Fields = Record<string, unknown>;

/** What an entry means for the student, when one sentence says it better than its fields: 'Student withdrawn: Fees not paid'. */
export function auditSummary(entry: { entity: string; action: string; after: Fields | null }): string | undefined {
  if (entry.entity !== 'student') return undefined;
  if (entry.action === 'withdraw') {
    const reason = entry.after?.withdrawalReason;
    return typeof reason === 'string' ? `Student withdrawn: ${reason}` : 'Student withdrawn';
  }
  if (entry.action === 'reactivate') return 'Student made active';
  return undefined;
}

const fieldOrder = new Map(Object.keys(auditFields).map((key, index) => [key, index]));

/**
 * One line per field: what it was and what it became (undefined where it did not exist), in the
 * order of `auditFields` (the database keeps JSON keys in an order of its own), unknown fields last.
 */
export function auditChanges(entry: {
  before: Fields | null;
  after: Fields | null;
}): { key: string; label: string; kind: AuditFieldKind; before: unknown; after: unknown }[] {
  const rank = (key: string) => fieldOrder.get(key) ?? fieldOrder.size;
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return keys.map((key) => ({
    key,
    ...auditField(key),
    before: entry.before?.[key],
    after: entry.after?.[key],
  }));
}
