/**
 * The one query-key convention: every server list or record sits under its area's root key here.
 * A feature's queries are `[...queryKeys.area, params]`; a write invalidates `queryKeys.area` (all
 * pages and filters of it). Kept in lib, not in features, because a write in one feature refreshes
 * another's lists (a payment refreshes Payment Records) and features do not import one another.
 */
export const queryKeys = {
  activity: ['activity'],
  books: ['books'],
  cancellationRequests: ['cancellationRequests'],
  centres: ['exam-centres'],
  challans: ['challans'],
  collections: ['collections'],
  concessions: ['concessions'],
  courses: ['courses'],
  consent: ['consent'],
  exam: ['exam'],
  flags: ['flags'],
  gstSettings: ['gstSettings'],
  funnel: ['funnel'],
  home: ['home'],
  me: ['me'],
  messages: ['messages'],
  payments: ['payments'],
  registrations: ['registrations'],
  sessions: ['exam-sessions'],
  settlementAccounts: ['settlementAccounts'],
  students: ['students'],
  studentPortal: ['student-portal'],
  onlineTests: ['online-tests'],
  subjects: ['subjects'],
  users: ['users'],
  visiting: ['visiting'],
} as const satisfies Record<string, readonly [string]>;
