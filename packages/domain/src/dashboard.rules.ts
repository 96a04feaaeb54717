import type { Role } from './roles';

/**
 * The dashboard sections of SPEC §2 (route table) and §6 (menu). `roles` is who may open the
 * route; `menu` is who sees it in the side menu. The route table is the stronger statement, so
 * nobody is shown a menu item whose route would turn them away.
 */
export type DashboardSection = {
  path: string;
  label: string;
  roles: readonly Role[];
  menu: readonly Role[];
};

const staff = ['admin', 'counsellor'] as const;

export const dashboardSections: readonly DashboardSection[] = [
  { path: 'home', label: 'Home', roles: ['admin', 'counsellor', 'teacher'], menu: ['admin', 'counsellor', 'teacher'] },
  { path: 'profile', label: 'Profile', roles: ['admin', 'counsellor', 'teacher'], menu: ['teacher'] },
  { path: 'settings', label: 'Subjects Details', roles: ['admin'], menu: ['admin'] },
  { path: 'user', label: 'User Details', roles: ['admin'], menu: ['admin'] },
  { path: 'examcenter', label: 'Exam Centre', roles: ['admin'], menu: ['admin'] },
  { path: 'register', label: 'Registration Form', roles: ['counsellor'], menu: ['counsellor'] },
  { path: 'visiting', label: 'Visiting Form', roles: ['counsellor'], menu: ['counsellor'] },
  { path: 'registertable', label: 'Register Table', roles: staff, menu: staff },
  { path: 'visitingtable', label: 'Visiting Table', roles: staff, menu: staff },
  { path: 'paymenttable', label: 'Payment Table', roles: staff, menu: staff },
  { path: 'bookentries', label: 'Book Entries', roles: ['admin'], menu: ['admin'] },
  { path: 'chalan', label: 'Chalan', roles: ['admin'], menu: ['admin'] },
  { path: 'bookdistribution', label: 'Book Details', roles: ['counsellor'], menu: ['counsellor'] },
  { path: 'collection', label: 'Collection Entries', roles: ['admin'], menu: ['admin'] },
  { path: 'settlement', label: 'Collection Details', roles: ['counsellor'], menu: ['counsellor'] },
  { path: 'studentedit', label: 'Edit Student', roles: ['admin'], menu: ['admin'] },
  // Beyond SPEC §2 (issue 15): marks entry, the teacher's main screen; admins also assign seats there.
  { path: 'marks', label: 'Marks Entry', roles: ['admin', 'teacher'], menu: ['admin', 'teacher'] },
  // Beyond SPEC §2 (issue 21): the exam sessions, their exam years and the release of tickets and results.
  { path: 'sessions', label: 'Exam Sessions', roles: ['admin'], menu: ['admin'] },
  // Beyond SPEC §2 (issue 25): each session's courses, fees and instalment plans; concessions asked and decided.
  { path: 'courses', label: 'Courses', roles: ['admin'], menu: ['admin'] },
  { path: 'concessions', label: 'Concessions', roles: staff, menu: staff },
  // Beyond SPEC §2: students whose due date has passed, for follow-up calls.
  { path: 'overdue', label: 'Overdue Fees', roles: staff, menu: staff },
  // Beyond SPEC §2 (issue 25): counsellors' requests to cancel receipts, and GST receipts' settings.
  { path: 'cancellations', label: 'Cancellation Requests', roles: ['admin'], menu: ['admin'] },
  { path: 'gst', label: 'GST Settings', roles: ['admin'], menu: ['admin'] },
  // Beyond SPEC §2 (issue 26): the enquiries to call back, and the counsellors' report.
  { path: 'followups', label: 'Follow-ups', roles: staff, menu: staff },
  { path: 'reports', label: 'Reports', roles: staff, menu: staff },
  // Beyond SPEC §2 (issue 26): messages to parents, their templates and sending jobs.
  { path: 'messages', label: 'Send Messages', roles: ['admin'], menu: ['admin'] },
  { path: 'messagetemplates', label: 'Message Templates', roles: ['admin'], menu: ['admin'] },
  // Beyond SPEC §2 (issue 28): the question bank, online tests and their results; students' sign-in.
  { path: 'onlinetests', label: 'Online Tests', roles: ['admin', 'teacher'], menu: ['admin', 'teacher'] },
  // Beyond SPEC §2: the audit trail (who changed what).
  { path: 'activity', label: 'Activity', roles: ['admin'], menu: ['admin'] },
  // Beyond SPEC §2 (issue 27): a parent's consent for a child's data; admins see who is waiting.
  { path: 'consent', label: 'Parental Consent', roles: staff, menu: staff },
  // Beyond SPEC §2 (issue 27): families' requests, retention, the access log and the breach register.
  { path: 'privacy', label: "Families' Data", roles: ['admin'], menu: ['admin'] },
];

export function menuFor(role: Role): DashboardSection[] {
  return dashboardSections.filter((section) => section.menu.includes(role));
}

export function canOpenSection(role: Role, path: string): boolean {
  return dashboardSections.some((section) => section.path === path && section.roles.includes(role));
}

/**
 * Where a role lands on opening the dashboard (after signing in): its main screen. Teachers land on
 * Marks Entry (issue 15: their main screen); everyone else on Home.
 */
export function landingSectionOf(role: Role): DashboardSection['path'] {
  return role === 'teacher' ? 'marks' : 'home';
}
