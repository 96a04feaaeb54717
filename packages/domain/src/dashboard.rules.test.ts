import { describe, expect, it } from 'vitest';
import { canOpenSection, dashboardSections, landingSectionOf, menuFor } from './dashboard.rules';

describe('dashboard sections', () => {
  it('has the sixteen sections of SPEC §2 and the screens issues 21–28 added', () => {
    expect(dashboardSections.map((section) => section.path).sort()).toEqual(
      [
        'activity',
        'bookdistribution',
        'bookentries',
        'cancellations',
        'chalan',
        'collection',
        'concessions',
        'courses',
        'consent',
        'examcenter',
        'gst',
        'followups',
        'home',
        'marks',
        'messages',
        'messagetemplates',
        'onlinetests',
        'overdue',
        'paymenttable',
        'privacy',
        'profile',
        'register',
        'registertable',
        'reports',
        'sessions',
        'settings',
        'settlement',
        'studentedit',
        'user',
        'visiting',
        'visitingtable',
      ].sort(),
    );
  });

  it('shows each role the menu of SPEC §6, never an item its route refuses', () => {
    expect(menuFor('admin').map((s) => s.label)).toEqual([
      'Home',
      'Subjects Details',
      'User Details',
      'Exam Centre',
      'Register Table',
      'Visiting Table',
      'Payment Table',
      'Book Entries',
      'Chalan',
      'Collection Entries',
      'Edit Student',
      'Marks Entry',
      'Exam Sessions',
      'Courses',
      'Concessions',
      'Overdue Fees',
      'Cancellation Requests',
      'GST Settings',
      'Follow-ups',
      'Reports',
      'Send Messages',
      'Message Templates',
      'Online Tests',
      'Activity',
      'Parental Consent',
      "Families' Data",
    ]);
    expect(menuFor('counsellor').map((s) => s.label)).toEqual([
      'Home',
      'Registration Form',
      'Visiting Form',
      'Register Table',
      'Visiting Table',
      'Payment Table',
      'Book Details',
      'Collection Details',
      'Concessions',
      'Overdue Fees',
      'Follow-ups',
      'Reports',
      'Parental Consent',
    ]);
    expect(menuFor('teacher').map((s) => s.label)).toEqual(['Home', 'Profile', 'Marks Entry', 'Online Tests']);
    for (const role of ['admin', 'counsellor', 'teacher'] as const) {
      for (const item of menuFor(role)) expect(canOpenSection(role, item.path)).toBe(true);
    }
  });

  it('follows the route table', () => {
    expect(canOpenSection('teacher', 'profile')).toBe(true);
    expect(canOpenSection('teacher', 'registertable')).toBe(false);
    expect(canOpenSection('counsellor', 'user')).toBe(false);
    expect(canOpenSection('admin', 'register')).toBe(false);
    expect(canOpenSection('admin', 'nowhere')).toBe(false);
  });

  it('lands teachers on Marks Entry, everyone else on Home, each a section of their menu', () => {
    expect(landingSectionOf('teacher')).toBe('marks');
    expect(landingSectionOf('admin')).toBe('home');
    expect(landingSectionOf('counsellor')).toBe('home');
    for (const role of ['admin', 'counsellor', 'teacher'] as const) {
      expect(menuFor(role).map((s) => s.path)).toContain(landingSectionOf(role));
    }
  });
});
