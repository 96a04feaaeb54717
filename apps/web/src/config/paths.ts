/** Every route of SPEC §2; links are built from here, never typed inline. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  courses: { path: '/courses', getHref: () => '/courses' },
  achievements: { path: '/achievements', getHref: () => '/achievements' },
  examCenters: { path: '/exam-centers', getHref: () => '/exam-centers' },
  gallery: { path: '/gallery', getHref: () => '/gallery' },
  /** The privacy notice (issue 27), linked from every form that collects a family's details. */
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  /** The consent page a parent opens from the code's message (issue 27): /consent/<token>. */
  consentLink: { path: '/consent/*', getHref: (token: string) => `/consent/${token}` },
  login: { path: '/login', getHref: () => '/login' },
  hallTicket: { path: '/hallticket', getHref: () => '/hallticket' },
  result: { path: '/result', getHref: () => '/result' },
  /** Where a hall ticket's QR code leads. */
  verify: { path: '/verify/:code', getHref: (code: string) => `/verify/${encodeURIComponent(code)}` },
  /** Students' own pages (issue 28). */
  student: {
    login: { path: '/student/login', getHref: () => '/student/login' },
    home: { path: '/student', getHref: () => '/student' },
    attempt: { path: '/student/attempt/:attemptId', getHref: (attemptId: string) => `/student/attempt/${attemptId}` },
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    section: { path: ':section', getHref: (section: string) => `/dashboard/${section}` },
    /** Edit Student, optionally with a student searched. */
    studentEdit: {
      getHref: ({ studentId }: { studentId?: string } = {}) =>
        studentId ? `/dashboard/studentedit?${new URLSearchParams({ studentId })}` : '/dashboard/studentedit',
    },
    /** A parent's consent for one student (issue 27). */
    consent: {
      getHref: ({ studentId }: { studentId?: string } = {}) =>
        studentId ? `/dashboard/consent?${new URLSearchParams({ studentId })}` : '/dashboard/consent',
    },
    /** The audit trail, optionally one student's history. */
    activity: {
      getHref: ({ studentId }: { studentId?: string } = {}) =>
        studentId ? `/dashboard/activity?${new URLSearchParams({ studentId })}` : '/dashboard/activity',
    },
  },
} as const;
