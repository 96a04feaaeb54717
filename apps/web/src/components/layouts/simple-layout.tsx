import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { MAIN_ID, SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { siteName } from '@/config/site';

/** A single centred card under the company name: login, status and error pages. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-100 px-4 py-6">
      <SkipLink />
      <Link to={paths.home.getHref()} reloadDocument className="mx-auto flex items-center gap-2">
        <Logo />
        <span className="text-lg font-bold text-brand-900">{siteName}</span>
      </Link>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 items-center justify-center py-8 focus:outline-none">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
