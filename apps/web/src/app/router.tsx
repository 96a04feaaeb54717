import { dashboardSections } from '@app/domain/dashboard.rules';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { paths } from '@/config/paths';
import { setStudentUnauthorizedHandler, setUnauthorizedHandler } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';
import { loginStateFrom } from '@/lib/return-path';
import { LandingRedirect } from './guards/landing-redirect';
import { RequireAuth } from './guards/require-auth';
import { DocumentPageRoute } from './routes/document-page';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';
import { sectionRoute } from './routes/section-route';

// Every page loads on demand. The marketing pages are static HTML (src/public-pages.tsx), not routes of this app.
// The pages a visitor opens first (login, hall ticket, result) are the router's own lazy routes: the router
// loads their code before it renders (main.tsx waits for that), so their prerendered first paint
// (scripts/prerender.mjs) is replaced by the same page, never by a spinner.
const NotFoundRoute = lazyNamed('NotFoundRoute', () => import('./routes/not-found'));
const DashboardLayout = lazyNamed('DashboardLayout', () => import('@/components/layouts/dashboard-layout'));

/** Dashboard sections built so far; the others show that they arrive in a later release. */
const dashboardScreens: Partial<Record<string, ComponentType>> = {
  home: lazyNamed('DashboardHomeRoute', () => import('./routes/dashboard/home')),
  profile: lazyNamed('ProfileRoute', () => import('./routes/dashboard/profile')),
  settings: lazyNamed('SubjectsRoute', () => import('./routes/dashboard/subjects')),
  user: lazyNamed('UsersRoute', () => import('./routes/dashboard/users')),
  examcenter: lazyNamed('ExamCentresRoute', () => import('./routes/dashboard/exam-centres')),
  visiting: lazyNamed('VisitingRoute', () => import('./routes/dashboard/visiting')),
  visitingtable: lazyNamed('VisitingTableRoute', () => import('./routes/dashboard/visiting-table')),
  register: lazyNamed('RegisterRoute', () => import('./routes/dashboard/register')),
  registertable: lazyNamed('RegisterTableRoute', () => import('./routes/dashboard/register-table')),
  paymenttable: lazyNamed('PaymentTableRoute', () => import('./routes/dashboard/payment-table')),
  settlement: lazyNamed('SettlementRoute', () => import('./routes/dashboard/settlement')),
  collection: lazyNamed('CollectionRoute', () => import('./routes/dashboard/collection')),
  bookentries: lazyNamed('BookEntriesRoute', () => import('./routes/dashboard/book-entries')),
  bookdistribution: lazyNamed('BookDistributionRoute', () => import('./routes/dashboard/book-distribution')),
  chalan: lazyNamed('ChallanRoute', () => import('./routes/dashboard/chalan')),
  activity: lazyNamed('ActivityRoute', () => import('./routes/dashboard/activity')),
  marks: lazyNamed('MarksRoute', () => import('./routes/dashboard/marks')),
  sessions: lazyNamed('SessionsRoute', () => import('./routes/dashboard/sessions')),
  courses: lazyNamed('CoursesRoute', () => import('./routes/dashboard/courses')),
  concessions: lazyNamed('ConcessionsRoute', () => import('./routes/dashboard/concessions')),
  overdue: lazyNamed('OverdueRoute', () => import('./routes/dashboard/overdue')),
  followups: lazyNamed('FollowUpsRoute', () => import('./routes/dashboard/follow-ups')),
  reports: lazyNamed('ReportsRoute', () => import('./routes/dashboard/reports')),
  messages: lazyNamed('MessagesRoute', () => import('./routes/dashboard/messages')),
  messagetemplates: lazyNamed('MessageTemplatesRoute', () => import('./routes/dashboard/message-templates')),
  studentedit: lazyNamed('StudentEditRoute', () => import('./routes/dashboard/student-edit')),
  cancellations: lazyNamed('CancellationsRoute', () => import('./routes/dashboard/cancellations')),
  gst: lazyNamed('GstRoute', () => import('./routes/dashboard/gst')),
  consent: lazyNamed('ConsentRoute', () => import('./routes/dashboard/consent')),
  privacy: lazyNamed('PrivacyRoute', () => import('./routes/dashboard/privacy')),
  onlinetests: lazyNamed('OnlineTestsRoute', () => import('./routes/dashboard/online-tests')),
};

// Each section has its own error boundary (section-route.tsx): one broken screen leaves the shell and menu working.
const sectionRoutes: RouteObject[] = dashboardSections.map((section) =>
  sectionRoute(section, dashboardScreens[section.path] ?? ComingSoon),
);

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // The public site's boundary (and the last resort for the rest); dashboard sections have their own.
    errorElement: <RouteError />,
    children: [
      ...[paths.home, paths.about, paths.courses, paths.achievements, paths.examCenters, paths.gallery].map((page) => ({
        path: page.path,
        element: <DocumentPageRoute />,
      })),
      {
        path: paths.login.path,
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: paths.hallTicket.path,
        lazy: async () => {
          const { FlaggedPageRoute } = await import('./routes/flagged-page');
          return { element: <FlaggedPageRoute type="hallticket" /> };
        },
      },
      {
        path: paths.result.path,
        lazy: async () => {
          const { FlaggedPageRoute } = await import('./routes/flagged-page');
          return { element: <FlaggedPageRoute type="result" /> };
        },
      },
      {
        path: paths.verify.path,
        lazy: async () => ({ Component: (await import('./routes/verify')).VerifyRoute }),
      },
      // Students' own pages (issue 28): their own session, never the dashboard's
      {
        path: paths.student.login.path,
        lazy: async () => ({ Component: (await import('./routes/student/student-pages')).StudentLoginRoute }),
      },
      {
        path: paths.student.home.path,
        lazy: async () => ({ Component: (await import('./routes/student/student-pages')).StudentHomeRoute }),
      },
      {
        path: paths.student.attempt.path,
        lazy: async () => ({ Component: (await import('./routes/student/student-pages')).StudentAttemptRoute }),
      },
      {
        path: paths.dashboard.root.path,
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [{ index: true, element: <LandingRedirect /> }, ...sectionRoutes],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

// A signed-in call that answers 401 has already ended the session; take the user to /login.
setUnauthorizedHandler(
  () => void router.navigate(paths.login.getHref(), { replace: true, state: loginStateFrom(router.state.location) }),
);

// A student's call that answers 401 has ended their session; back to the students' sign-in.
setStudentUnauthorizedHandler(() => void router.navigate(paths.student.login.getHref(), { replace: true }));

/**
 * Resolves once the router has loaded the first page's lazy route. Rendering before that would paint
 * a spinner over the page's prerendered first paint.
 */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
