import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * A dashboard section that failed to render or to load its code: only this page is replaced. The top bar
 * and the side menu stay, so the other sections still open.
 */
export function SectionError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <div role="alert" className="max-w-xl rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">This page could not be shown</h2>
      <p className="mt-1 text-slate-600">
        Something went wrong on this page. What you saved is kept, and the other pages still work: reload this page, or
        go back to Home.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link to={paths.dashboard.section.getHref('home')} className={buttonClasses({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
