import type { ReactNode } from 'react';
import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { Logo } from '@/components/ui/logo';
import { MAIN_ID, SkipLink } from '@/components/ui/skip-link';
import { siteName } from '@/config/site';
import { useStudentSession } from '@/lib/student-session';

/**
 * The students' pages: a narrow column for a phone (360 px first), the company's name and the student's,
 * and the privacy notice's line with its version and a link to the whole notice (issue 27).
 */
export function StudentPortalLayout({ children }: { children: ReactNode }) {
  const session = useStudentSession();
  return (
    <div className="min-h-dvh bg-slate-100">
      <SkipLink />
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-2 px-4 py-2">
          <span className="flex items-center gap-2">
            <Logo />
            <span className="font-bold">{siteName}</span>
          </span>
          {session ? <span className="truncate text-sm text-white/80">{session.studentName}</span> : null}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-xl px-4 py-4 focus:outline-none">
        {children}
      </main>
      <footer className="mx-auto max-w-xl px-4 pb-6">
        <PrivacyNoticeLine />
      </footer>
    </div>
  );
}
