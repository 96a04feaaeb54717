import type { FlagName, SettingFlag } from '@app/domain/flags.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ToastProvider } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { seedFlags } from '@/features/flags/api/get-flags';
import { FlaggedPageRoute } from './app/routes/flagged-page';
import { LoginRoute } from './app/routes/login';
import { AboutRoute } from './app/routes/public/about';
import { AchievementsRoute } from './app/routes/public/achievements';
import { ConsentLinkRoute } from './app/routes/public/consent-link';
import { CoursesRoute } from './app/routes/public/courses';
import { ExamCentersRoute } from './app/routes/public/exam-centers';
import { GalleryRoute } from './app/routes/public/gallery';
import { HomeRoute } from './app/routes/public/home';
import { PrivacyRoute } from './app/routes/public/privacy';

/**
 * The marketing pages (SPEC §2 route table, first row) are rendered to static HTML at build time
 * (`scripts/prerender.mjs`) and in the dev server (`vite.config.ts`): a visitor gets the whole page at
 * once with a few kilobytes of script (`public-site.ts`), never the React app.
 */
export type PublicPage = {
  path: string;
  /** Base name of the built file under dist/pages/. */
  file: string;
  title?: string;
  description: string;
  /**
   * A page for one person (its address holds a token): kept out of search engines, and its address is
   * never sent on as a Referer.
   */
  isPrivate?: true;
  Page: ComponentType;
};

export const publicPages: readonly PublicPage[] = [
  {
    path: paths.home.path,
    file: 'home',
    description:
      'Mock board exams for classes 10th and 12th in real exam-hall conditions across Maharashtra: courses, exam centres, hall tickets and results.',
    Page: HomeRoute,
  },
  {
    path: paths.about.path,
    file: 'about',
    title: 'About Us',
    description: 'Fifteen years of mock board exams for SSC and HSC students, written in real exam halls near home.',
    Page: AboutRoute,
  },
  {
    path: paths.courses.path,
    file: 'courses',
    title: 'Courses',
    description:
      'Class 10th: an 8-month programme with 12 mock tests. Class 12th: a 10-month programme with 15 mock tests and 15 years of board papers.',
    Page: CoursesRoute,
  },
  {
    path: paths.achievements.path,
    file: 'achievements',
    title: 'Achievements',
    description: '150+ state toppers, a 92% success rate and 15000+ students who practised with our mock board exams.',
    Page: AchievementsRoute,
  },
  {
    path: paths.examCenters.path,
    file: 'exam-centers',
    title: 'Exam Centres',
    description: 'Colleges across Maharashtra where students write our mock board exams, with their cities.',
    Page: ExamCentersRoute,
  },
  {
    path: paths.gallery.path,
    file: 'gallery',
    title: 'Gallery',
    description: 'An exam season with us: exam halls, hall tickets, question papers, results and our toppers.',
    Page: GalleryRoute,
  },
  {
    path: paths.privacy.path,
    file: 'privacy',
    title: 'Privacy notice',
    description: "What we collect about your child, why, how long we keep it, and a parent's rights (DPDP Act 2023).",
    Page: PrivacyRoute,
  },
  {
    path: paths.consentLink.path,
    file: 'consent',
    title: 'Your consent',
    description: "A parent's consent to the privacy notice for their child's registration (DPDP Act 2023).",
    isPrivate: true,
    Page: ConsentLinkRoute,
  },
];

/**
 * Paths of the React app that exist: the server answers them with the app and status 200 (any other
 * path is a 404 page). `modules` are the lazy route modules the path needs: its copy of index.html
 * preloads their chunks at once instead of after the app's script has run. `FirstPaint` is the page as
 * the app first renders it for a visitor (nobody signed in, no data yet), put into that copy as static
 * HTML: the page shows before any script has run, and the app replaces it with the same page.
 */
export type AppPage = {
  path: string;
  file?: string;
  modules?: readonly string[];
  FirstPaint?: ComponentType;
  /** API paths the page reads at once: fetched while the app's script still loads. */
  preloads?: readonly string[];
  /**
   * The setting flag that decides what the page shows (SPEC §2): its first paint is prerendered with
   * the flag on and with it off, and the server sends the one that matches (apps/api/src/plugins/web.ts).
   */
  flag?: FlagName;
};

const flagsPath = '/api/public/releases';

export const appPages: readonly AppPage[] = [
  { path: paths.login.path, file: 'login', modules: ['src/app/routes/login.tsx'], FirstPaint: LoginRoute },
  {
    path: paths.hallTicket.path,
    file: 'hallticket',
    modules: ['src/app/routes/flagged-page.tsx'],
    FirstPaint: () => <FlaggedPageRoute type="hallticket" />,
    preloads: [flagsPath],
    flag: 'HALLTICKET',
  },
  {
    path: paths.result.path,
    file: 'result',
    modules: ['src/app/routes/flagged-page.tsx'],
    FirstPaint: () => <FlaggedPageRoute type="result" />,
    preloads: [flagsPath],
    flag: 'RESULT',
  },
  { path: '/verify/*', file: 'verify', modules: ['src/app/routes/verify.tsx'] },
  { path: paths.dashboard.root.path },
  { path: `${paths.dashboard.root.path}/*` },
];

export function findPublicPage(pathname: string): PublicPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPages.find((page) =>
    page.path.endsWith('/*') ? path.startsWith(page.path.slice(0, -1)) : page.path === path,
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

/** The whole page from the built template: its head tags go at `<!--head-->`, its body at `<!--page-->`. */
export function renderPublicPage(page: PublicPage, template: string): string {
  const head = [
    `<title>${escapeHtml(pageTitle(page.title))}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    ...(page.isPrivate
      ? ['<meta name="robots" content="noindex" />', '<meta name="referrer" content="no-referrer" />']
      : []),
  ].join('\n    ');
  const body = renderToStaticMarkup(
    <PublicLayout currentPath={page.path}>
      <page.Page />
    </PublicLayout>,
  );
  return template.replace('<!--head-->', head).replace('<!--page-->', body);
}

/** What the app's providers give a page, without a browser: no session, no toasts, only `flags` as data. */
function FirstPaintProviders({
  path,
  flags,
  children,
}: {
  path: string;
  flags?: readonly SettingFlag[];
  children: ReactNode;
}) {
  const queryClient = new QueryClient();
  if (flags) seedFlags(queryClient, flags);
  return (
    <ToastProvider>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={path}>{children}</StaticRouter>
      </QueryClientProvider>
    </ToastProvider>
  );
}

/**
 * An app page's first paint as static HTML, and its `<title>` apart (it belongs in the head). `flags`:
 * the setting flags the page is rendered with (also given to the app, src/lib/first-paint.ts).
 */
export function renderFirstPaint(
  page: AppPage,
  flags?: readonly SettingFlag[],
): { title?: string; body: string } | undefined {
  if (!page.FirstPaint) return undefined;
  const markup = renderToStaticMarkup(
    <FirstPaintProviders path={page.path} flags={flags}>
      <page.FirstPaint />
    </FirstPaintProviders>,
  );
  const title = markup.match(/<title>.*?<\/title>/)?.[0];
  return { title, body: title ? markup.replace(title, '') : markup };
}
