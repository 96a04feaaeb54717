import { Link, useRouteError } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';

/** Shown when a page fails to render or its code fails to load (e.g. after a new release). */
export function RouteError() {
  console.error(useRouteError());
  return (
    <SimpleLayout>
      <title>{pageTitle('Something went wrong')}</title>
      <div role="alert" className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">Please refresh the page. If it keeps happening, try again later.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>Refresh</Button>
          {/* The marketing pages are static documents: a full load, not a route of this app. */}
          <Link to={paths.home.getHref()} reloadDocument className={buttonClasses({ variant: 'secondary' })}>
            Home
          </Link>
        </div>
      </div>
    </SimpleLayout>
  );
}
